// The element terms of aclnnBinaryCrossEntropy and its backward, scalar form (the reference kernels use it).
// x = self, y = target, w = weight (a term without it where absent), g = gradOutput, s = the reduction's factor:
//   loss     = -(y * max(log(x), -100) + (1 - y) * max(log(1 - x), -100)) * w       in double (DECISIONS 17)
//   d / dx   = g * (x - y) / max(x * (1 - x), 1e-12f) * w * s                       in float (DECISIONS 6)
// log(1 - x) is evaluated as log1p(-x), exact-ish also for tiny x where 1 - x would round to 1. The clamp at -100
// (PyTorch's and CANN's) keeps x = 0 or 1 finite: 0 * -100 = 0 where 0 * log(0) would be NaN. x outside [0, 1] and
// NaN give NaN (the comparisons let NaN through). log and log1p are det_math_for_float's
// (backend/cpu/det_math_for_float.h, DECISIONS 18), so the vector form (binary_cross_entropy_term-inl.h) performs the
// same operations and every target and architecture gives the same bits.
// The gradient's operations are fixed in this order on every path (DECISIONS 6 and 7); s is 1 for none and sum,
// and multiplying by 1 is exact.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_TERM_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_TERM_H_

#include "backend/cpu/det_math_for_float.h"
#include "ops/pointwise/run.h"

namespace openaclnn::binary_cross_entropy {

inline constexpr double kLogClamp = -100.0;
// The lower clamp of the gradient's denominator, in float32 for every data type (in fp16 it would round to 0).
inline constexpr float kEpsilon = 1e-12f;

// max(v, -100) that keeps a NaN v.
inline double ClampLog(double v) { return v < kLogClamp ? kLogClamp : v; }

// max(d, 1e-12f) that keeps a NaN d. (A vector Max may return the epsilon instead; the gradient is the same either
// way, since d = x * (1 - x) is NaN only when x is, and then the numerator g * (x - y) is NaN too.)
inline float ClampDenominator(float d) { return d < kEpsilon ? kEpsilon : d; }

// Without the weight: the operator's terms when weight is NULL (no operand to walk, nothing to multiply by).
struct BinaryCrossEntropyNoWeightTerm {
  static constexpr int kTranscendentals = 2;  // The forward's log and log1p (det_math_for_float's).
  static constexpr int kGradientTranscendentals = 0;  // One division: the gradient streams like a copy.

  static double Value(double x, double y, const pointwise::TermParams&) {
    const double log_x = ClampLog(cpu::det::LogForFloat(x));
    const double log_one_minus_x = ClampLog(cpu::det::Log1pForFloat(-x));
    return -(y * log_x + (1.0 - y) * log_one_minus_x);
  }

  static float Gradient(float g, float x, float y, float s, const pointwise::TermParams&) {
    const float numerator = g * (x - y);
    const float denominator = ClampDenominator(x * (1.0f - x));
    return numerator / denominator * s;
  }
};

// With the weight, the term's one extra operand: the same, times w before s.
struct BinaryCrossEntropyTerm : BinaryCrossEntropyNoWeightTerm {
  static constexpr int kExtraOperands = 1;

  static double Value(double x, double y, double w, const pointwise::TermParams& p) {
    return BinaryCrossEntropyNoWeightTerm::Value(x, y, p) * w;
  }

  static float Gradient(float g, float x, float y, float w, float s, const pointwise::TermParams&) {
    const float numerator = g * (x - y);
    const float denominator = ClampDenominator(x * (1.0f - x));
    return numerator / denominator * w * s;
  }
};

}  // namespace openaclnn::binary_cross_entropy

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_TERM_H_
