#include "bce_reference.h"

#include <cstdint>

#include "test_numeric.h"

namespace openaclnn::test {
namespace {

// The value of a right-aligned broadcast operand at self's multi-index.
double BroadcastValue(const TensorSpec& operand, const std::vector<int64_t>& self_index) {
  const size_t offset = self_index.size() - operand.dims.size();
  int64_t flat = 0;
  for (size_t d = 0; d < operand.dims.size(); ++d) {
    const int64_t coordinate = operand.dims[d] == 1 ? 0 : self_index[offset + d];
    flat = flat * operand.dims[d] + coordinate;
  }
  return operand.values[static_cast<size_t>(flat)];
}

}  // namespace

std::vector<double> BceReference(const BceCase& c) {
  // The clamp is the float constant 1e-12f for every data type (DECISIONS 6).
  const double epsilon = static_cast<double>(1e-12f);
  const auto numel = static_cast<int64_t>(c.self.values.size());
  std::vector<double> out(static_cast<size_t>(numel));
  for (int64_t i = 0; i < numel; ++i) {
    const std::vector<int64_t> index = UnflattenIndex(i, c.self.dims);
    const double x = c.self.values[static_cast<size_t>(i)];
    const double y = BroadcastValue(c.target, index);
    const double g = BroadcastValue(c.grad_output, index);
    const double product = x * (1.0 - x);
    const double denominator = product < epsilon ? epsilon : product;  // NaN stays NaN.
    double value = g * (x - y) / denominator;
    if (c.has_weight) {
      value *= BroadcastValue(c.weight, index);
    }
    if (c.reduction == 1) {
      value /= static_cast<double>(numel);
    }
    out[static_cast<size_t>(i)] = RoundTo(c.out.dtype, value);
  }
  return out;
}

}  // namespace openaclnn::test
