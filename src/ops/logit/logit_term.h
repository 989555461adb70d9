// The element terms of aclnnLogit and aclnnLogitGrad, scalar form (the reference kernels use them), unary: the
// engine hands x as both inputs. eps is CANN's attribute as its float kernels read it; lo = eps, hi = 1 - eps in
// float (POINTWISE-LOSS-FACTS 12.1):
//   logit     z = x clamped to [lo, hi] by comparisons on x (x < lo gives lo, else x > hi gives hi; so eps > 0.5
//             gives lo below lo and hi above it, as CANN), NaN kept; no clamp for eps < 0 (or NaN);
//             then log(z / (1 - z)) in double, as the logarithm of the ratio of z and 1 - z with one division
//             (z = 0: -inf, 1: +inf, outside [0, 1]: NaN); 1 - z is exact in double for z >= 2^-29, and below
//             that its rounding moves the result by under 2^-53 relative
//   gradient  g / (x (1 - x)) in float (DECISIONS 4) where lo <= x <= hi (eps >= 0; 0 elsewhere, NaN x
//             included) or 0 <= x <= 1 (eps < 0; NaN elsewhere)
// LogRatioForFloat: backend/cpu/det_math_for_float.h. The gradient's factor s is always 1 (no reduction).
//
// Why float keeps the gradient within 2 ulp of the float64 reference rounded once (DECISIONS 18), u = 2^-24:
// 1 - x is exact for x >= 0.5, so there only the product rounds before the quotient (within 1 ulp). Below 0.5,
// 1 - x errs by at most half its ulp (2^-25) and the product by at most u over its significand; together the
// rounded product is within 1.585 u of x (1 - x) relatively (largest near x = 0.146, where the product's
// significand is near 1; the maximum over every float x), so the quotient of the rounded operands is within 1.6
// ulp of the true one and its own rounding crosses at most two rounding boundaries that the reference's does
// not. Subnormal x: 1 - x rounds to 1 and the product is x itself. A 16-bit result (one more rounding, from
// float) stays within 1 ulp.
#ifndef OPENACLNN_OPS_LOGIT_LOGIT_TERM_H_
#define OPENACLNN_OPS_LOGIT_LOGIT_TERM_H_

#include <cmath>
#include <limits>

#include "backend/cpu/det_math_for_float.h"
#include "ops/pointwise/run.h"

namespace openaclnn::logit {

struct LogitTerm {
  static constexpr int kTranscendentals = 1;          // The forward's log.
  static constexpr int kGradientTranscendentals = 0;  // One division: the gradient streams like a copy.
  static double Value(double x, double, const pointwise::TermParams& p) {
    double z = x;
    if (p.eps >= 0.0f) {
      const float lo = p.eps;
      const float hi = 1.0f - p.eps;
      z = x < lo ? lo : (x > hi ? hi : x);  // NaN fails both comparisons and stays.
    }
    return cpu::det::LogRatioForFloat(z, 1.0 - z);
  }
  static float Gradient(float g, float x, float, float, const pointwise::TermParams& p) {
    const bool clamped = p.eps >= 0.0f;
    const float lo = clamped ? p.eps : 0.0f;
    const float hi = clamped ? 1.0f - p.eps : 1.0f;
    const float fill = clamped ? 0.0f : std::numeric_limits<float>::quiet_NaN();
    return x >= lo && x <= hi ? g / (x * (1.0f - x)) : fill;
  }
};

}  // namespace openaclnn::logit

#endif  // OPENACLNN_OPS_LOGIT_LOGIT_TERM_H_
