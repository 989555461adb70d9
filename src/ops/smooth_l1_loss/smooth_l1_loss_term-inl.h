// The element term of the smooth L1 loss, vector form: the operations of smooth_l1_loss_term.h, in the same order
// (both branches are evaluated and one is selected per lane). Per-target header (Highway's toggle convention).
#if defined(OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_INL_H_
#undef OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_INL_H_
#else
#define OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_INL_H_
#endif

#include "hwy/highway.h"
#include "ops/smooth_l1_loss/smooth_l1_loss_term.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::smooth_l1_loss {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

struct SmoothL1VecTerm : SmoothL1Term {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y, const pointwise::TermParams& p) {
    const auto beta = hn::Set(dd, static_cast<double>(p.beta));
    const auto half = hn::Set(dd, 0.5);
    const auto d = hn::Sub(x, y);
    const auto magnitude = hn::Abs(d);
    const auto half_square = hn::Mul(hn::Mul(half, d), d);
    const auto quadratic = p.exact_inverse_beta != 0.0
                               ? hn::Mul(half_square, hn::Set(dd, p.exact_inverse_beta))
                               : hn::Div(half_square, beta);
    const auto linear = hn::Sub(magnitude, hn::Mul(half, beta));
    return hn::IfThenElse(hn::Lt(magnitude, beta), quadratic, linear);
  }
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> s,
                                            const pointwise::TermParams& p) {
    const auto one = hn::Set(df, 1.0f);
    const auto beta = hn::Set(df, p.beta);
    const auto d = hn::Sub(x, y);
    const auto sign = hn::Sub(hn::IfThenElseZero(hn::Gt(x, y), one), hn::IfThenElseZero(hn::Lt(x, y), one));
    const auto use_sign = hn::Or(hn::Gt(hn::Abs(d), beta), hn::Eq(beta, hn::Zero(df)));
    const auto t = hn::IfThenElse(use_sign, sign, hn::Div(d, beta));
    return hn::Mul(hn::Mul(t, g), s);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::smooth_l1_loss
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_INL_H_
