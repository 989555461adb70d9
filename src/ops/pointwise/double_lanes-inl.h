// For gradient terms evaluated in double (those with exp, log or log1p, DECISIONS 18): a vector term's
// GradientVec receives float lanes; InDoubleLanes promotes them to double lanes, applies the term's double form
// and rounds each lane once to float, as the scalar form's static_cast<float> does. Per-target header (Highway's
// toggle convention): include after hwy/highway.h in a file compiled through foreach_target.h.
#if defined(OPENACLNN_OPS_POINTWISE_DOUBLE_LANES_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_POINTWISE_DOUBLE_LANES_INL_H_
#undef OPENACLNN_OPS_POINTWISE_DOUBLE_LANES_INL_H_
#else
#define OPENACLNN_OPS_POINTWISE_DOUBLE_LANES_INL_H_
#endif

#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::pointwise {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

#if !HWY_HAVE_FLOAT64
#error "the pointwise gradient terms in double need a target with double lanes"
#endif

// fn(dd, g, x, y, s) on double lanes, for the float lanes g, x, y and s; each lane rounded once to float.
template <class DF, class Fn>
HWY_INLINE hn::Vec<DF> InDoubleLanes(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> s,
                                     const Fn& fn) {
#if HWY_TARGET == HWY_SCALAR
  const hn::Rebind<double, DF> dd;
  return hn::DemoteTo(df, fn(dd, hn::PromoteTo(dd, g), hn::PromoteTo(dd, x), hn::PromoteTo(dd, y),
                             hn::PromoteTo(dd, s)));
#else
  const hn::Half<DF> dh;
  const hn::Rebind<double, decltype(dh)> dd;
  auto lower = [&](hn::Vec<DF> v) { return hn::PromoteTo(dd, hn::LowerHalf(dh, v)); };
  auto upper = [&](hn::Vec<DF> v) { return hn::PromoteTo(dd, hn::UpperHalf(dh, v)); };
  const auto low = fn(dd, lower(g), lower(x), lower(y), lower(s));
  const auto high = fn(dd, upper(g), upper(x), upper(y), upper(s));
  return hn::Combine(df, hn::DemoteTo(dh, high), hn::DemoteTo(dh, low));
#endif
}

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::pointwise
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_POINTWISE_DOUBLE_LANES_INL_H_
