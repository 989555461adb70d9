// Differential conformance of aclnnBinaryCrossEntropyWithLogits, its Backward and its TargetBackward against
// PyTorch 1.13 (at::binary_cross_entropy_with_logits in double and its autograd gradients) and the long-double
// reference (tests/bce_with_logits/bce_with_logits_call.h), over seeded random cases: data types and their mixes
// (out has target's), ranks 0-8, weight and posWeight broadcast to self or absent, gradOutput broadcast, layouts,
// empty tensors and edge values (+-0, NaN, logits up to FLOAT's largest value, targets outside [0, 1]). The seed
// is printed; OPENACLNN_CONFORMANCE_SEED / _CASE replay any case (docs/TESTING.md).
//
// Bounds: each side evaluates in double from the same values and rounds once, so an element agrees within 1 ulp
// of out's type (2 for the backwards' mean, whose factor 1 / N we round to float as CANN does), or within a few
// double roundings of the terms' magnitude where the value cancels (targets outside [0, 1], gradients near 0).
// PyTorch's formulas overflow where ours are stable (its target gradient takes log(1 - sigmoid(x)), its forward
// exp(-x - max)); where PyTorch gives inf or NaN and the reference a finite value, the reference decides.
// Infinite logits are left to the unit tests (their limits are where the formulas differ).
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "bce_with_logits_call.h"
#include "case_rng.h"
#include "case_shapes.h"
#include "conformance_loop.h"
#include "conformance_text.h"
#include "openaclnn/openaclnn.h"
#include "pointwise_registry.h"
#include "reduced_compare.h"
#include "tensor_spec.h"
#include "test_numeric.h"
#include "torch_reference.h"
#include "value_draw.h"

