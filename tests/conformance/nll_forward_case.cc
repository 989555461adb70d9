#include "nll_forward_case.h"

#include <limits>
#include <vector>

#include "case_rng.h"
#include "conformance_text.h"
#include "value_draw.h"

namespace openaclnn::test {
namespace {

// The forward's own draws come from a generator of their own, so the backward's cases stay as they were.
constexpr uint64_t kForwardSalt = 0xF0A7A2D0C5Eull;

aclDataType DrawFloatType(CaseRng& rng) {
  return rng.Pick(std::vector<aclDataType>{ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
}

// One element: shape () or (1).
std::vector<int64_t> DrawOneElementDims(CaseRng& rng) {
  return rng.Chance(0.5) ? std::vector<int64_t>{} : std::vector<int64_t>{1};
}

}  // namespace

NllForwardCase MakeNllForwardCase(uint64_t seed, int64_t index, CaseScale scale) {
  NllForwardCase c;
  c.base = MakeNllCase(seed, index, scale);
  CaseRng rng(seed ^ kForwardSalt, index);
  const NllCase& base = c.base;
  const int64_t rows = NllRows(base);
  const int64_t classes = NllClasses(base);
  const bool per_row = base.reduction == 0 && base.self.dims.size() == 2;
  c.out.dims = per_row ? std::vector<int64_t>{rows} : DrawOneElementDims(rng);
  c.out.dtype = base.out.dtype;
  c.out.layout = RandomOutputLayout(rng, c.out.dims);
  c.total_weight_out.dims = base.total_weight.dims;  // One element of rank 0, 1 or 2.
  c.total_weight_out.dtype = rng.Chance(0.6) ? base.self.dtype : DrawFloatType(rng);
  c.total_weight_out.layout = RandomOutputLayout(rng, c.total_weight_out.dims);

  // Large cases come with self all zero (the backward never reads it): draw the elements the forward reads.
  std::vector<double>& self = c.base.self.values;
  c.nan_where_unread = rng.Chance(0.2);
  if (scale != CaseScale::kSmall || c.nan_where_unread) {
    const std::vector<double> read = DrawValues(rng, rows, scale != CaseScale::kSmall, [&] {
      return DrawSigned(rng, base.self.dtype, -4.0, 4.0);
    });
    if (c.nan_where_unread) {
      self.assign(self.size(), std::numeric_limits<double>::quiet_NaN());
    }
    for (int64_t row = 0; row < rows && classes > 0; ++row) {
      const auto target = static_cast<int64_t>(base.target.values[static_cast<size_t>(row)]);
      if (target >= 0 && target < classes) {
        self[static_cast<size_t>(row * classes + target)] = read[static_cast<size_t>(row)];
      }
    }
  }
  // A zero-stride view of self shows one stored element along that dimension: the values must agree again.
  RepeatValuesAlongZeroStrides(&c.base.self);
  return c;
}

std::string DescribeNllForwardCase(const NllForwardCase& c, bool with_values) {
  const NllCase& base = c.base;
  std::string text = "aclnnNLLLoss reduction " + std::to_string(base.reduction) + " (" +
                     ReductionName(base.reduction) + "), ignoreIndex " + std::to_string(base.ignore_index) +
                     (base.torch_without_weight ? ", PyTorch without weight" : "") +
                     (c.nan_where_unread ? ", NaN in the self elements not read" : "") + "\n";
  text += "  " + DescribeTensor("self", base.self, with_values) + "\n";
  text += "  " + DescribeTensor("target", base.target, with_values) + "\n";
  text += "  " + DescribeTensor("weight", base.weight, with_values) + "\n";
  text += "  " + DescribeTensor("out", c.out, false) + "\n";
  text += "  " + DescribeTensor("totalWeightOut", c.total_weight_out, false) + "\n";
  return text;
}

}  // namespace openaclnn::test
