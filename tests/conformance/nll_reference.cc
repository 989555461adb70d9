#include "nll_reference.h"

#include "test_numeric.h"

namespace openaclnn::test {

NllExpected NllReference(const NllCase& c) {
  const int64_t rows = NllRows(c);
  const int64_t classes = NllClasses(c);
  NllExpected expected;
  expected.out.assign(static_cast<size_t>(rows * classes), 0.0);
  expected.hit.assign(expected.out.size(), false);
  if (rows * classes == 0) {
    return expected;  // An empty self: nothing is read, written or reported (DECISIONS 11).
  }
  const bool per_row_grad = c.reduction == 0 && c.self.dims.size() == 2;
  for (int64_t row = 0; row < rows; ++row) {
    const int64_t target = CountedClass(c, row, &expected.targets);
    if (target < 0) {
      continue;  // The row stays zero (DECISIONS 8).
    }
    const double grad = c.grad_output.values[per_row_grad ? static_cast<size_t>(row) : 0];
    const double weight = c.weight.values[static_cast<size_t>(target)];
    double value = 0.0;
    if (c.reduction == 1) {
      value = -(grad / c.total_weight.values[0]) * weight;  // Division first (DECISIONS 5).
    } else {
      value = -(grad * weight);
    }
    const auto position = static_cast<size_t>(row * classes + target);
    expected.out[position] = RoundTo(c.out.dtype, value);
    expected.hit[position] = true;
  }
  return expected;
}

}  // namespace openaclnn::test
