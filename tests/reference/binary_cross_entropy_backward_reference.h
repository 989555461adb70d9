// Test-only fp64 reference of aclnnBinaryCrossEntropyBackward, written from the formula of DECISIONS 6 and sharing
// no code with the library: out = g * (x - y) / max(x * (1 - x), eps) * w, times 1 / numel(self) for mean, with
// eps the float32 value of 1e-12 and NaN propagating. Inputs are the values the tensors actually hold (already
// rounded to their data types); the result is exact up to fp64 rounding, not rounded to out's type.
#ifndef OPENACLNN_TESTS_REFERENCE_BINARY_CROSS_ENTROPY_BACKWARD_REFERENCE_H_
#define OPENACLNN_TESTS_REFERENCE_BINARY_CROSS_ENTROPY_BACKWARD_REFERENCE_H_

#include <cstdint>
#include <vector>

namespace openaclnn::test {

// A tensor's logical values in row-major order.
struct ReferenceTensor {
  std::vector<int64_t> dims;
  std::vector<double> values;
};

// gradOutput, target and weight (null: ones) broadcast, right-aligned, to self's shape. reduction 1 is mean.
std::vector<double> BinaryCrossEntropyBackwardReference(const ReferenceTensor& grad_output,
                                                        const ReferenceTensor& self, const ReferenceTensor& target,
                                                        const ReferenceTensor* weight, int64_t reduction);

// The fp64 value of the formula for one element (no weight, no mean scale).
double BinaryCrossEntropyGradientReference(double g, double x, double y);

// The same call evaluated the way DECISIONS 6-7 fix it for every backend: float32 operations in the order
// g * (x - y), x * (1 - x), max with 1e-12f keeping NaN, the division, * w, then * (1.0f / float(numel)) for mean,
// each rounded to float. The library must match it bit for bit (before the final rounding to out's type).
std::vector<float> BinaryCrossEntropyBackwardFloatOrder(const ReferenceTensor& grad_output,
                                                        const ReferenceTensor& self, const ReferenceTensor& target,
                                                        const ReferenceTensor* weight, int64_t reduction);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_REFERENCE_BINARY_CROSS_ENTROPY_BACKWARD_REFERENCE_H_
