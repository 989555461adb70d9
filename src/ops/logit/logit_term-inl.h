// The logit's element terms, vector form: the operations of logit_term.h, in the same order (the clamp and the
// fill chosen per lane by the same comparisons). Per-target header (Highway's toggle convention).
#if defined(OPENACLNN_OPS_LOGIT_LOGIT_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_LOGIT_LOGIT_TERM_INL_H_
#undef OPENACLNN_OPS_LOGIT_LOGIT_TERM_INL_H_
#else
#define OPENACLNN_OPS_LOGIT_LOGIT_TERM_INL_H_
#endif

#include <limits>

#include "backend/cpu/det_math_for_float-inl.h"
#include "hwy/highway.h"
#include "ops/logit/logit_term.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::logit {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

struct LogitVecTerm : LogitTerm {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD>, const pointwise::TermParams& p) {
    auto z = x;
    if (p.eps >= 0.0f) {
      const auto lo = hn::Set(dd, static_cast<double>(p.eps));
      const auto hi = hn::Set(dd, static_cast<double>(1.0f - p.eps));
      z = hn::IfThenElse(hn::Lt(x, lo), lo, hn::IfThenElse(hn::Gt(x, hi), hi, x));
    }
    const auto b = hn::Sub(hn::Set(dd, 1.0), z);
    // Inside (0, 1) both operands are positive, finite and normal (z is a 16- or 32-bit float's value, b at least
    // 2^-53), where the ratio's logarithm needs none of the special-value masks: the same bits, fewer operations.
    if (hn::AllTrue(dd, hn::And(hn::Ge(z, hn::Set(dd, cpu::det::kMinNormal)), hn::Gt(b, hn::Zero(dd))))) {
      return cpu::HWY_NAMESPACE::LogRatioOfNormalsVec(dd, z, b);
    }
    return cpu::HWY_NAMESPACE::LogRatioForFloatVec(dd, z, b);
  }
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF>, hn::Vec<DF>,
                                            const pointwise::TermParams& p) {
    const bool clamped = p.eps >= 0.0f;
    const float lo = clamped ? p.eps : 0.0f;
    const float hi = clamped ? 1.0f - p.eps : 1.0f;
    const float fill = clamped ? 0.0f : std::numeric_limits<float>::quiet_NaN();
    const auto in_range = hn::And(hn::Ge(x, hn::Set(df, lo)), hn::Le(x, hn::Set(df, hi)));
    const auto value = hn::Div(g, hn::Mul(x, hn::Sub(hn::Set(df, 1.0f), x)));
    return hn::IfThenElse(in_range, value, hn::Set(df, fill));
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::logit
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_LOGIT_LOGIT_TERM_INL_H_
