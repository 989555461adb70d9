// Differential conformance of aclnnSoftmax and aclnnLogSoftmax against PyTorch 1.13 (softmax / log_softmax in
// double) and the long-double reference of tests/softmax, and of their backwards (each case then runs the backward
// on the forward's output: _softmax_backward_data / _log_softmax_backward_data in double), over seeded random
// cases: ranks 0 to 4, every dim
// (negative too), self and out of any of the four types, layouts (offsets, padded, transposed, permuted, zero
// strides), large magnitudes, -inf and NaN elements, empty tensors. The seed is printed; OPENACLNN_CONFORMANCE_SEED
// / _CASE replay any case (docs/TESTING.md).
#include <gtest/gtest.h>

#include <cmath>
#include <exception>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "case_rng.h"
#include "conformance_loop.h"
#include "conformance_text.h"
#include "launch_report.h"
#include "softmax_reference.h"
#include "tensor_spec.h"
#include "test_numeric.h"
#include "torch_reference.h"
#include "ulp_compare.h"

namespace openaclnn::test {
namespace {

struct SoftmaxCase {
  bool log = false;
  TensorSpec self, out;
  TensorSpec grad, grad_input;  // The backward's gradOutput (FLOAT, FLOAT16 or BFLOAT16) and out.
  int64_t dim = 0;
  double span = 0;  // max - min over the finite inputs.
};

double Stored(aclDataType dtype, double value) { return dtype == ACL_DOUBLE ? value : RoundTo(dtype, value); }

SoftmaxCase MakeCase(uint64_t seed, int64_t index, CaseScale scale) {
  CaseRng rng(seed, index);
  SoftmaxCase c;
  c.log = rng.Chance(0.5);
  const std::vector<aclDataType> types = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
  c.self.dtype = rng.Pick(types);
  c.out.dtype = rng.Chance(0.5) ? c.self.dtype : rng.Pick(types);
  const int64_t rank = rng.Int(0, 4);
  // Small cases: every dimension up to 6. Large ones (split over threads): one dimension up to 3000.
  const int64_t long_dim = scale == CaseScale::kSmall ? -1 : rng.Int(0, rank - 1);
  for (int64_t d = 0; d < rank; ++d) {
    c.self.dims.push_back(rng.Chance(0.03) ? 0 : rng.Int(1, d == long_dim ? 3000 : 6));
  }
  const int64_t r = rank > 0 ? rank : 1;
  c.dim = rng.Int(-r, r - 1);
  const double magnitude = rng.Pick(std::vector<double>{1.0, 10.0, 100.0, 1000.0});
  int64_t count = 1;
  for (int64_t d : c.self.dims) count *= d;
  const bool specials = rng.Chance(0.1);
  for (int64_t i = 0; i < count; ++i) {
    double v = rng.Real(-magnitude, magnitude);
    if (specials && rng.Chance(0.1)) {
      v = rng.Pick(std::vector<double>{-std::numeric_limits<double>::infinity(),
                                       std::numeric_limits<double>::quiet_NaN(), 0.0, -0.0});
    }
    c.self.values.push_back(Stored(c.self.dtype, v));
  }
  c.self.layout = RandomInputLayout(rng, c.self.dims);
  RepeatValuesAlongZeroStrides(&c.self);
  c.out.dims = c.self.dims;
  c.out.layout = RandomOutputLayout(rng, c.out.dims);
  c.grad.dtype = c.self.dtype == ACL_DOUBLE ? ACL_FLOAT : c.self.dtype;
  c.grad.dims = c.self.dims;
  for (int64_t i = 0; i < count; ++i) c.grad.values.push_back(Stored(c.grad.dtype, rng.Real(-2.0, 2.0)));
  c.grad.layout = RandomInputLayout(rng, c.grad.dims);
  RepeatValuesAlongZeroStrides(&c.grad);
  c.grad_input.dtype = rng.Pick(types);
  c.grad_input.dims = c.self.dims;
  c.grad_input.layout = RandomOutputLayout(rng, c.grad_input.dims);
  double low = std::numeric_limits<double>::infinity();
  double high = -low;
  for (double v : c.self.values) {
    if (std::isfinite(v)) {
      low = std::min(low, v);
      high = std::max(high, v);
    }
  }
  c.span = high >= low ? high - low : 0;
  return c;
}

std::string Describe(const SoftmaxCase& c, bool with_values) {
  std::ostringstream text;
  text << (c.log ? "log_softmax" : "softmax") << " dim " << c.dim << "\n"
       << DescribeTensor("self", c.self, with_values) << "\n"
       << DescribeTensor("out", c.out, false) << "\n";
  return text.str();
}

// docs/softmax.md's bounds, for rows of L elements spanning R: the double computation is within
// (2L + 8 + R) 2^-53 |out| of softmax (relative) and within (2L + 4 + 6 |out|) 2^-53 of log-softmax (absolute: near
// 0 it cancels), then rounded once to out's type (at most 1 ulp of out's type more for the 16- and 32-bit types).
// Rows whose self and out are both FLOAT, FLOAT16 or BFLOAT16 compute in float: (2^-22 + 2^-24 + 2^-44) |out|
// more for softmax (R no longer enters: the difference is taken exactly), 2^-23 + 2^-46 + 2^-23 |out| more for
// log-softmax.
std::string Compare(const SoftmaxCase& c, const std::string& what, const std::vector<double>& got,
                    const std::vector<double>& expected) {
  const int64_t rank = static_cast<int64_t>(c.self.dims.size());
  const int64_t length = rank == 0 ? 1 : c.self.dims[static_cast<size_t>(c.dim < 0 ? c.dim + rank : c.dim)];
  for (size_t i = 0; i < got.size(); ++i) {
    const double e = expected[i];
    bool ok = false;
    if (std::isnan(e) || std::isinf(e)) {
      ok = std::isnan(e) ? std::isnan(got[i]) : got[i] == e;
    } else {
      const double unit = std::ldexp(1.0, -53);
      const double l = static_cast<double>(length);
      const bool float_exp = c.self.dtype != ACL_DOUBLE && c.out.dtype != ACL_DOUBLE;
      const double float_term =
          c.log ? std::ldexp(1.0, -23) * (1 + std::fabs(e)) + std::ldexp(1.0, -46)         // Absolute.
                : std::ldexp(1.0, -22) + std::ldexp(1.0, -24) + std::ldexp(1.0, -44);  // Relative.
      const double extra = float_exp ? float_term : 0.0;
      const double bound = c.log ? (2 * l + 4 + 6 * std::fabs(e)) * unit + extra
                                 : ((2 * l + 8 + c.span) * unit + extra) * std::fabs(e);
      // DOUBLE: results below the normal range keep fewer digits (exp's scaling rounds them once more).
      const double rounding = c.out.dtype == ACL_DOUBLE ? std::ldexp(1.0, -1073) : UlpAt(c.out.dtype, e);
      ok = std::fabs(got[i] - e) <= bound + rounding;
    }
    if (!ok) {
      std::ostringstream text;
      text.precision(17);
      text << what << "[" << i << "] = " << got[i] << ", expected " << e << "\n";
      return text.str();
    }
  }
  return "";
}

// The backward on the forward's output (rounded to gradOutput's type): the double computation is within
// (L + 6) 2^-53 of |g y| + |y| sum |g y| (softmax) or |g| + exp(y) sum |g| (log-softmax), an absolute bound since
// the result cancels, then rounded once to out's type; with an out other than DOUBLE the outputs are computed in
// float, (2^-23 + 2^-47) times the scale more for softmax and (2^-22 + 2^-45) times it for log-softmax.
std::string CheckBackward(const SoftmaxCase& c, const std::vector<double>& forward, aclrtStream stream,
                          ConformanceStats* stats) {
  TensorSpec output = c.grad;
  output.values.clear();
  for (double v : forward) output.values.push_back(Stored(c.grad.dtype, v));
  output.layout = {};
  std::unique_ptr<DeviceTensor> grad = MakeDeviceTensor(c.grad);
  std::unique_ptr<DeviceTensor> output_tensor = MakeDeviceTensor(output);
  std::unique_ptr<DeviceTensor> grad_input = MakeDeviceTensor(c.grad_input, false);
  uint64_t workspace = 1;
  aclOpExecutor* executor = nullptr;
  aclnnStatus status =
      c.log ? aclnnLogSoftmaxBackwardGetWorkspaceSize(grad->get(), output_tensor->get(), c.dim, grad_input->get(),
                                                      &workspace, &executor)
            : aclnnSoftmaxBackwardGetWorkspaceSize(grad->get(), output_tensor->get(), c.dim, grad_input->get(),
                                                   &workspace, &executor);
  if (std::string problem = Phase1Problem(status, workspace, executor); !problem.empty()) {
    return "backward " + problem;
  }
  status = c.log ? aclnnLogSoftmaxBackward(nullptr, 0, executor, stream)
                 : aclnnSoftmaxBackward(nullptr, 0, executor, stream);
  if (status != 0) return "backward " + Phase2Problem(status);
  if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) return "backward synchronisation failed\n";
  stats->Count(std::string(c.log ? "log_softmax" : "softmax") + " backward " + DtypeText(c.grad.dtype) + " -> " +
               DtypeText(c.grad_input.dtype));
  const int64_t rank = static_cast<int64_t>(c.self.dims.size());
  const int64_t dim = rank == 0 ? 0 : (c.dim < 0 ? c.dim + rank : c.dim);
  const int64_t length = rank == 0 ? 1 : c.self.dims[static_cast<size_t>(dim)];
  std::vector<double> scale;
  const std::vector<double> reference =
      SoftmaxBackwardReference(c.grad.values, output.values, c.self.dims, dim, c.log, &scale);
  const std::vector<double> got = grad_input->Read();
  std::vector<double> torch;
  try {
    torch = TorchSoftmaxBackward({&c.grad, ACL_DOUBLE}, {&output, ACL_DOUBLE}, c.dim, c.log);
  } catch (const std::exception&) {
    torch.clear();
  }
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(reference[i]) || std::isinf(reference[i])) {
      if (!(std::isnan(reference[i]) ? std::isnan(got[i]) : got[i] == reference[i])) {
        return "backward out[" + std::to_string(i) + "] is not the reference's special value\n";
      }
      continue;
    }
    const double float_exp =
        c.grad_input.dtype == ACL_DOUBLE ? 0.0
        : c.log                          ? std::ldexp(scale[i], -22) + std::ldexp(scale[i], -45)
                                         : std::ldexp(scale[i], -23) + std::ldexp(scale[i], -47);
    const double bound = (static_cast<double>(length) + 6) * std::ldexp(scale[i], -53) + float_exp +
                         (c.grad_input.dtype == ACL_DOUBLE ? 0.0 : UlpAt(c.grad_input.dtype, reference[i]));
    const bool torch_ok = torch.empty() || std::fabs(got[i] - torch[i]) <= 2 * bound;
    if (std::fabs(got[i] - reference[i]) > bound || !torch_ok) {
      std::ostringstream text;
      text.precision(17);
      text << "backward out[" << i << "] = " << got[i] << ", reference " << reference[i]
           << (torch.empty() ? std::string() : ", PyTorch " + std::to_string(torch[i])) << " (bound " << bound
           << ")\n";
      return text.str();
    }
  }
  if (!grad_input->OutsideViewUntouched()) return "backward out: storage outside the view changed\n";
  return "";
}

