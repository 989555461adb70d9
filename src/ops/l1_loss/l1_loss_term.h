// The element term of aclnnL1Loss and aclnnL1LossBackward, scalar form (the reference kernels use it):
//   loss     = |x - y|                          in double, from the float inputs (DECISIONS 17)
//   gradient = (sign(x - y) * g) * s            in float; s = 1, or 1 / numel(broadcast) for mean
// sign is taken by comparison, as CANN's kernel does: 1 for x > y, -1 for x < y, +0 otherwise, so a NaN in x or
// y gives a zero sign (and 0 * g, which is NaN only for an infinite or NaN g).
#ifndef OPENACLNN_OPS_L1_LOSS_L1_LOSS_TERM_H_
#define OPENACLNN_OPS_L1_LOSS_L1_LOSS_TERM_H_

#include <cmath>

namespace openaclnn::l1_loss {

struct L1Term {
  static double Value(double x, double y) { return std::fabs(x - y); }
  static float Gradient(float g, float x, float y, float s) {
    const float sign = (x > y ? 1.0f : 0.0f) - (x < y ? 1.0f : 0.0f);
    return (sign * g) * s;
  }
};

}  // namespace openaclnn::l1_loss

#endif  // OPENACLNN_OPS_L1_LOSS_L1_LOSS_TERM_H_
