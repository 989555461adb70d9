// Differential conformance of aclnnLogit and aclnnLogitGrad against PyTorch 1.13 in double (at::logit,
// at::logit_backward) over seeded random cases: data types, ranks 0-8, layouts, empty tensors, eps (None, 0 and
// values exact in float, where CANN's float bounds and PyTorch's double ones agree; below 0.5, where PyTorch's
// vectorised clamp agrees with its scalar one) and inputs in and around [0, 1] with edge values (+-0, 0 and 1,
// +-inf, NaN). The seed is printed; OPENACLNN_CONFORMANCE_SEED / _CASE replay any case (docs/TESTING.md). The
// float64 reference from the formulas is tests/pointwise/logit_test.cc's.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "case_rng.h"
#include "case_shapes.h"
#include "conformance_loop.h"
#include "conformance_text.h"
#include "tensor_spec.h"
#include "test_numeric.h"
#include "torch_reference.h"
#include "ulp_compare.h"
#include "value_draw.h"

namespace openaclnn::test {
namespace {

struct LogitCase {
  bool grad = false;
  TensorSpec x, dy, out;
  double eps = -1.0;
};

LogitCase MakeLogitCase(bool grad, uint64_t seed, int64_t index, CaseScale scale) {
  CaseRng rng(seed, index);
  LogitCase c;
  c.grad = grad;
  c.eps = rng.Pick(std::vector<double>{-1.0, 0.0, 0x1p-20, 0.125, 0.25});
  const aclDataType dtype = DrawFloatType(rng);
  const std::vector<int64_t> dims =
      scale == CaseScale::kSmall ? DrawSelfDims(rng) : DrawLargeDims(rng, rng.Int(270000, 300000));
  c.x = Spec(dims, dtype);
  c.dy = Spec(dims, dtype);
  c.out = Spec(dims, dtype);
  const bool pooled = scale != CaseScale::kSmall;
  const double edges = rng.Pick(std::vector<double>{0.0, 0.05, 0.2});
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> edge_values = {0.0, -0.0, 1.0, 0.5, inf, -inf, std::numeric_limits<double>::quiet_NaN(),
                                           2.0, -1.0};
  c.x.values = DrawValues(rng, NumelOf(dims), pooled, [&] {
    // Mostly probabilities, some just outside [0, 1].
    return rng.Chance(edges) ? RoundTo(dtype, rng.Pick(edge_values))
                             : RoundTo(dtype, rng.Chance(0.9) ? rng.Real(0.0, 1.0) : rng.Real(-0.5, 1.5));
  });
  c.dy.values = DrawValues(rng, NumelOf(dims), pooled, [&] { return DrawOrEdge(rng, dtype, edges, edge_values); });
  c.x.layout = RandomInputLayout(rng, dims);
  c.dy.layout = RandomInputLayout(rng, dims);
  RepeatValuesAlongZeroStrides(&c.x);
  RepeatValuesAlongZeroStrides(&c.dy);
  c.out.layout = RandomOutputLayout(rng, dims);
  return c;
}

std::string DescribeLogitCase(const LogitCase& c, bool with_values) {
  std::string text = std::string(c.grad ? "aclnnLogitGrad" : "aclnnLogit") + " eps " + ValueText(c.eps) + "\n";
  text += "  " + DescribeTensor("x", c.x, with_values) + "\n";
  if (c.grad) {
    text += "  " + DescribeTensor("dy", c.dy, with_values) + "\n";
  }
  text += "  " + DescribeTensor("out", c.out, false) + "\n";
  return text;
}

std::string CheckLogitCase(const LogitCase& c, aclrtStream stream, ConformanceStats* stats, std::string* details) {
  stats->Count("x rank " + std::to_string(c.x.dims.size()));
  stats->Count("eps " + ValueText(c.eps));
  if (NumelOf(c.x.dims) == 0) stats->Count("empty x");
  const std::unique_ptr<DeviceTensor> x = MakeDeviceTensor(c.x);
  const std::unique_ptr<DeviceTensor> dy = MakeDeviceTensor(c.dy);
  const std::unique_ptr<DeviceTensor> out = MakeDeviceTensor(c.out, /*fill=*/false);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  int code = c.grad ? aclnnLogitGradGetWorkspaceSize(x->get(), dy->get(), c.eps, out->get(), &size, &executor)
                    : aclnnLogitGetWorkspaceSize(x->get(), c.eps, out->get(), &size, &executor);
  if (code == 0) code = c.grad ? aclnnLogitGrad(nullptr, size, executor, stream) : aclnnLogit(nullptr, size, executor, stream);
  if (code == 0) code = aclrtSynchronizeStream(stream);
  if (code != 0) {
    return "  the call returned " + std::to_string(code) + ": " + TakeErrorMessage() + "\n";
  }
  std::string problems = out->OutsideViewUntouched() ? "" : "  memory around out's elements was written\n";
  const std::vector<double> got = out->Read();
  if (details != nullptr) *details += "  ours: " + ValuesText(got) + "\n";
  if (got.empty()) return problems;
  std::vector<double> torch;
  if (c.grad) {
    torch = TorchLogitBackward({&c.dy, ACL_DOUBLE}, {&c.x, ACL_DOUBLE}, c.eps, c.out.dtype);
    // PyTorch's gradient with eps >= 0 is NaN for a NaN x (its comparisons keep the NaN); CANN's fill is 0. Without
    // eps, or with eps 0, PyTorch gives dy * inf at x = +-0 and 1, where CANN divides, dy / (x (1 - x)): -0 flips
    // the sign.
    for (size_t i = 0; i < torch.size(); ++i) {
      const double x_value = c.x.values[i];
      if (c.eps >= 0 && std::isnan(x_value)) {
        torch[i] = 0.0;
      } else if (c.eps <= 0 && (x_value == 0 || x_value == 1)) {
        torch[i] = RoundTo(c.out.dtype, c.dy.values[i] / (x_value * (1 - x_value)));
      }
    }
  } else {
    torch = TorchLogit({&c.x, ACL_DOUBLE}, c.eps);
    for (double& value : torch) value = RoundTo(c.out.dtype, value);
  }
  // The forward in double, rounded once: 1 ulp. The gradient in float: 2 ulp for FLOAT, 1 for the 16-bit types
  // (their one rounding from float).
  const int64_t bound = c.grad && c.out.dtype == ACL_FLOAT ? 2 : 1;
  const CompareResult result =
      CompareElements("PyTorch", c.out.dtype, got, torch, std::vector<int64_t>(got.size(), bound));
  stats->RecordUlps(std::string("PyTorch, ") + DtypeText(c.out.dtype), result.max_ulps);
  return problems + result.mismatches;
}

class LogitConformanceTest : public ::testing::TestWithParam<bool> {};

TEST_P(LogitConformanceTest, MatchesPyTorch) {
  const bool grad = GetParam();
  CaseKind<LogitCase> kind;
  kind.op = grad ? "aclnnLogitGrad" : "aclnnLogit";
  kind.make = [grad](uint64_t seed, int64_t index, CaseScale scale) { return MakeLogitCase(grad, seed, index, scale); };
  kind.describe = DescribeLogitCase;
  kind.check = CheckLogitCase;
  const LoopResult result = RunConformanceCases(kind);
  ExpectScalesReached(result, kind.huge_cases);
  if (result.run.case_count < 2000) {
    return;
  }
  for (const char* feature : {"x rank 0", "x rank 4", "empty x", "eps -1", "eps 0", "eps 0.25"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
}

INSTANTIATE_TEST_SUITE_P(Both, LogitConformanceTest, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& param_info) {
                           return std::string(param_info.param ? "LogitGrad" : "Logit");
                         });

}  // namespace
}  // namespace openaclnn::test