namespace openaclnn::test {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

struct BcelCase {
  BcelOp op = BcelOp::kForward;
  TensorSpec grad_output;  // Backwards only; one element for mean and sum.
  TensorSpec self;
  TensorSpec target;
  std::optional<TensorSpec> weight;
  std::optional<TensorSpec> pos_weight;
  TensorSpec out;
  int64_t reduction = 0;
};

BcelCase MakeCase(BcelOp op, uint64_t seed, int64_t index, CaseScale scale) {
  CaseRng rng(seed, index);
  BcelCase c;
  c.op = op;
  c.reduction = rng.Int(0, 2);
  const bool one_type = rng.Chance(0.5) || scale == CaseScale::kHuge;
  const aclDataType first = scale == CaseScale::kHuge ? ACL_FLOAT : DrawFloatType(rng);
  auto dtype = [&] { return one_type ? first : DrawFloatType(rng); };
  std::vector<int64_t> dims = DrawSelfDims(rng);
  if (scale != CaseScale::kSmall) {
    const int64_t elements = scale == CaseScale::kHuge ? kHugeCaseOutElements : rng.Int(270000, 300000);
    dims = DrawLargeDims(rng, elements);
  }
  auto broadcast_dims = [&] {
    return scale == CaseScale::kHuge ? DrawSmallBroadcastDims(rng, dims) : DrawBroadcastDims(rng, dims);
  };
  c.self = Spec(dims, dtype());
  c.target = Spec(dims, dtype());
  if (rng.Chance(0.7)) c.weight = Spec(broadcast_dims(), dtype());
  if (rng.Chance(0.7)) c.pos_weight = Spec(broadcast_dims(), dtype());
  const bool backward = op != BcelOp::kForward;
  c.grad_output = Spec(backward && c.reduction != 0 ? std::vector<int64_t>{} : broadcast_dims(), dtype());
  if (backward && c.reduction != 0 && !dims.empty() && rng.Chance(0.3)) {
    c.grad_output.dims = {1};
  }
  c.out = Spec(!backward && c.reduction != 0 ? std::vector<int64_t>{} : dims, c.target.dtype);

  const bool pooled = scale != CaseScale::kSmall;
  const double edges = rng.Pick(std::vector<double>{0.0, 0.02, 0.1});
  const double big = FLT_MAX;
  const std::vector<double> logit_edges = {0.0, -0.0, 1.0, -1.0, 40.0, -40.0, 800.0, -800.0, 1e30, -1e30, big, -big,
                                           kNan};
  c.self.values =
      DrawValues(rng, NumelOf(c.self.dims), pooled, [&] { return DrawOrEdge(rng, c.self.dtype, edges, logit_edges); });
  const std::vector<double> target_edges = {0.0, 1.0, 0.5, -0.5, 1.5, kNan};
  c.target.values = DrawValues(rng, NumelOf(c.target.dims), pooled, [&] {
    return rng.Chance(edges) ? RoundTo(c.target.dtype, rng.Pick(target_edges))
                             : RoundTo(c.target.dtype, rng.Real(0.0, 1.0));
  });
  auto factor = [&](const TensorSpec& spec, double low, double high) {
    return DrawValues(rng, NumelOf(spec.dims), pooled, [&] { return RoundTo(spec.dtype, rng.Real(low, high)); });
  };
  if (c.weight) c.weight->values = factor(*c.weight, -2.0, 2.0);
  if (c.pos_weight) c.pos_weight->values = factor(*c.pos_weight, 0.0, 3.0);
  c.grad_output.values = factor(c.grad_output, -2.0, 2.0);
  std::vector<TensorSpec*> inputs = {&c.grad_output, &c.self, &c.target};
  if (c.weight) inputs.push_back(&*c.weight);
  if (c.pos_weight) inputs.push_back(&*c.pos_weight);
  for (TensorSpec* input : inputs) {
    input->layout = scale == CaseScale::kHuge ? Layout{{}, rng.Int(0, 7), rng.Int(0, 3)}
                                              : RandomInputLayout(rng, input->dims);
    RepeatValuesAlongZeroStrides(input);
  }
  c.out.layout = scale == CaseScale::kHuge ? Layout{{}, rng.Int(0, 7), rng.Int(0, 3)}
                                           : RandomOutputLayout(rng, c.out.dims);
  return c;
}

const char* ApiOf(BcelOp op) {
  switch (op) {
    case BcelOp::kForward: return "aclnnBinaryCrossEntropyWithLogits";
    case BcelOp::kBackward: return "aclnnBinaryCrossEntropyWithLogitsBackward";
    case BcelOp::kTargetBackward: return "aclnnBinaryCrossEntropyWithLogitsTargetBackward";
  }
  return "";
}

std::string Describe(const BcelCase& c, bool with_values) {
  std::string text = std::string(ApiOf(c.op)) + " reduction " + std::to_string(c.reduction) + " (" +
                     ReductionName(c.reduction) + ")\n";
  if (c.op != BcelOp::kForward) text += "  " + DescribeTensor("gradOutput", c.grad_output, with_values) + "\n";
  text += "  " + DescribeTensor("self", c.self, with_values) + "\n";
  text += "  " + DescribeTensor("target", c.target, with_values) + "\n";
  text += c.weight ? "  " + DescribeTensor("weightOptional", *c.weight, with_values) + "\n" : "  no weight\n";
  text += c.pos_weight ? "  " + DescribeTensor("posWeightOptional", *c.pos_weight, with_values) + "\n"
                       : "  no posWeight\n";
  text += "  " + DescribeTensor(c.op == BcelOp::kTargetBackward ? "gradTarget" : "out", c.out, false) + "\n";
  return text;
}

// The forward's float terms (DECISIONS 17): their bound in ulps of out and their relative error over the
// magnitudes of their parts (the registry entry's, which the grid tests use too).
const PointwiseLoss& RegistryEntry() {
  static const PointwiseLoss kEntry = *std::find_if(
      AllPointwiseLosses().begin(), AllPointwiseLosses().end(),
      [](const PointwiseLoss& loss) { return loss.name == "BinaryCrossEntropyWithLogits"; });
  return kEntry;
}

// An element's scale: the sum of the magnitudes of what its formula adds, times what multiplies it, so that a
// value that cancels is judged against what a few double roundings of its parts can move it.
double MagnitudeOf(BcelOp op, double x, double y, double w, double pw, double g) {
  const double ax = std::fabs(x);
  switch (op) {
    case BcelOp::kForward:
      return std::fabs(w) * (ax * (std::fabs(1 - y) + std::fabs(pw * y)) + 2.0 * (1 + std::fabs((pw - 1) * y)));
    case BcelOp::kBackward: return std::fabs(w * g) * (std::fabs(1 - y) + std::fabs(pw * y));
    case BcelOp::kTargetBackward: return std::fabs(w * g) * (ax * (1 + std::fabs(pw)) + 2.0 * std::fabs(pw - 1));
  }
  return 0.0;
}

// got against expected (unrounded): both NaN; the same infinity; within `ulps` of it rounded once; or within
// `slack` of it.
bool Agrees(aclDataType dtype, double got, double expected, double ulps, double slack) {
  const double rounded = RoundTo(dtype, expected);
  if (std::isnan(rounded) || std::isnan(got)) return std::isnan(rounded) && std::isnan(got);
  if (std::isinf(rounded) || std::isinf(got)) return got == rounded;
  return UlpDistance(dtype, got, rounded) <= ulps || std::fabs(got - expected) <= slack;
}

std::optional<TorchOperand> OperandOf(const std::optional<TensorSpec>& spec) {
  if (!spec) return std::nullopt;
  return TorchOperand{&*spec, ACL_DOUBLE};
}

std::string CheckCase(const BcelCase& c, aclrtStream stream, ConformanceStats* stats, std::string* details) {
  stats->Count(std::string("reduction ") + ReductionName(c.reduction));
  stats->Count("self rank " + std::to_string(c.self.dims.size()));
  stats->Count("self " + DtypeText(c.self.dtype) + " -> out " + DtypeText(c.out.dtype));
  stats->Count(c.weight ? "with weight" : "without weight");
  stats->Count(c.pos_weight ? "with posWeight" : "without posWeight");
  const std::unique_ptr<DeviceTensor> grad = MakeDeviceTensor(c.grad_output);
  const std::unique_ptr<DeviceTensor> self = MakeDeviceTensor(c.self);
  const std::unique_ptr<DeviceTensor> target = MakeDeviceTensor(c.target);
  const std::unique_ptr<DeviceTensor> weight = c.weight ? MakeDeviceTensor(*c.weight) : nullptr;
  const std::unique_ptr<DeviceTensor> pos_weight = c.pos_weight ? MakeDeviceTensor(*c.pos_weight) : nullptr;
  const std::unique_ptr<DeviceTensor> out = MakeDeviceTensor(c.out, /*fill=*/false);
  const BcelTensors t = {grad.get(), self.get(), target.get(), weight.get(), pos_weight.get(), out.get()};
  const int code = CallBcel(c.op, t, c.reduction, stream);
  std::string problems;
  if (code != 0) {
    // Strict mode: a reduced value beyond out's type (stored as infinity) fails the synchronisation.
    const std::string message = TakeErrorMessage();
    const bool reduced_overflow = c.op == BcelOp::kForward && c.reduction != 0 && openaclnnGetStrictMode() == 1 &&
                                  code == ACL_ERROR_RT_AICORE_OVER_FLOW && std::isinf(out->Read()[0]);
    if (!reduced_overflow) {
      return "  the call returned " + std::to_string(code) + ": " + message + "\n";
    }
    stats->Count("reduced value beyond out's type (reported, strict mode)");
  }
  if (!out->OutsideViewUntouched()) {
    problems += "  memory around out's elements was written\n";
  }
  const std::vector<double> got = out->Read();
  if (details != nullptr) {
    *details += "  ours: " + ValuesText(got) + "\n";
  }
  if (Numel(c.self.dims) == 0) {
    stats->Count("empty self");
    if (c.op == BcelOp::kForward && c.reduction != 0) {
      const bool right = c.reduction == 1 ? std::isnan(got[0]) : got[0] == 0.0;
      return right ? problems : problems + "  empty self gave " + ValueText(got[0]) + "\n";
    }
    return problems;
  }
  const std::vector<double> reference = BcelReference(c.op, t, c.reduction);
  const TorchOperand torch_self{&c.self, ACL_DOUBLE}, torch_target{&c.target, ACL_DOUBLE};
  const std::vector<double> torch =
      c.op == BcelOp::kForward
          ? TorchBceWithLogits(torch_self, torch_target, OperandOf(c.weight), OperandOf(c.pos_weight), c.reduction)
          : TorchBceWithLogitsGradient({&c.grad_output, ACL_DOUBLE}, torch_self, torch_target, OperandOf(c.weight),
                                       OperandOf(c.pos_weight), c.reduction, c.op == BcelOp::kTargetBackward);
  // The operands as every element of self reads them.
  const std::vector<double> x = c.self.values, y = c.target.values;
  const std::vector<double> w = c.weight ? ExpandedValues(*c.weight, c.self.dims) : std::vector<double>(x.size(), 1);
  const std::vector<double> pw =
      c.pos_weight ? ExpandedValues(*c.pos_weight, c.self.dims) : std::vector<double>(x.size(), 1);
  const double one_grad = c.op == BcelOp::kForward ? 1.0 : c.grad_output.values[0];
  const std::vector<double> g = c.op == BcelOp::kForward || c.reduction != 0
                                    ? std::vector<double>(x.size(), one_grad)
                                    : ExpandedValues(c.grad_output, c.self.dims);
  const bool any_infinite = std::any_of(x.begin(), x.end(), [](double v) { return std::isinf(v); });
  if (any_infinite) stats->Count("infinite logit (left to the unit tests)");
  const double scale = c.op != BcelOp::kForward && c.reduction == 1 ? 1.0 / static_cast<double>(x.size()) : 1.0;
  if (c.op == BcelOp::kForward && c.reduction != 0) {
    if (any_infinite) return problems;
    double magnitude = 0;
    for (size_t i = 0; i < x.size(); ++i) magnitude += MagnitudeOf(c.op, x[i], y[i], w[i], pw[i], 1.0);
    const auto n = static_cast<double>(x.size());
    auto tolerance = [&](double value, double other_steps) {
      const double sum_error =
          ((LibrarySumSteps(static_cast<int64_t>(n)) + other_steps + 8.0) * kDoubleUnit +
           RegistryEntry().forward_term_error) *
          magnitude;
      return c.reduction == 2 ? sum_error : sum_error / n + 2.0 * kDoubleUnit * std::fabs(value);
    };
    // The library's sums start at +0 (IEEE: -0 + +0 is +0), so terms that are all -0 (a negative weight times a
    // term that underflows to 0) sum to +0, and their mean is +0 too.
    const double reference_sum = reference[0] + 0.0;
    const CompareResult by_reference =
        CompareReduced("reference", c.out.dtype, got[0], reference_sum, tolerance(reference_sum, 2.0));
    problems += by_reference.mismatches;
    stats->RecordUlps("reference, reduced", by_reference.max_ulps);
    if (got[0] == 0.0 && torch[0] == 0.0) {
      // A value below out's range: its zero has the true value's sign, which PyTorch (whose log(1 + tiny) is 0
      // in double) may not have; the reference checked it.
      stats->Count("underflow to a signed zero");
    } else if (std::isfinite(torch[0]) || !std::isfinite(reference[0])) {
      const CompareResult by_torch = CompareReduced("PyTorch", c.out.dtype, got[0], torch[0], tolerance(torch[0], n));
      problems += by_torch.mismatches;
      stats->RecordUlps("PyTorch, reduced", by_torch.max_ulps);
    } else {
      stats->Count("PyTorch overflows, the reference decides");
    }
    return problems;
  }
  const bool forward = c.op == BcelOp::kForward;
  const double ulps = forward ? RegistryEntry().forward_none_ulps
                              : (c.out.dtype == ACL_FLOAT && c.reduction == 1 ? 2.0 : 1.0);
  const double relative_error = 8.0 * kDoubleUnit + (forward ? RegistryEntry().forward_term_error : 0.0);
  int listed = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isinf(x[i])) continue;
    const double slack = relative_error * MagnitudeOf(c.op, x[i], y[i], w[i], pw[i], g[i]) * scale;
    const bool torch_overflows = !std::isfinite(torch[i]) && std::isfinite(reference[i]);
    if (torch_overflows) stats->Count("PyTorch overflows, the reference decides");
    const bool by_reference = Agrees(c.out.dtype, got[i], reference[i], ulps, slack);
    const bool by_torch = torch_overflows || Agrees(c.out.dtype, got[i], torch[i], ulps, slack);
    if ((!by_reference || !by_torch) && listed++ < 4) {
      problems += "  element " + std::to_string(i) + ": ours " + ValueText(got[i]) + ", reference " +
                  ValueText(reference[i]) + ", PyTorch " + ValueText(torch[i]) + " (x " + ValueText(x[i]) + ", y " +
                  ValueText(y[i]) + ", w " + ValueText(w[i]) + ", pw " + ValueText(pw[i]) + ")\n";
    }
  }
  return problems;
}

