// The element term of the MSE loss, vector form: the operations of mse_loss_term.h, in the same order.
// Per-target header (Highway's toggle convention): include after hwy/highway.h in a foreach_target.h file.
#if defined(OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_TERM_INL_H_
#undef OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_TERM_INL_H_
#else
#define OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_TERM_INL_H_
#endif

#include "hwy/highway.h"
#include "ops/pointwise/float_term-inl.h"
#include "ops/mse_loss/mse_loss_term.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::mse_loss {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

struct MseVecTerm : MseTerm {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD, hn::Vec<DD> x, hn::Vec<DD> y, const pointwise::TermParams&) {
    const auto difference = hn::Sub(x, y);
    return hn::Mul(difference, difference);
  }
  // The float form (ops/pointwise/float_term-inl.h): where fl(x - y) is exact, its square is (x - y)^2 rounded
  // once in float as in double, and exact where d has at most 12 significant bits.
  template <class DF>
  static HWY_INLINE hn::Vec<DF> ValueFloatVec(DF df, hn::Vec<DF> x, hn::Vec<DF> y, const pointwise::NoFloatConstants&,
                                              hn::Mask<DF>& once, hn::Mask<DF>& exact) {
    namespace fp = pointwise::HWY_NAMESPACE;
    const auto d = hn::Sub(x, y);
    once = fp::DifferenceIsExact(df, x, y, d);
    exact = hn::And(once, fp::SquareIsExact(df, d));
    return hn::Mul(d, d);
  }
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> s,
                                              const pointwise::TermParams&) {
    return hn::Mul(hn::Mul(s, hn::Sub(x, y)), g);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::mse_loss
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_TERM_INL_H_
