// Differential conformance of aclnnSoftmax and aclnnLogSoftmax against PyTorch 1.13 (softmax / log_softmax in
// double) and the long-double reference of tests/softmax, over seeded random cases: ranks 0 to 4, every dim
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
#include "aclnnop/aclnn_softmax.h"
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
      const double bound = c.log ? (2 * l + 4 + 6 * std::fabs(e)) * unit : (2 * l + 8 + c.span) * unit * std::fabs(e);
      const double rounding = c.out.dtype == ACL_DOUBLE ? 0.0 : UlpAt(c.out.dtype, e);
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
                              "log_softmax FLOAT16 -> FLOAT"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
}

}  // namespace
}  // namespace openaclnn::test