class BceWithLogitsConformanceTest : public ::testing::TestWithParam<BcelOp> {};

TEST_P(BceWithLogitsConformanceTest, MatchesPyTorchAndReference) {
  const BcelOp op = GetParam();
  CaseKind<BcelCase> kind;
  kind.op = ApiOf(op);
  kind.huge_cases = op != BcelOp::kForward;  // Only the gradients are written with streaming stores.
  kind.make = [op](uint64_t seed, int64_t index, CaseScale scale) { return MakeCase(op, seed, index, scale); };
  kind.describe = Describe;
  kind.check = CheckCase;
  const LoopResult result = RunConformanceCases(kind);
  ExpectScalesReached(result, kind.huge_cases);
  if (result.run.case_count < 2000) {
    return;
  }
  for (const char* feature : {"reduction none", "reduction mean", "reduction sum", "empty self", "self rank 0",
                              "self rank 4", "with weight", "without weight", "with posWeight", "without posWeight",
                              "self FLOAT16 -> out BF16"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
}

INSTANTIATE_TEST_SUITE_P(AllOperators, BceWithLogitsConformanceTest,
                         ::testing::Values(BcelOp::kForward, BcelOp::kBackward, BcelOp::kTargetBackward),
                         [](const ::testing::TestParamInfo<BcelOp>& param_info) {
                           return param_info.param == BcelOp::kForward    ? std::string("Forward")
                                  : param_info.param == BcelOp::kBackward ? std::string("Backward")
                                                                          : std::string("TargetBackward");
                         });

}  // namespace
}  // namespace openaclnn::test
