#include "bce_reference.h"

#include <cstdint>

#include "test_numeric.h"

namespace openaclnn::test {

std::vector<double> BceReference(const BceCase& c) {
  // The clamp is the float constant 1e-12f for every data type (DECISIONS 6).
  const double epsilon = static_cast<double>(1e-12f);
  const auto numel = static_cast<int64_t>(c.self.values.size());
  const std::vector<double> target = ExpandedValues(c.target, c.self.dims);
  const std::vector<double> grad = ExpandedValues(c.grad_output, c.self.dims);
  const std::vector<double> weight = c.has_weight ? ExpandedValues(c.weight, c.self.dims) : std::vector<double>();
  std::vector<double> out(static_cast<size_t>(numel));
  for (size_t i = 0; i < out.size(); ++i) {
    const double x = c.self.values[i];
    const double product = x * (1.0 - x);
    const double denominator = product < epsilon ? epsilon : product;  // NaN stays NaN.
    double value = grad[i] * (x - target[i]) / denominator;
    if (c.has_weight) {
      value *= weight[i];
    }
    if (c.reduction == 1) {
      value /= static_cast<double>(numel);
    }
    out[i] = RoundTo(c.out.dtype, value);
  }
  return out;
}

}  // namespace openaclnn::test
