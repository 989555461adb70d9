// The element terms of aclnnLogit and aclnnLogitGrad, scalar form (the reference kernels use them), unary: the
// engine hands x as both inputs. eps is CANN's attribute as its float kernels read it; lo = eps, hi = 1 - eps in
// float (POINTWISE-LOSS-FACTS 12.1):
//   logit     z = x clamped to [lo, hi] by comparisons on x (x < lo gives lo, else x > hi gives hi; so eps > 0.5
//             gives lo below lo and hi above it, as CANN), NaN kept; no clamp for eps < 0 (or NaN);
//             then log(z / (1 - z)) in double (z = 0: -inf, 1: +inf, outside [0, 1]: NaN)
//   gradient  g / (x (1 - x)) in double where lo <= x <= hi (eps >= 0; 0 elsewhere, NaN x included) or
//             0 <= x <= 1 (eps < 0; NaN elsewhere), rounded once to float
// log: backend/cpu/det_math.h. The gradient's factor s is always 1 (no reduction).
#ifndef OPENACLNN_OPS_LOGIT_LOGIT_TERM_H_
#define OPENACLNN_OPS_LOGIT_LOGIT_TERM_H_

#include <cmath>
#include <limits>

#include "backend/cpu/det_math.h"
#include "ops/pointwise/run.h"

namespace openaclnn::logit {

struct LogitTerm {
  static constexpr int kTranscendentals = 1;  // The log.
  static double Value(double x, double, const pointwise::TermParams& p) {
    double z = x;
    if (p.eps >= 0.0f) {
      const float lo = p.eps;
      const float hi = 1.0f - p.eps;
      z = std::isnan(x) ? x : (x >= lo ? (x <= hi ? x : hi) : lo);
    }
    return cpu::det::Log(z / (1.0 - z));
  }
  static double GradientInDouble(double g, double x, const pointwise::TermParams& p) {
    const bool clamped = p.eps >= 0.0f;
    const double lo = clamped ? p.eps : 0.0f;
    const double hi = clamped ? 1.0f - p.eps : 1.0f;
    const double fill = clamped ? 0.0 : std::numeric_limits<double>::quiet_NaN();
    return x >= lo && x <= hi ? g / (x * (1.0 - x)) : fill;
  }
  static float Gradient(float g, float x, float, float, const pointwise::TermParams& p) {
    return static_cast<float>(GradientInDouble(g, x, p));
  }
};

}  // namespace openaclnn::logit

#endif  // OPENACLNN_OPS_LOGIT_LOGIT_TERM_H_
