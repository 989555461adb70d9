// The element term of aclnnSoftMarginLoss and aclnnSoftMarginLossBackward, scalar form (the reference kernels use
// it), with z = y * x (exact in double for float inputs):
//   loss     = max(-z, 0) + log1p(exp(-|z|))          softplus(-z) in its stable form (DECISIONS 19), in double
//   gradient = ((-y * sigmoid(-z)) * g) * s            in double, rounded once to float; sigmoid(-z) is
//              e / (1 + e) for z >= 0 and 1 / (1 + e) otherwise, e = exp(-|z|), so no finite input overflows
// s = 1, or 1 / N for mean (N: the broadcast's element count, CANN's). exp and the softplus tail: backend/cpu/det_math_for_float.h, the
// same operations on every path. NaN in x or y gives NaN (max is a comparison, so a NaN z reaches log1p).
#ifndef OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_H_
#define OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_H_

#include <cmath>

#include "backend/cpu/det_math_for_float.h"
#include "ops/pointwise/run.h"

namespace openaclnn::soft_margin_loss {

struct SoftMarginTerm {
  static constexpr int kTranscendentals = 2;  // exp and log1p (the gradient: exp).
  static double Value(double x, double y, const pointwise::TermParams&) {
    const double minus_z = -(y * x);
    return (minus_z > 0.0 ? minus_z : 0.0) + cpu::det::SoftplusTailForFloat(minus_z);
  }
  static double GradientInDouble(double g, double x, double y, double s) {
    const double z = y * x;
    const double e = cpu::det::ExpForFloat(-std::fabs(z));
    const double sigmoid = z >= 0.0 ? e / (1.0 + e) : 1.0 / (1.0 + e);
    return ((-y * sigmoid) * g) * s;
  }
  static float Gradient(float g, float x, float y, float s, const pointwise::TermParams&) {
    return static_cast<float>(GradientInDouble(g, x, y, s));
  }
};

}  // namespace openaclnn::soft_margin_loss

#endif  // OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_H_