std::string Check(const SoftmaxCase& c, aclrtStream stream, ConformanceStats* stats, std::string* details) {
  stats->Count(std::string(c.log ? "log_softmax " : "softmax ") + DtypeText(c.self.dtype) + " -> " +
               DtypeText(c.out.dtype));
  stats->Count("rank " + std::to_string(c.self.dims.size()));
  if (c.self.values.empty()) stats->Count("empty self");
  if (c.dim < 0) stats->Count("negative dim");
  if (IsStrided(c.self) || IsStrided(c.out)) stats->Count("strided or offset");
  if (HasBroadcastStride(c.self)) stats->Count("zero-stride input");
  std::unique_ptr<DeviceTensor> self = MakeDeviceTensor(c.self);
  std::unique_ptr<DeviceTensor> out = MakeDeviceTensor(c.out, false);
  uint64_t workspace = 1;
  aclOpExecutor* executor = nullptr;
  aclnnStatus status =
      c.log ? aclnnLogSoftmaxGetWorkspaceSize(self->get(), c.dim, out->get(), &workspace, &executor)
            : aclnnSoftmaxGetWorkspaceSize(self->get(), c.dim, out->get(), &workspace, &executor);
  if (std::string problem = Phase1Problem(status, workspace, executor); !problem.empty()) return problem;
  status = c.log ? aclnnLogSoftmax(nullptr, 0, executor, stream) : aclnnSoftmax(nullptr, 0, executor, stream);
  if (status != 0) return Phase2Problem(status);
  if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) return "synchronisation failed: " + TakeErrorMessage() + "\n";
  std::string report;
  const std::vector<double> got = out->Read();
  // Log-softmax computes from self rounded to out's type, as CANN casts self first.
  TensorSpec input = c.self;
  if (c.log) {
    for (double& v : input.values) v = Stored(c.out.dtype, v);
  }
  const int64_t rank = static_cast<int64_t>(c.self.dims.size());
  const int64_t dim = rank == 0 ? 0 : (c.dim < 0 ? c.dim + rank : c.dim);
  report += Compare(c, "out vs reference", got, SoftmaxReference(input.values, c.self.dims, dim, c.log));
  if (!c.self.values.empty()) {
    try {
      report += Compare(c, "out vs PyTorch", got, TorchSoftmax({&input, ACL_DOUBLE}, c.dim, c.log));
      stats->Count("oracle: PyTorch and the reference");
    } catch (const std::exception&) {
      stats->Count("oracle: the reference (PyTorch refused the case)");
    }
  }
  if (!out->OutsideViewUntouched()) report += "out: storage outside the view changed\n";
  if (!c.self.values.empty()) report += CheckBackward(c, got, stream, stats);
  if (details != nullptr) {
    TensorSpec library_out = c.out;
    library_out.values = got;
    *details += DescribeTensor("library out", library_out, true) + "\n";
  }
  return report;
}

TEST(SoftmaxConformanceTest, MatchesPyTorchAndReference) {
  CaseKind<SoftmaxCase> kind;
  kind.op = "aclnnSoftmax/aclnnLogSoftmax";
  kind.huge_cases = false;
  kind.make = MakeCase;
  kind.describe = Describe;
  kind.check = Check;
  const LoopResult result = RunConformanceCases(kind);
  ExpectScalesReached(result, kind.huge_cases);
  if (result.run.case_count < 2000) {
    return;
  }
  for (const char* feature : {"oracle: PyTorch and the reference", "empty self", "negative dim", "rank 0",
                              "rank 4",
                              "strided or offset", "zero-stride input", "softmax BF16 -> DOUBLE",
                              "log_softmax FLOAT16 -> FLOAT", "softmax backward BF16 -> DOUBLE",
                              "log_softmax backward FLOAT16 -> FLOAT"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
}

}  // namespace
}  // namespace openaclnn::test
