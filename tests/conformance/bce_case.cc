#include "bce_case.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
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


}  // namespace

BceCase MakeBceCase(uint64_t seed, int64_t index, CaseScale scale) {
  CaseRng rng(seed, index);
  BceCase c;
  c.index = index;
  // Huge cases are all FLOAT: the vector kernels, the only ones with streaming stores, take one input type.
  const bool all_float = rng.Chance(0.55) || scale == CaseScale::kHuge;
  auto dtype = [&] { return all_float ? ACL_FLOAT : DrawFloatType(rng); };
  std::vector<int64_t> self_dims = DrawSelfDims(rng);
  if (scale != CaseScale::kSmall) {
    // Large: enough elements for 3 chunks of the backward's 65536 (its threshold for threads), 2 of the
    // forward sum's 131072, and 12 of the forward none's 16384; no more, as every element costs a sanitizer run.
    const int64_t elements = scale == CaseScale::kHuge ? kHugeCaseOutElements : rng.Int(200000, 260000);
    self_dims = DrawLargeDims(rng, elements);
  }
  c.self = Spec(self_dims, dtype());
  // A huge case's other inputs are small broadcasts: its cost stays in the one 16 MiB output (and self).
  auto broadcast_dims = [&] {
    return scale == CaseScale::kHuge ? DrawSmallBroadcastDims(rng, self_dims) : DrawBroadcastDims(rng, self_dims);
  };
  c.target = Spec(broadcast_dims(), dtype());
  c.grad_output = Spec(broadcast_dims(), dtype());
  c.has_weight = rng.Chance(0.5);
  c.weight = Spec(c.has_weight ? broadcast_dims() : std::vector<int64_t>{}, dtype());
  c.out = Spec(self_dims, dtype());
  c.reduction = rng.Int(0, 2);

  const bool pooled = scale != CaseScale::kSmall;
  const double x_edges = rng.Pick(std::vector<double>{0.0, 0.1, 0.4});
  c.self.values = DrawValues(rng, NumelOf(c.self.dims), pooled, [&] {
    return RoundTo(c.self.dtype, rng.Chance(x_edges) ? rng.Pick(std::vector<double>{0.0, 1.0, 0.5, 0.25, -1.0, 2.0,
                                                                                    1e-6, 0.999, -0.0, kNan})
                                                     : rng.Real(0.0, 1.0));
  });
  const double y_edges = rng.Pick(std::vector<double>{0.0, 0.2, 0.5});
  c.target.values = DrawValues(rng, NumelOf(c.target.dims), pooled, [&] {
    return RoundTo(c.target.dtype, rng.Chance(y_edges) ? rng.Pick(std::vector<double>{0.0, 1.0, 0.5, kNan})
                                                       : rng.Real(0.0, 1.0));
  });
  const double g_edges = rng.Pick(std::vector<double>{0.0, 0.05, 0.2});
  c.grad_output.values = DrawValues(rng, NumelOf(c.grad_output.dims), pooled, [&] {
    return DrawOrEdge(rng, c.grad_output.dtype, g_edges, {0.0, -0.0, kInf, -kInf, kNan, 1.0});
  });
  if (c.has_weight) {
    const double w_edges = rng.Pick(std::vector<double>{0.0, 0.1, 0.3});
    c.weight.values = DrawValues(rng, NumelOf(c.weight.dims), pooled, [&] {
      return rng.Chance(w_edges) ? RoundTo(c.weight.dtype, rng.Pick(std::vector<double>{0.0, 1.0, -1.0, kInf, kNan}))
                                 : DrawSigned(rng, c.weight.dtype, -4.0, 4.0);
    });
  }
  for (TensorSpec* input : {&c.grad_output, &c.self, &c.target, &c.weight}) {
    // Huge cases keep the layouts the vector kernels (and so the streaming stores) take: dense rows at an offset.
    input->layout = scale == CaseScale::kHuge ? Layout{{}, rng.Int(0, 7), rng.Int(0, 3)}
                                              : RandomInputLayout(rng, input->dims);
    RepeatValuesAlongZeroStrides(input);
  }
  c.out.layout = scale == CaseScale::kHuge ? Layout{{}, rng.Int(0, 7), rng.Int(0, 3)}
                                           : RandomOutputLayout(rng, c.out.dims);
  return c;
}

std::string DescribeBceCase(const BceCase& c, bool with_values) {
  std::string text = "aclnnBinaryCrossEntropyBackward reduction " + std::to_string(c.reduction) + " (" +
                     ReductionName(c.reduction) + ")" + (c.has_weight ? "" : ", no weight") + "\n";
  text += "  " + DescribeTensor("gradOutput", c.grad_output, with_values) + "\n";
  text += "  " + DescribeTensor("self", c.self, with_values) + "\n";
  text += "  " + DescribeTensor("target", c.target, with_values) + "\n";
  if (c.has_weight) {
    text += "  " + DescribeTensor("weightOptional", c.weight, with_values) + "\n";
  }
  text += "  " + DescribeTensor("out", c.out, false) + "\n";
  return text;
}

void CountBceInputLayouts(const BceCase& c, bool with_grad_output, ConformanceStats* stats) {
  std::vector<const TensorSpec*> inputs = {&c.self, &c.target};
  if (with_grad_output) {
    inputs.push_back(&c.grad_output);
  }
  if (c.has_weight) {
    inputs.push_back(&c.weight);
  }
  bool broadcast_shape = false;
  bool zero_stride = false;
  bool strided = false;
  for (const TensorSpec* input : inputs) {
    broadcast_shape = broadcast_shape || input->dims != c.self.dims;
    zero_stride = zero_stride || HasBroadcastStride(*input);
    strided = strided || IsStrided(*input);
  }
  if (broadcast_shape) {
    stats->Count("broadcast input shape");
  }
  if (zero_stride) {
    stats->Count("zero-stride (broadcast) input");
  }
  if (strided) {
    stats->Count("strided or offset input");
  }
}

}  // namespace openaclnn::test
