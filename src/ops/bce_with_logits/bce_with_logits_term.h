// The element terms of aclnnBinaryCrossEntropyWithLogits and its two backwards, scalar form (the reference
// kernels use it): the forward in float (DECISIONS 17; its double form where the float one leaves float's normal
// range), the gradients in double from the float inputs and rounded once (so that they meet an ulp bound where
// float arithmetic would cancel: sigmoid(x) - y). x = self, y = target,
// w = weight and pw = posWeight (1 where absent), e = exp(-|x|), L = log1p(e) (stable: no input overflows):
//   loss     = w * ((1 - y) * max(x, 0) - pw * y * min(x, 0) + (1 + (pw - 1) * y) * L)
//              (= w * ((1 - y) * x + (1 + (pw - 1) * y) * softplus(-x)), DECISIONS 19; in float with L's weight
//              as (1 - y) + pw * y, ValueInFloat)
//   d / dx   = ((1 - y) * sigmoid(x) - pw * y * sigmoid(-x)) * w * g * s,  sigmoid(|x|) = 1 / (1 + e),
//              sigmoid(-|x|) = e * sigmoid(|x|)
//   d / dy   = (-(x >= 0 ? x : pw * x) + (pw - 1) * L) * w * g * s
//              (= (log sigmoid(-x) - pw * log sigmoid(x)) * w * g * s), and without posWeight
//              ((-x * w) * g) * s, PyTorch's form, which needs no exp or log
// s is the reduction's factor. exp and the softplus tail log1p(exp(-|x|)) are det_math_for_float's (the same IEEE
// operations on every path).
#ifndef OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_TERM_H_
#define OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_TERM_H_

#include <cmath>

#include "backend/cpu/det_math_float.h"
#include "backend/cpu/det_math_for_float.h"
#include "ops/pointwise/run.h"

namespace openaclnn::bce_with_logits {

// weight and posWeight, in this order (engine.h's ExtraOperands).
inline constexpr int kWeight = 0;
inline constexpr int kPosWeight = 1;

struct BceWithLogitsTerm {
  static constexpr int kExtraOperands = 2;
  static constexpr int kTranscendentals = 2;  // exp(-|x|) and log1p.

  // The loss in float: (1 - y) max(x, 0) - (pw y) min(x, 0) + ((1 - y) + pw y) L, times w, with L =
  // SoftplusTailF(x) (its weight as (1 - y) + pw y, a sum of two non-negative products for y in [0, 1], where
  // 1 + (pw - 1) y would cancel); true where the sum and the result are zero or normal floats.
  static bool ValueInFloat(float x, float y, float w, float pw, float* result) {
    const float positive = x > 0.0f ? x : 0.0f;
    const float negative = x < 0.0f ? x : 0.0f;
    const float complement = 1.0f - y;
    const float pw_y = pw * y;
    const float sum = (complement * positive - pw_y * negative) + (complement + pw_y) * cpu::det::SoftplusTailF(x);
    *result = w * sum;
    return cpu::det::IsZeroOrNormalF(sum) && cpu::det::IsZeroOrNormalF(*result);
  }
  // The double form, for the rest (sums or results outside float's normal range, NaN operands).
  static double ValueInDouble(double x, double y, double w, double pw) {
    const double positive = x > 0.0 ? x : 0.0;
    const double negative = x < 0.0 ? x : 0.0;
    return w * ((1.0 - y) * positive - pw * y * negative + (1.0 + (pw - 1.0) * y) * cpu::det::SoftplusTailForFloat(x));
  }
  static double Value(double x, double y, double w, double pw, const pointwise::TermParams&) {
    float result;
    return ValueInFloat(static_cast<float>(x), static_cast<float>(y), static_cast<float>(w), static_cast<float>(pw),
                        &result)
               ? result
               : ValueInDouble(x, y, w, pw);
  }

  static float Gradient(float g, float x, float y, float w, float pw, float s, const pointwise::TermParams&) {
    const double xd = x, yd = y;
    const double e = cpu::det::ExpForFloat(-std::fabs(xd));
    const double sigmoid_abs = 1.0 / (1.0 + e);
    const double sigmoid_minus_abs = e * sigmoid_abs;  // One division per element.
    const bool non_negative = xd >= 0.0;
    const double sigmoid = non_negative ? sigmoid_abs : sigmoid_minus_abs;
    const double sigmoid_minus = non_negative ? sigmoid_minus_abs : sigmoid_abs;
    const double term = (1.0 - yd) * sigmoid - static_cast<double>(pw) * yd * sigmoid_minus;
    return static_cast<float>(((term * w) * g) * s);
  }
};

// The gradient with respect to target; Value is the forward's (unused by that operator).
struct BceWithLogitsTargetTerm : BceWithLogitsTerm {
  static float Gradient(float g, float x, float, float w, float pw, float s, const pointwise::TermParams&) {
    const double xd = x, pwd = pw;
    const double linear = xd >= 0.0 ? xd : pwd * xd;
    const double term = (pwd - 1.0) * cpu::det::SoftplusTailForFloat(xd) - linear;
    return static_cast<float>(((term * w) * g) * s);
  }
};

// The gradient with respect to target when posWeight is absent (its one extra operand is the weight).
struct BceWithLogitsTargetNoPosWeightTerm {
  static constexpr int kExtraOperands = 1;

  static double Value(double x, double y, double w, const pointwise::TermParams& p) {
    return BceWithLogitsTerm::Value(x, y, w, 1.0, p);
  }
  static float Gradient(float g, float x, float, float w, float s, const pointwise::TermParams&) {
    const double xd = x;
    return static_cast<float>(((-xd * w) * g) * s);
  }
};

}  // namespace openaclnn::bce_with_logits

#endif  // OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_TERM_H_
