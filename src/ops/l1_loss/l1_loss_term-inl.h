// The element term of the L1 loss, vector form: the operations of l1_loss_term.h, in the same order.
// Per-target header (Highway's toggle convention): include after hwy/highway.h in a foreach_target.h file.
#if defined(OPENACLNN_OPS_L1_LOSS_L1_LOSS_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_L1_LOSS_L1_LOSS_TERM_INL_H_
#undef OPENACLNN_OPS_L1_LOSS_L1_LOSS_TERM_INL_H_
#else
#define OPENACLNN_OPS_L1_LOSS_L1_LOSS_TERM_INL_H_
#endif

#include "hwy/highway.h"
#include "ops/pointwise/float_term-inl.h"
#include "ops/l1_loss/l1_loss_term.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::l1_loss {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

struct L1VecTerm : L1Term {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD, hn::Vec<DD> x, hn::Vec<DD> y, const pointwise::TermParams&) {
    return hn::Abs(hn::Sub(x, y));
  }
  // The float form (ops/pointwise/float_term-inl.h): |fl(x - y)| is |x - y| rounded once, as the double's is; it
  // is exact where the difference is.
  template <class DF>
  static HWY_INLINE hn::Vec<DF> ValueFloatVec(DF df, hn::Vec<DF> x, hn::Vec<DF> y, const pointwise::NoFloatConstants&,
                                              hn::Mask<DF>& once, hn::Mask<DF>& exact) {
    const auto d = hn::Sub(x, y);
    once = hn::Eq(d, d);  // Every lane but NaN ones, which are not finite and go to the double term anyway.
    exact = pointwise::HWY_NAMESPACE::DifferenceIsExact(df, x, y, d);
    return hn::Abs(d);
  }
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> s,
                                              const pointwise::TermParams&) {
    const auto one = hn::Set(df, 1.0f);
    const auto sign = hn::Sub(hn::IfThenElseZero(hn::Gt(x, y), one), hn::IfThenElseZero(hn::Lt(x, y), one));
    return hn::Mul(hn::Mul(sign, g), s);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::l1_loss
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_L1_LOSS_L1_LOSS_TERM_INL_H_
