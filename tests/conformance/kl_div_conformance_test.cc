// Differential conformance of aclnnKlDiv, aclnnKlDivBackward and aclnnKlDivTargetBackward against PyTorch 1.13 in
// double (at::kl_div, and autograd for the gradients: PyTorch has no kl_div backward operator), over seeded random
// cases: data types and their mixes, ranks 0-8, the four reductions, logTarget, broadcasts (either operand
// broadcast to the other; a broadcast differentiated operand gets its gradient summed back), layouts, empty tensors
// and edge values (+-0, +-inf, NaN, targets outside [0, 1]). The seed is printed; OPENACLNN_CONFORMANCE_SEED /
// _CASE replay any case (docs/TESTING.md). The float64 reference from the formulas is
// tests/pointwise/kl_div_test.cc's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "aclnnop/aclnn_kl_div.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_kl_div_target_backward.h"
#include "case_rng.h"
#include "case_shapes.h"
#include "conformance_loop.h"
#include "conformance_text.h"
#include "openaclnn/openaclnn.h"
#include "pointwise_call.h"
#include "reduced_compare.h"
#include "tensor_spec.h"
#include "test_numeric.h"
#include "torch_reference.h"
#include "ulp_compare.h"
#include "value_draw.h"

namespace openaclnn::test {
namespace {

enum class Direction { kForward, kBySelf, kByTarget };

const char* OpName(Direction direction) {
  switch (direction) {
    case Direction::kForward: return "aclnnKlDiv";
    case Direction::kBySelf: return "aclnnKlDivBackward";
    case Direction::kByTarget: return "aclnnKlDivTargetBackward";
  }
  return "";
}

struct KlCase {
  Direction direction = Direction::kForward;
  TensorSpec grad_output, self, target, out;
  int64_t reduction = 0;
  bool log_target = false;
};

KlCase MakeKlCase(Direction direction, uint64_t seed, int64_t index, CaseScale scale) {
  CaseRng rng(seed, index);
  KlCase c;
  c.direction = direction;
  c.reduction = rng.Int(0, 3);
  c.log_target = rng.Chance(0.5);
  const bool one_type = rng.Chance(0.5);
  const aclDataType first = DrawFloatType(rng);
  auto dtype = [&] { return one_type ? first : DrawFloatType(rng); };
  std::vector<int64_t> full = scale == CaseScale::kSmall ? DrawSelfDims(rng) : DrawLargeDims(rng, rng.Int(270000, 300000));
  const std::vector<int64_t> other = DrawBroadcastDims(rng, full);
  // The forward takes the broadcast either way; a gradient's operand (self by self, target by target) is mostly
  // the full shape, and in 3 cases of 10 the broadcast one, whose gradient is summed back to its shape.
  const bool summed = direction != Direction::kForward && rng.Chance(0.3);
  const bool self_full = direction == Direction::kForward ? rng.Chance(0.5)
                                                           : (direction == Direction::kBySelf) != summed;
  c.self = Spec(self_full ? full : other, dtype());
  c.target = Spec(self_full ? other : full, dtype());
  const bool backward = direction != Direction::kForward;
  c.grad_output = Spec(backward && c.reduction != 0 ? std::vector<int64_t>{} : DrawBroadcastDims(rng, full), dtype());
  if (direction == Direction::kForward) {
    c.out = Spec(c.reduction == 0 ? full : std::vector<int64_t>{}, rng.Chance(0.6) ? c.self.dtype : DrawFloatType(rng));
  } else {
    const std::vector<int64_t>& owner = direction == Direction::kByTarget ? c.target.dims : c.self.dims;
    c.out = Spec(owner, direction == Direction::kByTarget ? c.target.dtype : DrawFloatType(rng));
  }
  const bool pooled = scale != CaseScale::kSmall;
  const double edges = rng.Pick(std::vector<double>{0.0, 0.02, 0.1});
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> edge_values = {0.0, -0.0, inf, -inf, std::numeric_limits<double>::quiet_NaN(), 1.0, -1.0};
  c.self.values = DrawValues(rng, NumelOf(c.self.dims), pooled,
                             [&] { return -std::fabs(DrawOrEdge(rng, c.self.dtype, edges, edge_values)); });
  // Probabilities are mostly non-negative (a negative one gives NaN); log-probabilities any sign.
  const bool log_target = c.log_target;
  c.target.values = DrawValues(rng, NumelOf(c.target.dims), pooled, [&] {
    const double value = DrawOrEdge(rng, c.target.dtype, edges, edge_values);
    return log_target || rng.Chance(0.1) ? value : std::fabs(value);
  });
  c.grad_output.values = DrawValues(rng, NumelOf(c.grad_output.dims), pooled,
                                    [&] { return DrawOrEdge(rng, c.grad_output.dtype, edges, edge_values); });
  for (TensorSpec* input : {&c.grad_output, &c.self, &c.target}) {
    input->layout = RandomInputLayout(rng, input->dims);
    RepeatValuesAlongZeroStrides(input);
  }
  c.out.layout = RandomOutputLayout(rng, c.out.dims);
  return c;
}

const char* KlReductionName(int64_t reduction) { return reduction == 3 ? "batchmean" : ReductionName(reduction); }

std::string DescribeKlCase(const KlCase& c, bool with_values) {
  std::string text = std::string(OpName(c.direction)) + " reduction " + std::to_string(c.reduction) + " (" +
                     KlReductionName(c.reduction) + ") logTarget " + (c.log_target ? "true" : "false") + "\n";
  if (c.direction != Direction::kForward) {
    text += "  " + DescribeTensor("gradOutput", c.grad_output, with_values) + "\n";
  }
  text += "  " + DescribeTensor("self", c.self, with_values) + "\n";
  text += "  " + DescribeTensor("target", c.target, with_values) + "\n";
  text += "  " + DescribeTensor(c.direction == Direction::kByTarget ? "gradTarget" : "out", c.out, false) + "\n";
  return text;
}

// Where CANN's composition and PyTorch's autograd differ by convention, not by accuracy, the PyTorch side takes
// CANN's value: autograd's xlogy gradient is 0 for a zero gradOutput whatever t (CANN's g log t is NaN for t < 0),
// and logTarget's exp(t) (t - x + 1) is 0 where t - x + 1 == 0 (ours by DECISIONS 19; PyTorch's inf - inf is NaN
// where exp(t) overflows); for a zero gradOutput the sign of the zero is the composition's.
void AdoptCannConventions(const KlCase& c, std::vector<double>* torch) {
  const std::vector<int64_t> shape = BroadcastOf({c.self.dims, c.target.dims});
  const std::vector<int64_t>& grad_dims = c.grad_output.dims;
  for (size_t i = 0; i < torch->size(); ++i) {
    const auto index = static_cast<int64_t>(i);
    const double g = c.grad_output.values[static_cast<size_t>(BroadcastIndex(grad_dims, shape, index))];
    const double x = c.self.values[static_cast<size_t>(BroadcastIndex(c.self.dims, shape, index))];
    const double t = c.target.values[static_cast<size_t>(BroadcastIndex(c.target.dims, shape, index))];
    if (!c.log_target && g == 0 && t < 0) {
      (*torch)[i] = std::nan("");
    } else if (!c.log_target && g == 0 && (*torch)[i] == 0) {
      // A zero gradOutput: autograd adds its three zeros in an order of its own; the sign is the composition's.
      (*torch)[i] = (g * std::log(t) - g * x) + (g * t) / t;
    } else if (c.log_target && t - x + 1.0 == 0) {
      (*torch)[i] = 0.0;
    }
  }
}

int Call(const KlCase& c, const DeviceTensor* grad, const DeviceTensor& self, const DeviceTensor& target,
         const DeviceTensor& out, aclrtStream stream) {
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  int code = 0;
  aclnnStatus (*phase2)(void*, uint64_t, aclOpExecutor*, aclrtStream) = nullptr;
  switch (c.direction) {
    case Direction::kForward:
      code = aclnnKlDivGetWorkspaceSize(self.get(), target.get(), c.reduction, c.log_target, out.get(), &size,
                                        &executor);
      phase2 = aclnnKlDiv;
      break;
    case Direction::kBySelf:
      code = aclnnKlDivBackwardGetWorkspaceSize(grad->get(), self.get(), target.get(), c.reduction, c.log_target,
                                                out.get(), &size, &executor);
      phase2 = aclnnKlDivBackward;
      break;
    case Direction::kByTarget:
      code = aclnnKlDivTargetBackwardGetWorkspaceSize(grad->get(), self.get(), target.get(), c.reduction,
                                                      c.log_target, out.get(), &size, &executor);
      phase2 = aclnnKlDivTargetBackward;
      break;
  }
  if (code == 0) {
    code = phase2(nullptr, size, executor, stream);
  }
  return code != 0 ? code : aclrtSynchronizeStream(stream);
}

// `spec` expanded to `shape` (contiguous, values repeated as the broadcast repeats them).
TensorSpec Expanded(const TensorSpec& spec, const std::vector<int64_t>& shape) {
  TensorSpec expanded;
  expanded.dims = shape;
  expanded.dtype = spec.dtype;
  for (int64_t i = 0; i < NumelOf(shape); ++i) {
    expanded.values.push_back(spec.values[static_cast<size_t>(BroadcastIndex(spec.dims, shape, i))]);
  }
  return expanded;
}

// A gradient summed back over the broadcast: PyTorch's gradient of every broadcast element (autograd on the
// operand expanded to the broadcast, in double, with CANN's conventions adopted element by element), rounded to
// float as ours (and CANN's) element gradients are, so that one beyond FLOAT's range is infinite on both sides,
// then summed per operand element in double by the test. The two float roundings (each within half an ulp, ours
// after 1 / N of mean and batchmean is rounded to float): within one ulp of out's type plus 2^-22 of the sum of
// the magnitudes, plus FLOAT's smallest subnormal per term: a term below FLOAT's normal range has an absolute ulp
// of 2^-149, larger than 2^-22 of it, and ours and PyTorch's (near the same double) may round it to neighbours.
std::string CheckSummedGradient(const KlCase& c, const std::vector<double>& got, ConformanceStats* stats,
                                const std::string& label) {
  const bool by_target = c.direction == Direction::kByTarget;
  const std::vector<int64_t> shape = BroadcastOf({c.self.dims, c.target.dims});
  KlCase expanded = c;
  (by_target ? expanded.target : expanded.self) = Expanded(by_target ? c.target : c.self, shape);
  std::vector<double> each = TorchKlDivGradient({&expanded.grad_output, ACL_DOUBLE}, {&expanded.self, ACL_DOUBLE},
                                                {&expanded.target, ACL_DOUBLE}, c.reduction, c.log_target, by_target,
                                                ACL_DOUBLE);
  if (by_target) {
    AdoptCannConventions(expanded, &each);
  }
  std::vector<std::vector<double>> groups(static_cast<size_t>(NumelOf(c.out.dims)));
  for (size_t i = 0; i < each.size(); ++i) {
    groups[static_cast<size_t>(BroadcastIndex(c.out.dims, shape, static_cast<int64_t>(i)))].push_back(
        RoundTo(ACL_FLOAT, each[i]));
  }
  std::string mismatches;
  int64_t max_ulps = 0;
  for (size_t j = 0; j < groups.size(); ++j) {
    double magnitude = 0;
    for (double term : groups[j]) magnitude += std::fabs(term);
    const CompareResult result = CompareReduced("PyTorch, element " + std::to_string(j), c.out.dtype, got[j],
                                                CompensatedTotal(groups[j]),
                                                0x1p-22 * magnitude + 0x1p-149 * static_cast<double>(groups[j].size()));
    max_ulps = std::max(max_ulps, result.max_ulps);
    if (mismatches.size() < 2000) mismatches += result.mismatches;
  }
  stats->RecordUlps("PyTorch, summed, " + label, max_ulps);
  return mismatches;
}

std::string CheckKlCase(const KlCase& c, aclrtStream stream, ConformanceStats* stats, std::string* details) {
  stats->Count(std::string("reduction ") + KlReductionName(c.reduction));
  stats->Count(std::string("logTarget ") + (c.log_target ? "true" : "false"));
  stats->Count("self rank " + std::to_string(c.self.dims.size()));
  if (c.self.dims != c.target.dims) stats->Count("broadcast input shape");
  if (c.self.dtype != c.target.dtype) stats->Count("mixed input types");
  if (NumelOf(c.self.dims) == 0 || NumelOf(c.target.dims) == 0) stats->Count("empty input");
  const bool forward = c.direction == Direction::kForward;
  const std::unique_ptr<DeviceTensor> grad = forward ? nullptr : MakeDeviceTensor(c.grad_output);
  const std::unique_ptr<DeviceTensor> self = MakeDeviceTensor(c.self);
  const std::unique_ptr<DeviceTensor> target = MakeDeviceTensor(c.target);
  const std::unique_ptr<DeviceTensor> out = MakeDeviceTensor(c.out, /*fill=*/false);
  const int code = Call(c, grad.get(), *self, *target, *out, stream);
  if (code != 0) {
    const std::string message = TakeErrorMessage();
    const std::vector<double> stored = out->Read();
    // Strict mode: a reduced value (a forward's mean or sum, a gradient summed over a broadcast) beyond out's type
    // fails the synchronisation (DECISIONS 14, 15).
    const bool summed = !forward && c.out.dims != BroadcastOf({c.self.dims, c.target.dims});
    const bool reduced_overflow = ((forward && c.reduction != 0) || summed) && openaclnnGetStrictMode() == 1 &&
                                  code == ACL_ERROR_RT_AICORE_OVER_FLOW &&
                                  std::any_of(stored.begin(), stored.end(), [](double v) { return std::isinf(v); });
    if (!reduced_overflow) {
      return "  the call returned " + std::to_string(code) + ": " + message + "\n";
    }
    stats->Count("reduced value beyond out's type (reported, strict mode)");
  }
  std::string problems = out->OutsideViewUntouched() ? "" : "  memory around out's elements was written\n";
  const std::vector<double> got = out->Read();
  if (details != nullptr) {
    *details += "  ours: " + ValuesText(got) + "\n";
  }
  const std::string label = DtypeText(c.self.dtype) + "->" + DtypeText(c.out.dtype) + " " +
                            KlReductionName(c.reduction);
  const TorchOperand x{&c.self, ACL_DOUBLE}, t{&c.target, ACL_DOUBLE};
  if (!forward && c.out.dims != BroadcastOf({c.self.dims, c.target.dims})) {
    stats->Count("gradient summed over a broadcast");
    return problems + CheckSummedGradient(c, got, stats, label);
  }
  if (!forward) {
    if (NumelOf(c.out.dims) == 0) return problems;
    std::vector<double> torch =
        TorchKlDivGradient({&c.grad_output, ACL_DOUBLE}, x, t, c.reduction, c.log_target,
                           c.direction == Direction::kByTarget, c.out.dtype);
    if (c.direction == Direction::kByTarget) {
      AdoptCannConventions(c, &torch);
    }
    // Both in double, rounded once; mean and batchmean round our 1 / N to float first. The target gradient sums
    // three terms in PyTorch (log t + t / t - x) against our one bracket: a cancellation may cost an ulp more. Our
    // gradient by self without logTarget is ((-t) * g) * s in float: for mean and batchmean three roundings with
    // the factor's.
    const bool scaled = c.reduction == 1 || c.reduction == 3;
    const bool in_float = c.direction == Direction::kBySelf && !c.log_target;
    const int64_t float_scaled = in_float ? 3 : 2;
    const int64_t bound =
        (c.out.dtype == ACL_FLOAT && scaled ? float_scaled : 1) + (c.direction == Direction::kByTarget ? 1 : 0);
    const CompareResult result = CompareElements("PyTorch", c.out.dtype, got, torch,
                                                 std::vector<int64_t>(got.size(), bound));
    stats->RecordUlps("PyTorch, " + label, result.max_ulps);
    return problems + result.mismatches;
  }
  const bool empty = NumelOf(c.self.dims) == 0 || NumelOf(c.target.dims) == 0;
  if (empty && c.reduction == 0) return problems;
  if (empty) {
    // PyTorch's empty reductions: mean NaN, sum 0, batchmean 0 / self.size(0) (CANN's rule).
    const double first = c.self.dims.empty() ? 1.0 : static_cast<double>(c.self.dims[0]);
    const double want = c.reduction == 1 ? std::nan("") : (c.reduction == 2 ? 0.0 : 0.0 / first);
    return problems + CompareElements("empty", c.out.dtype, got, {want}, {0}).mismatches;
  }
  const std::vector<double> torch = TorchKlDiv(x, t, c.reduction, c.log_target);
  if (c.reduction == 0) {
    const CompareResult result = CompareElements("PyTorch", c.out.dtype, got, torch, std::vector<int64_t>(got.size(), 1));
    stats->RecordUlps("PyTorch, " + label, result.max_ulps);
    return problems + result.mismatches;
  }
  // Summation: our grouping (LibrarySumSteps) against PyTorch's own order (n - 1 steps), relative to sum |term|.
  double magnitude = 0;
  for (double term : TorchKlDiv(x, t, 0, c.log_target)) magnitude += std::fabs(term);
  const auto n = static_cast<double>(NumelOf(c.out.dims) == 0 ? 0 : std::max<int64_t>(1, static_cast<int64_t>(
                                                                            NumelOf(c.self.dims) > NumelOf(c.target.dims)
                                                                                ? NumelOf(c.self.dims)
                                                                                : NumelOf(c.target.dims))));
  const double divisor = c.reduction == 1 ? n : 1.0;
  const double tolerance =
      (LibrarySumSteps(static_cast<int64_t>(n)) + n + 4.0) * kDoubleUnit * magnitude / divisor +
      2.0 * kDoubleUnit * std::fabs(torch[0]);
  const CompareResult result = CompareReduced("PyTorch", c.out.dtype, got[0], torch[0], tolerance);
  stats->RecordUlps("PyTorch, " + label, result.max_ulps);
  return problems + result.mismatches;
}

class KlDivConformanceTest : public ::testing::TestWithParam<Direction> {};

TEST_P(KlDivConformanceTest, MatchesPyTorch) {
  const Direction direction = GetParam();
  CaseKind<KlCase> kind;
  kind.op = OpName(direction);
  kind.make = [direction](uint64_t seed, int64_t index, CaseScale scale) {
    return MakeKlCase(direction, seed, index, scale);
  };
  kind.describe = DescribeKlCase;
  kind.check = CheckKlCase;
  const LoopResult result = RunConformanceCases(kind);
  ExpectScalesReached(result, kind.huge_cases);
  if (result.run.case_count < 2000) {
    return;
  }
  for (const char* feature : {"reduction none", "reduction mean", "reduction sum", "reduction batchmean",
                              "logTarget true", "logTarget false", "self rank 0", "self rank 4",
                              "broadcast input shape", "mixed input types", "empty input"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
  if (direction != Direction::kForward) {
    EXPECT_GT(result.stats.CountOf("gradient summed over a broadcast"), 0);
  }
}

INSTANTIATE_TEST_SUITE_P(AllDirections, KlDivConformanceTest,
                         ::testing::Values(Direction::kForward, Direction::kBySelf, Direction::kByTarget),
                         [](const ::testing::TestParamInfo<Direction>& param_info) {
                           return std::string(OpName(param_info.param)).substr(5);
                         });

}  // namespace
}  // namespace openaclnn::test
