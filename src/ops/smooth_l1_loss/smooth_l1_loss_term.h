// The element term of aclnnSmoothL1Loss and aclnnSmoothL1LossBackward, scalar form (the reference kernels use it),
// with d = x - y and beta >= 0 (checked by phase 1):
//   loss     = |d| < beta ? 0.5 * d * d / beta : |d| - 0.5 * beta      in double (DECISIONS 17); beta = 0 gives |d|
//   gradient = (t * g) * s, t = |d| > beta ? sign(d) : d / beta          in float; s = 1, or 1 / numel(self) for mean
// sign is taken by comparison (0 for x == y or NaN), as for the L1 loss; beta = 0 takes the sign everywhere, so
// d = 0 gives 0 (PyTorch's l1 gradient) where d / beta would be 0 / 0 (docs/smooth_l1_loss.md). At |d| == beta,
// d / beta is exactly +-1, the value of both branches. Where beta is a power of two the forward multiplies by
// p.exact_inverse_beta instead of dividing: the same exact product, so the same rounding and the same bits.
#ifndef OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_H_
#define OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_H_

#include <cmath>

#include "ops/pointwise/run.h"

namespace openaclnn::smooth_l1_loss {

struct SmoothL1Term {
  static double Value(double x, double y, const pointwise::TermParams& p) {
    const double beta = p.beta;
    const double d = x - y;
    const double magnitude = std::fabs(d);
    if (!(magnitude < beta)) {
      return magnitude - 0.5 * beta;
    }
    const double half_square = 0.5 * d * d;
    return p.exact_inverse_beta != 0.0 ? half_square * p.exact_inverse_beta : half_square / beta;
  }
  static float Gradient(float g, float x, float y, float s, const pointwise::TermParams& p) {
    const float d = x - y;
    const float sign = (x > y ? 1.0f : 0.0f) - (x < y ? 1.0f : 0.0f);
    const float t = (std::fabs(d) > p.beta || p.beta == 0.0f) ? sign : d / p.beta;
    return (t * g) * s;
  }
};

}  // namespace openaclnn::smooth_l1_loss

#endif  // OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_H_
