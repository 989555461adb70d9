#include "pointwise_case.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "case_rng.h"
#include "case_shapes.h"
#include "conformance_text.h"
#include "test_numeric.h"
#include "value_draw.h"

namespace openaclnn::test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

bool AnyNan(const std::vector<double>& values) {
  for (double value : values) {
    if (std::isnan(value)) {
      return true;
    }
  }
  return false;
}

// The floating type an integer input is cast to beside these floating inputs (CANN's promotion of floats).
aclDataType PromotedFloat(const std::vector<aclDataType>& floats) {
  aclDataType promoted = floats.front();
  for (aclDataType dtype : floats) {
    promoted = dtype == promoted ? promoted : ACL_FLOAT;  // FLOAT16 with BFLOAT16, or either with FLOAT.
  }
  return promoted;
}

// Makes `input` an integer tensor of a drawn type (aclnnL1Loss casts it to `promoted`, as CANN does): its values
// are integers of that type which `promoted` holds exactly (|v| <= 2048 for FLOAT16, 256 for BFLOAT16, 2^24 for
// FLOAT), so the cast is exact and PyTorch, given the same values, computes the cast tensor's loss. Rounding in the
// cast itself is the fp64 grid's (L1LossMixedTest).
void MakeInteger(CaseRng& rng, aclDataType promoted, TensorSpec* input) {
  input->dtype = rng.Pick(std::vector<aclDataType>{ACL_BOOL, ACL_UINT8, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64});
  const int64_t exact = promoted == ACL_FLOAT16 ? 2048 : promoted == ACL_BF16 ? 256 : int64_t{1} << 24;
  int64_t lo = -exact, hi = exact;
  switch (input->dtype) {
    case ACL_BOOL: lo = 0; hi = 1; break;
    case ACL_UINT8: lo = 0; hi = std::min<int64_t>(hi, 255); break;
    case ACL_INT8: lo = -128; hi = std::min<int64_t>(hi, 127); break;
    case ACL_INT16: lo = std::max<int64_t>(lo, -32768); hi = std::min<int64_t>(hi, 32767); break;
    default: break;
  }
  const int64_t scale = rng.Pick(std::vector<int64_t>{3, 100, hi});
  for (double& value : input->values) {
    value = static_cast<double>(std::max(lo, std::min(hi, rng.Int(-scale, scale))));
  }
}

}  // namespace

