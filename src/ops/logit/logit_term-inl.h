// The logit's element terms, vector form: the operations of logit_term.h, in the same order (the clamp and the
// fill chosen per lane by the same comparisons). Per-target header (Highway's toggle convention).
#if defined(OPENACLNN_OPS_LOGIT_LOGIT_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_LOGIT_LOGIT_TERM_INL_H_
#undef OPENACLNN_OPS_LOGIT_LOGIT_TERM_INL_H_
#else
#define OPENACLNN_OPS_LOGIT_LOGIT_TERM_INL_H_
#endif

#include <limits>

#include "backend/cpu/det_math-inl.h"
#include "hwy/highway.h"
#include "ops/logit/logit_term.h"
#include "ops/pointwise/double_lanes-inl.h"

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
      z = hn::IfThenElse(hn::Ge(x, lo), hn::IfThenElse(hn::Le(x, hi), x, hi), lo);
      z = hn::IfThenElse(hn::IsNaN(x), x, z);
    }
    return cpu::HWY_NAMESPACE::LogVec(dd, hn::Div(z, hn::Sub(hn::Set(dd, 1.0), z)));
  }
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> s,
                                            const pointwise::TermParams& p) {
    const bool clamped = p.eps >= 0.0f;
    const double lo = clamped ? p.eps : 0.0f;
    const double hi = clamped ? 1.0f - p.eps : 1.0f;
    const double fill = clamped ? 0.0 : std::numeric_limits<double>::quiet_NaN();
    return pointwise::HWY_NAMESPACE::InDoubleLanes(df, g, x, y, s, [=](auto dd, auto gd, auto xd, auto, auto) {
      const auto in_range = hn::And(hn::Ge(xd, hn::Set(dd, lo)), hn::Le(xd, hn::Set(dd, hi)));
      const auto value = hn::Div(gd, hn::Mul(xd, hn::Sub(hn::Set(dd, 1.0), xd)));
      return hn::IfThenElse(in_range, value, hn::Set(dd, fill));
    });
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::logit
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_LOGIT_LOGIT_TERM_INL_H_
