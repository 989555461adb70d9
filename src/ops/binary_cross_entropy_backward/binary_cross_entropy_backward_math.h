// The per-element formula of aclnnBinaryCrossEntropyBackward in float32 (DECISIONS 6-7). Every kernel, scalar or
// SIMD, must evaluate exactly these operations in this order so results are bit-identical on every path:
//   out = g * (x - y) / max(x * (1 - x), 1e-12f)   then   * w (if a weight is given)   then   * (1 / N) (mean).
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_MATH_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_MATH_H_

namespace openaclnn::bce {

// The lower clamp of the denominator, in float32 for every data type (in fp16 it would round to 0).
inline constexpr float kBceEpsilon = 1e-12f;

// max(d, 1e-12f) that keeps a NaN d: the comparison is false for NaN, so NaN is returned. (A vector Max may return
// the epsilon instead. The gradient is the same either way, since d = x * (1 - x) is NaN only when x is, and then
// the numerator g * (x - y) is NaN too; the SIMD kernels use Max, which costs one instruction instead of two.)
inline float ClampDenominator(float d) { return d < kBceEpsilon ? kBceEpsilon : d; }

// g * (x - y) / max(x * (1 - x), 1e-12f), left to right.
inline float BceGradient(float g, float x, float y) {
  const float numerator = g * (x - y);
  const float denominator = ClampDenominator(x * (1.0f - x));
  return numerator / denominator;
}

}  // namespace openaclnn::bce

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_MATH_H_
