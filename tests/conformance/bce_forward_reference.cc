#include "bce_forward_reference.h"

#include <cmath>

#include "reduced_compare.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

// max(value, -100) with NaN kept (the logarithm of x outside [0, 1] is NaN, and so is the loss).
double ClampLog(double value) { return value < -100.0 ? -100.0 : value; }

}  // namespace

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
    double loss = -(y[i] * ClampLog(std::log(x[i])) + (1.0 - y[i]) * ClampLog(std::log1p(-x[i])));
    if (base.has_weight) {
      loss *= w[i];
    }
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
