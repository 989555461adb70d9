// Double lanes narrowed to float as a cast does (DemoteToFloat, for every store of a double result), and for
// gradient terms evaluated in double (those with exp, log or log1p, DECISIONS 18): a vector term's GradientVec
// receives float lanes; InDoubleLanes promotes them to double lanes, applies the term's double form and rounds
// each lane once to float, as the scalar form's static_cast<float> does. Per-target header (Highway's
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

#if HWY_HAVE_FLOAT64  // Every target the library compiles has double lanes; the terms in double need them.

// Double lanes to float lanes, each rounded once, infinities and values beyond FLOAT's range becoming +-inf as a
// cast (the reference kernels') does: Highway's HWY_SCALAR DemoteTo saturates them to the largest float instead.
template <class DF, class VD>
HWY_INLINE hn::Vec<DF> DemoteToFloat(DF df, VD value) {
#if HWY_TARGET == HWY_SCALAR
  return hn::Set(df, static_cast<float>(hn::GetLane(value)));
#else
  return hn::DemoteTo(df, value);
#endif
}

// fn(dd, v...) on double lanes, for float lanes v... (any number of them); each result lane rounded once to float.
template <class DF, class Fn, class... V>
HWY_INLINE hn::Vec<DF> InDoubleLanesOf(DF df, const Fn& fn, V... v) {
#if HWY_TARGET == HWY_SCALAR
  const hn::Rebind<double, DF> dd;
  return DemoteToFloat(df, fn(dd, hn::PromoteTo(dd, v)...));
#else
  const hn::Half<DF> dh;
  const hn::Rebind<double, decltype(dh)> dd;
  const auto low = fn(dd, hn::PromoteTo(dd, hn::LowerHalf(dh, v))...);
  const auto high = fn(dd, hn::PromoteTo(dd, hn::UpperHalf(dh, v))...);
  return hn::Combine(df, DemoteToFloat(dh, high), DemoteToFloat(dh, low));
#endif
}

// The usual gradient form: fn(dd, g, x, y, s).
template <class DF, class Fn>
HWY_INLINE hn::Vec<DF> InDoubleLanes(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> s,
                                     const Fn& fn) {
  return InDoubleLanesOf(df, fn, g, x, y, s);
}

// A forward term computed in float (ops/pointwise/engine-inl.h, HasFloatTerm) on the engine's double lanes v...
// (exact floats): in_float(df, v_float..., mask) on them narrowed, widened; where mask is clear, in_double(dd, v...),
// the term's double form. The term's ValueVec, derived from its two forms.
template <class DD, class InFloat, class InDouble, class... V>
HWY_INLINE hn::Vec<DD> FloatTermOnDoubleLanes(DD dd, const InFloat& in_float, const InDouble& in_double, V... v) {
  const hn::Rebind<float, DD> df;
  hn::Mask<decltype(df)> mask;
  const auto widened = hn::PromoteTo(dd, in_float(df, DemoteToFloat(df, v)..., mask));
  if (HWY_LIKELY(hn::AllTrue(df, mask))) {
    return widened;
  }
  const auto wide_mask = hn::Ne(hn::PromoteTo(dd, hn::IfThenElseZero(mask, hn::Set(df, 1.0f))), hn::Zero(dd));
  return hn::IfThenElse(wide_mask, widened, in_double(dd, v...));
}

#endif  // HWY_HAVE_FLOAT64

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::pointwise
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_POINTWISE_DOUBLE_LANES_INL_H_
