// The element term of the soft margin loss, vector form: the operations of soft_margin_loss_term.h, in the same
// order (the sigmoid's numerator, e or 1, is selected per lane before its one division). Per-target header
// (Highway's toggle convention).
#if defined(OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_INL_H_
#undef OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_INL_H_
#else
#define OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_INL_H_
#endif

#include "backend/cpu/det_math_for_float-inl.h"
#include "hwy/highway.h"
#include "ops/pointwise/double_lanes-inl.h"
#include "ops/soft_margin_loss/soft_margin_loss_term.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::soft_margin_loss {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

struct SoftMarginVecTerm : SoftMarginTerm {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y, const pointwise::TermParams&) {
    const auto minus_z = hn::Neg(hn::Mul(y, x));
    const auto positive = hn::IfThenElseZero(hn::Gt(minus_z, hn::Zero(dd)), minus_z);
    const auto softplus_tail =
        cpu::HWY_NAMESPACE::SoftplusTailForFloatVec(dd, minus_z);
    return hn::Add(positive, softplus_tail);
  }
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> s,
                                            const pointwise::TermParams&) {
    return pointwise::HWY_NAMESPACE::InDoubleLanes(df, g, x, y, s, [](auto dd, auto gd, auto xd, auto yd, auto sd) {
      const auto one = hn::Set(dd, 1.0);
      const auto z = hn::Mul(yd, xd);
      const auto e = cpu::HWY_NAMESPACE::ExpForFloatVec(dd, hn::Neg(hn::Abs(z)));
      // The scalar form divides e or 1 by 1 + e: dividing the selected numerator is the same division, one per
      // lane instead of two.
      const auto sigmoid = hn::Div(hn::IfThenElse(hn::Ge(z, hn::Zero(dd)), e, one), hn::Add(one, e));
      return hn::Mul(hn::Mul(hn::Mul(hn::Neg(yd), sigmoid), gd), sd);
    });
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::soft_margin_loss
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_INL_H_
