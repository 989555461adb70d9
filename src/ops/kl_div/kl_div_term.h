// The element terms of aclnnKlDiv, aclnnKlDivBackward and aclnnKlDivTargetBackward, scalar form (the reference
// kernels use them), with x = self (log-probabilities), t = target and p.log_target CANN's logTarget:
//   loss          t * (log t' - x), t' = 1 where t == 0 (so t == 0 adds 0, CANN's xlogy form; t < 0 gives NaN)
//                 exp(t) * (t - x) for logTarget, and 0 where t == x (exp(t) may overflow where the loss is 0)
//   by self       ((-t) * g) * s in float (DECISIONS 4: two float roundings, exact inputs), or for logTarget
//                 ((-exp(t)) * g) * s in double
//   by target     CANN's composition with gs = g * s: (gs log t - gs x) + (gs t) / t (NaN at t == 0, as CANN and
//                 PyTorch's autograd give), or (gs (t - x)) exp(t) + gs exp(t) for logTarget (0 where
//                 t - x + 1 == 0: exp(t) may overflow where the gradient is 0)
// the rest in double (DECISIONS 17; the gradients rounded once to float), exp and log from backend/cpu/det_math_for_float.h.
// s = 1, or 1 / N for mean (the broadcast's element count) and batchmean (its first dimension).
#ifndef OPENACLNN_OPS_KL_DIV_KL_DIV_TERM_H_
#define OPENACLNN_OPS_KL_DIV_KL_DIV_TERM_H_

#include "backend/cpu/det_math_for_float.h"
#include "ops/pointwise/run.h"

namespace openaclnn::kl_div {

struct KlDivTerm {
  static constexpr int kTranscendentals = 1;  // log(t), or exp(t) with logTarget.
  static double Value(double x, double t, const pointwise::TermParams& p) {
    if (p.log_target) {
      const double d = t - x;
      return d == 0.0 ? 0.0 : cpu::det::ExpForFloat(t) * d;
    }
    return t * ((t == 0.0 ? 0.0 : cpu::det::LogForFloat(t)) - x);
  }
  static float Gradient(float g, float, float t, float s, const pointwise::TermParams& p) {
    if (p.log_target) {
      return static_cast<float>(((-cpu::det::ExpForFloat(t)) * g) * static_cast<double>(s));
    }
    return ((-t) * g) * s;
  }
};

// The same loss; the gradient by target.
struct KlDivTargetTerm : KlDivTerm {
  static double GradientInDouble(double g, double x, double t, double s, bool log_target) {
    const double gs = g * s;
    if (log_target) {
      const double d = t - x;
      const double e = cpu::det::ExpForFloat(t);
      return d + 1.0 == 0.0 ? 0.0 : (gs * d) * e + gs * e;
    }
    return (gs * cpu::det::LogForFloat(t) - gs * x) + (gs * t) / t;
  }
  static float Gradient(float g, float x, float t, float s, const pointwise::TermParams& p) {
    return static_cast<float>(GradientInDouble(g, x, t, s, p.log_target));
  }
};

}  // namespace openaclnn::kl_div

#endif  // OPENACLNN_OPS_KL_DIV_KL_DIV_TERM_H_