PointwiseCase MakePointwiseCase(const PointwiseLoss& loss, bool backward, uint64_t seed, int64_t index,
                                CaseScale scale) {
  CaseRng rng(seed, index);
  PointwiseCase c;
  c.loss = &loss;
  c.backward = backward;
  c.reduction = rng.Int(0, 2);
  if (loss.takes_beta) {
    c.beta = static_cast<float>(rng.Pick(std::vector<double>{0.0, 0.25, 1.0, 3.0, 1e-3}));
  }
  // Huge cases are all FLOAT: the vector kernels, the only ones with streaming stores, take one input type.
  const bool one_type = rng.Chance(0.5) || scale == CaseScale::kHuge || (backward && loss.backward_same_types);
  const aclDataType first = scale == CaseScale::kHuge ? ACL_FLOAT : DrawFloatType(rng);
  auto dtype = [&] { return one_type ? first : DrawFloatType(rng); };
  std::vector<int64_t> self_dims = DrawSelfDims(rng);
  if (scale != CaseScale::kSmall) {
    // Large: a few of the forward sum's 131072-term chunks and several threads' worth of elementwise output.
    const int64_t elements = scale == CaseScale::kHuge ? kHugeCaseOutElements : rng.Int(270000, 300000);
    self_dims = DrawLargeDims(rng, elements);
  }
  auto broadcast_dims = [&] {
    return scale == CaseScale::kHuge ? DrawSmallBroadcastDims(rng, self_dims) : DrawBroadcastDims(rng, self_dims);
  };
  c.self = Spec(self_dims, dtype());
  c.target = Spec(broadcast_dims(), dtype());
  c.grad_output = Spec(backward && c.reduction != 0 ? std::vector<int64_t>{} : broadcast_dims(), dtype());
  if (backward && c.reduction != 0 && !self_dims.empty() && rng.Chance(0.3)) {
    c.grad_output.dims = {1};
  }
  c.out = Spec(backward ? self_dims : ForwardOutDims(loss, self_dims, c.reduction),
               rng.Chance(0.6) ? c.self.dtype : DrawFloatType(rng));

  const bool pooled = scale != CaseScale::kSmall;
  const double edges = rng.Pick(std::vector<double>{0.0, 0.02, 0.1});
  const std::vector<double> edge_values = {0.0, -0.0, kInf, -kInf, kNan, 1.0, -1.0};
  c.self.values = DrawValues(rng, NumelOf(c.self.dims), pooled,
                             [&] { return DrawOrEdge(rng, c.self.dtype, edges, edge_values); });
  const double ties = rng.Pick(std::vector<double>{0.0, 0.3});
  c.target.values = DrawValues(rng, NumelOf(c.target.dims), pooled, [&] {
    // A tie with self's first value now and then: L1's kink.
    if (!c.self.values.empty() && rng.Chance(ties)) {
      return RoundTo(c.target.dtype, c.self.values[0]);
    }
    return DrawOrEdge(rng, c.target.dtype, edges, edge_values);
  });
  c.grad_output.values = DrawValues(rng, NumelOf(c.grad_output.dims), pooled,
                                    [&] { return DrawOrEdge(rng, c.grad_output.dtype, edges, edge_values); });
  for (TensorSpec* input : {&c.grad_output, &c.self, &c.target}) {
    // Huge cases keep the layouts the vector kernels (and so the streaming stores) take: dense rows at an offset.
    input->layout = scale == CaseScale::kHuge ? Layout{{}, rng.Int(0, 7), rng.Int(0, 3)}
                                              : RandomInputLayout(rng, input->dims);
    RepeatValuesAlongZeroStrides(input);
  }
  c.out.layout = scale == CaseScale::kHuge ? Layout{{}, rng.Int(0, 7), rng.Int(0, 3)}
                                           : RandomOutputLayout(rng, c.out.dims);
  if (loss.casts_integer_inputs && scale == CaseScale::kSmall && rng.Chance(0.25)) {
    // One input an integer beside floating ones. The forward refuses an integer self for reduction none (CANN's
    // rule), so its integer is then target.
    std::vector<TensorSpec*> candidates = {&c.target};
    if (backward || c.reduction != 0) candidates.push_back(&c.self);
    if (backward) candidates.push_back(&c.grad_output);
    TensorSpec* integer = rng.Pick(candidates);
    std::vector<aclDataType> floats;
    for (const TensorSpec* input : {&c.grad_output, &c.self, &c.target}) {
      if (input != integer && (backward || input != &c.grad_output)) floats.push_back(input->dtype);
    }
    MakeInteger(rng, PromotedFloat(floats), integer);
    RepeatValuesAlongZeroStrides(integer);
  }
  c.has_nan = AnyNan(c.self.values) || AnyNan(c.target.values) || (backward && AnyNan(c.grad_output.values));
  return c;
}

std::string DescribePointwiseCase(const PointwiseCase& c, bool with_values) {
  std::string text = "aclnn" + c.loss->name + (c.backward ? "Backward" : "") + " reduction " +
                     std::to_string(c.reduction) + " (" + ReductionName(c.reduction) + ")" +
                     (c.loss->takes_beta ? " beta " + ValueText(c.beta) : "") + "\n";
  if (c.backward) {
    text += "  " + DescribeTensor("gradOutput", c.grad_output, with_values) + "\n";
  }
  text += "  " + DescribeTensor("self", c.self, with_values) + "\n";
  text += "  " + DescribeTensor("target", c.target, with_values) + "\n";
  text += "  " + DescribeTensor(c.backward ? c.loss->grad_input_arg : "out", c.out, false) + "\n";
  return text;
}

}  // namespace openaclnn::test
