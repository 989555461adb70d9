#include "bce_forward_reference.h"

#include <cmath>

#include "binary_cross_entropy_reference.h"
#include "reduced_compare.h"
#include "test_numeric.h"

namespace openaclnn::test {

BceForwardExpected BceForwardReference(const BceForwardCase& c) {
  const BceCase& base = c.base;
  const std::vector<double>& x = base.self.values;
  const std::vector<double> y = ExpandedValues(base.target, base.self.dims);
  const std::vector<double> w = base.has_weight ? ExpandedValues(base.weight, base.self.dims) : std::vector<double>();
  BceForwardExpected expected;
  if (base.reduction == 0) {
    expected.out.resize(x.size());
  }
  CompensatedSum sum;
  for (size_t i = 0; i < x.size(); ++i) {
    const double loss = BceReferenceLoss(x[i], y[i], base.has_weight ? w[i] : 1.0);
    if (base.reduction == 0) {
      expected.out[i] = RoundTo(c.out.dtype, loss);
    } else {
      sum.Add(loss);
      expected.loss_magnitude += std::fabs(loss);
    }
  }
  if (base.reduction != 0) {
    const double total = sum.Total();
    expected.out = {base.reduction == 1 ? total / static_cast<double>(x.size()) : total};  // Empty mean: NaN.
  }
  return expected;
}

}  // namespace openaclnn::test
