// The KL divergence's element terms, vector form: the operations of kl_div_term.h, in the same order (the
// special cases are selected per lane afterwards). Per-target header (Highway's toggle convention).
#if defined(OPENACLNN_OPS_KL_DIV_KL_DIV_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_KL_DIV_KL_DIV_TERM_INL_H_
#undef OPENACLNN_OPS_KL_DIV_KL_DIV_TERM_INL_H_
#else
#define OPENACLNN_OPS_KL_DIV_KL_DIV_TERM_INL_H_
#endif

#include "backend/cpu/det_math_for_float-inl.h"
#include "hwy/highway.h"
#include "ops/kl_div/kl_div_term.h"
#include "ops/pointwise/double_lanes-inl.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::kl_div {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace det = cpu::HWY_NAMESPACE;

struct KlDivVecTerm : KlDivTerm {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> t, const pointwise::TermParams& p) {
    const auto zero = hn::Zero(dd);
    if (p.log_target) {
      const auto d = hn::Sub(t, x);
      return hn::IfThenZeroElse(hn::Eq(d, zero), hn::Mul(det::ExpForFloatVec(dd, t), d));
    }
    const auto log_t = hn::IfThenZeroElse(hn::Eq(t, zero), det::LogForFloatVec(dd, t));
    return hn::Mul(t, hn::Sub(log_t, x));
  }
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> t, hn::Vec<DF> s,
                                            const pointwise::TermParams& p) {
    if (!p.log_target) {
      return hn::Mul(hn::Mul(hn::Neg(t), g), s);
    }
    return pointwise::HWY_NAMESPACE::InDoubleLanes(df, g, x, t, s, [](auto dd, auto gd, auto, auto td, auto sd) {
      return hn::Mul(hn::Mul(hn::Neg(det::ExpForFloatVec(dd, td)), gd), sd);
    });
  }
};

struct KlDivTargetVecTerm : KlDivTargetTerm {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> t, const pointwise::TermParams& p) {
    return KlDivVecTerm::ValueVec(dd, x, t, p);
  }
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> t, hn::Vec<DF> s,
                                            const pointwise::TermParams& p) {
    const bool log_target = p.log_target;
    return pointwise::HWY_NAMESPACE::InDoubleLanes(df, g, x, t, s, [log_target](auto dd, auto gd, auto xd, auto td,
                                                                                auto sd) {
      const auto gs = hn::Mul(gd, sd);
      if (log_target) {
        const auto d = hn::Sub(td, xd);
        const auto e = det::ExpForFloatVec(dd, td);
        const auto v = hn::Add(hn::Mul(hn::Mul(gs, d), e), hn::Mul(gs, e));
        return hn::IfThenZeroElse(hn::Eq(hn::Add(d, hn::Set(dd, 1.0)), hn::Zero(dd)), v);
      }
      return hn::Add(hn::Sub(hn::Mul(gs, det::LogForFloatVec(dd, td)), hn::Mul(gs, xd)), hn::Div(hn::Mul(gs, td), td));
    });
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::kl_div
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_KL_DIV_KL_DIV_TERM_INL_H_
