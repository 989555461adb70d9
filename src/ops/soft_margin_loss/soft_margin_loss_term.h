// The element term of aclnnSoftMarginLoss and aclnnSoftMarginLossBackward, scalar form (the reference kernels use
// it), with z = y * x:
//   loss     = max(-z, 0) + log1p(exp(-|z|))          softplus(-z) in its stable form (DECISIONS 19), in float
//              (DECISIONS 17): the tail of the exact product (det::SoftplusTailSumF of z and its error), one
//              addition; where the loss is not a normal float (a term beyond 3.4e38 or below 2^-126, NaN
//              operands), the same formula in double (z exact there), as before
//   gradient = ((-y * sigmoid(-z)) * g) * s            in float (DECISIONS 17): sigmoid(-z) is e / (1 + e) for
//              z >= 0 and 1 / (1 + e) otherwise, e = exp(-|z|) of the exact product (z rounded plus its error,
//              det::ProductErrorF, into det::ExpSumF: a rounded z would cost |z| ulps), so no finite input
//              overflows. Where the sigmoid or a product leaves float's normal range (|z| > 87, a subnormal or
//              infinite product, an infinite or NaN operand), float's roundings are no longer relative and an
//              underflowed sigmoid times an infinite g would give NaN: there the same formula in double, rounded
//              once, as before (rare: the fast path tests each vector for it)
// s = 1, or 1 / N for mean (N: the broadcast's element count, CANN's). The float functions are
// backend/cpu/det_math_float.h's, the same operations on every path. NaN in x or y gives NaN (max is a comparison,
// so a NaN z reaches log1p).
#ifndef OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_H_
#define OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_H_

#include <cmath>

#include "backend/cpu/det_math.h"
#include "backend/cpu/det_math_float.h"
#include "backend/cpu/det_math_for_float.h"
#include "ops/pointwise/run.h"

namespace openaclnn::soft_margin_loss {

struct SoftMarginTerm {
  static constexpr int kTranscendentals = 2;  // exp and log1p (the gradient: exp).
  // The loss in float; true where it is a normal float (so its bound holds; the terms of a sum never cancel).
  static bool ValueInFloat(float x, float y, float* result) {
    const float z = y * x;
    const float minus_z = -z;
    const float tail = cpu::det::SoftplusTailSumF(minus_z, -cpu::det::ProductErrorF(y, x, z));
    *result = (minus_z > 0.0f ? minus_z : 0.0f) + tail;
    return cpu::det::IsNormalF(*result);
  }
  // The double form, for the rest (a loss beyond float's range or below its normal one, NaN operands).
  static double ValueInDouble(double x, double y) {
    const double minus_z = -(y * x);
    return (minus_z > 0.0 ? minus_z : 0.0) + cpu::det::SoftplusTailForFloat(minus_z);
  }
  static double Value(double x, double y, const pointwise::TermParams&) {
    float result;
    return ValueInFloat(static_cast<float>(x), static_cast<float>(y), &result) ? result : ValueInDouble(x, y);
  }
  // The gradient in float; true where every intermediate stayed zero or normal, so that its bound holds.
  static bool GradientInFloat(float g, float x, float y, float s, float* result) {
    const float z = y * x;
    const float z_error = cpu::det::ProductErrorF(y, x, z);
    const bool non_negative = z >= 0.0f;
    const float e = cpu::det::ExpSumF(non_negative ? -z : z, non_negative ? -z_error : z_error);  // exp(-|y x|)
    const float sigmoid = (non_negative ? e : 1.0f) / (1.0f + e);
    const float minus_y_sigmoid = -y * sigmoid;
    const float scaled = minus_y_sigmoid * g;
    *result = scaled * s;
    return sigmoid >= cpu::det::kMinNormalF && cpu::det::IsZeroOrNormalF(minus_y_sigmoid) &&
           cpu::det::IsZeroOrNormalF(scaled) && cpu::det::IsZeroOrNormalF(*result);
  }
  // The double form, for the rest: its range holds the exact intermediates there.
  static double GradientInDouble(double g, double x, double y, double s) {
    const double z = y * x;
    const double e = cpu::det::ExpForFloat(-std::fabs(z));
    const double sigmoid = z >= 0.0 ? e / (1.0 + e) : 1.0 / (1.0 + e);
    return ((-y * sigmoid) * g) * s;
  }
  static float Gradient(float g, float x, float y, float s, const pointwise::TermParams&) {
    float result;
    return GradientInFloat(g, x, y, s, &result) ? result : static_cast<float>(GradientInDouble(g, x, y, s));
  }
};

}  // namespace openaclnn::soft_margin_loss

#endif  // OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_H_
