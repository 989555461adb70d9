// The per-element loss of aclnnBinaryCrossEntropy, in double from float inputs (every FLOAT, FLOAT16 and BFLOAT16
// value is exact in double):
//   loss = -(y * max(log(x), -100) + (1 - y) * max(log(1 - x), -100))   then   * w (if a weight is given).
// log(1 - x) is evaluated as log1p(-x), exact-ish also for tiny x where 1 - x would round to 1. The clamp at -100
// (PyTorch's and CANN's) keeps x = 0 or 1 finite: 0 * -100 = 0 where 0 * log(0) would be NaN. x outside [0, 1] and
// NaN give NaN (the comparison below lets NaN through). Every kernel must evaluate exactly these operations with
// the C library's double log/log1p, so results are bit-identical on every path.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_MATH_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_MATH_H_

#include <cmath>

namespace openaclnn::bce_forward {

inline constexpr double kLogClamp = -100.0;

// max(v, -100) that keeps a NaN v.
inline double ClampLog(double v) { return v < kLogClamp ? kLogClamp : v; }

inline double BceLoss(double x, double y) {
  const double log_x = ClampLog(std::log(x));
  const double log_one_minus_x = ClampLog(std::log1p(-x));
  return -(y * log_x + (1.0 - y) * log_one_minus_x);
}

}  // namespace openaclnn::bce_forward

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_MATH_H_
