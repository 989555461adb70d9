#include "nll_forward_reference.h"

#include <cmath>

#include "reduced_compare.h"
#include "test_numeric.h"

namespace openaclnn::test {

NllForwardExpected NllForwardReference(const NllForwardCase& c) {
  const NllCase& base = c.base;
  const int64_t rows = NllRows(base);
  const int64_t classes = NllClasses(base);
  const bool per_row = base.reduction == 0;
  NllForwardExpected expected;
  if (classes == 0 && !base.target.values.empty()) {
    expected.rejected = true;
    return expected;
  }
  if (per_row) {
    expected.out.assign(static_cast<size_t>(rows), 0.0);  // +0.0 for a row that does not count.
  }
  CompensatedSum losses;
  CompensatedSum weights;
  for (int64_t row = 0; row < rows; ++row) {
    const int64_t target = CountedClass(base, row, &expected.targets);
    if (target < 0) {
      continue;  // Counts as nothing (D8).
    }
    ++expected.counted_rows;
    const double weight = base.weight.values[static_cast<size_t>(target)];
    const double loss = -(weight * base.self.values[static_cast<size_t>(row * classes + target)]);
    if (per_row) {
      expected.out[static_cast<size_t>(row)] = RoundTo(c.out.dtype, loss);
    }
    losses.Add(loss);
    weights.Add(weight);
    expected.loss_magnitude += std::fabs(loss);
    expected.weight_magnitude += std::fabs(weight);
  }
  if (!per_row) {
    expected.total_weight = weights.Total();
    const double total = losses.Total();
    expected.out = {base.reduction == 1 ? total / expected.total_weight : total};  // Mean: 0 / 0 = NaN.
  }
  return expected;
}

}  // namespace openaclnn::test
