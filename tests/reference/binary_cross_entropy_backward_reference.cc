#include "binary_cross_entropy_backward_reference.h"

#include <cmath>
#include <stdexcept>

namespace openaclnn::test {
namespace {

// float32's 1e-12, widened exactly.
constexpr double kEpsilon = static_cast<double>(1e-12f);

int64_t CountOf(const std::vector<int64_t>& dims) {
  int64_t count = 1;
  for (int64_t dim : dims) {
    count *= dim;
  }
  return count;
}

// Row-major index into `tensor` of the element that broadcasts to position `index` of a tensor shaped `shape`.
int64_t BroadcastIndex(const ReferenceTensor& tensor, const std::vector<int64_t>& shape,
                       const std::vector<int64_t>& index) {
  const size_t leading = shape.size() - tensor.dims.size();
  int64_t flat = 0;
  for (size_t d = 0; d < tensor.dims.size(); ++d) {
    const int64_t coordinate = tensor.dims[d] == 1 ? 0 : index[leading + d];
    flat = flat * tensor.dims[d] + coordinate;
  }
  return flat;
}

void CheckBroadcastable(const ReferenceTensor& tensor, const std::vector<int64_t>& shape) {
  if (tensor.dims.size() > shape.size() || static_cast<int64_t>(tensor.values.size()) != CountOf(tensor.dims)) {
    throw std::invalid_argument("reference: operand does not broadcast to self");
  }
  const size_t leading = shape.size() - tensor.dims.size();
  for (size_t d = 0; d < tensor.dims.size(); ++d) {
    if (tensor.dims[d] != 1 && tensor.dims[d] != shape[leading + d]) {
      throw std::invalid_argument("reference: operand does not broadcast to self");
    }
  }
}

struct ElementInputs {
  double g;
  double x;
  double y;
  double w;  // 1 without a weight.
};

// Calls fn(i, inputs) for every element i of self, in row-major order, with the broadcast operands' values.
template <typename Fn>
void ForEachElement(const ReferenceTensor& grad_output, const ReferenceTensor& self, const ReferenceTensor& target,
                    const ReferenceTensor* weight, Fn&& fn) {
  const std::vector<int64_t>& shape = self.dims;
  CheckBroadcastable(self, shape);
  CheckBroadcastable(grad_output, shape);
  CheckBroadcastable(target, shape);
  if (weight != nullptr) {
    CheckBroadcastable(*weight, shape);
  }
  const int64_t count = CountOf(shape);
  std::vector<int64_t> index(shape.size(), 0);
  for (int64_t i = 0; i < count; ++i) {
    ElementInputs in;
    in.g = grad_output.values[BroadcastIndex(grad_output, shape, index)];
    in.x = self.values[i];
    in.y = target.values[BroadcastIndex(target, shape, index)];
    in.w = weight != nullptr ? weight->values[BroadcastIndex(*weight, shape, index)] : 1.0;
    fn(i, in);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d]) {
        break;
      }
      index[d] = 0;
    }
  }
}

}  // namespace

double BinaryCrossEntropyGradientReference(double g, double x, double y) {
  const double product = x * (1.0 - x);
  const double denominator = std::isnan(product) ? product : (product < kEpsilon ? kEpsilon : product);
  return g * (x - y) / denominator;
}

std::vector<double> BinaryCrossEntropyBackwardReference(const ReferenceTensor& grad_output,
                                                        const ReferenceTensor& self, const ReferenceTensor& target,
                                                        const ReferenceTensor* weight, int64_t reduction) {
  const int64_t count = CountOf(self.dims);
  std::vector<double> out(static_cast<size_t>(count));
  ForEachElement(grad_output, self, target, weight, [&](int64_t i, const ElementInputs& in) {
    double value = BinaryCrossEntropyGradientReference(in.g, in.x, in.y) * in.w;
    if (reduction == 1) {
      value /= static_cast<double>(count);
    }
    out[static_cast<size_t>(i)] = value;
  });
  return out;
}

std::vector<float> BinaryCrossEntropyBackwardFloatOrder(const ReferenceTensor& grad_output,
                                                        const ReferenceTensor& self, const ReferenceTensor& target,
                                                        const ReferenceTensor* weight, int64_t reduction) {
  const int64_t count = CountOf(self.dims);
  const float scale = 1.0f / static_cast<float>(count);
  const float epsilon = 1e-12f;
  std::vector<float> out(static_cast<size_t>(count));
  ForEachElement(grad_output, self, target, weight, [&](int64_t i, const ElementInputs& in) {
    // Every input value is a float, FLOAT16 or BFLOAT16 value, so these conversions are exact.
    const float g = static_cast<float>(in.g);
    const float x = static_cast<float>(in.x);
    const float y = static_cast<float>(in.y);
    const float numerator = g * (x - y);
    const float product = x * (1.0f - x);
    const float denominator = std::isnan(product) ? product : (product < epsilon ? epsilon : product);
    float value = numerator / denominator;
    if (weight != nullptr) {
      value = value * static_cast<float>(in.w);
    }
    if (reduction == 1) {
      value = value * scale;
    }
    out[static_cast<size_t>(i)] = value;
  });
  return out;
}

}  // namespace openaclnn::test
