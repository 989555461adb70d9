// Highway vector forms of det_math_float.h's LogF, Log1pF, SoftplusTailF, SigmoidF and TanhF on float lanes: the
// same IEEE operations in the same order as the scalar forms, lane by lane (special values and branches chosen by
// masks afterwards), so every target gives the scalar forms' bits. Per-target header: include it after
// hwy/highway.h in a file compiled through foreach_target.h.

// Re-included once per target (Highway's toggle convention), hence no classic include guard.
#if defined(OPENACLNN_BACKEND_CPU_DET_MATH_FLOAT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_BACKEND_CPU_DET_MATH_FLOAT_INL_H_
#undef OPENACLNN_BACKEND_CPU_DET_MATH_FLOAT_INL_H_
#else
#define OPENACLNN_BACKEND_CPU_DET_MATH_FLOAT_INL_H_
#endif

#include <limits>

#include "backend/cpu/det_math-inl.h"
#include "backend/cpu/det_math_float.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::cpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// det::LogOfReducedF.
template <class D>
HWY_INLINE hn::Vec<D> LogOfReducedFVec(D d, hn::Vec<D> f, hn::Vec<D> e) {
  const auto s = hn::Div(f, hn::Add(f, hn::Set(d, 2.0f)));
  const auto s2 = hn::Mul(s, s);
  auto q = hn::Set(d, det::kLogCoefficientsF[4]);
  for (int i = 3; i >= 0; --i) {
    q = hn::Add(hn::Mul(q, s2), hn::Set(d, det::kLogCoefficientsF[i]));
  }
  const auto r = hn::Mul(s2, q);
  const auto log_m = hn::Sub(f, hn::Mul(s, hn::Sub(f, r)));
  return hn::Add(hn::Mul(e, hn::Set(d, det::kLn2HiF)), hn::Add(log_m, hn::Mul(e, hn::Set(d, det::kLn2LoF))));
}

// det::SplitAtSqrtHalf.
template <class D>
HWY_INLINE void SplitAtSqrtHalfVec(D d, hn::Vec<D> positive, hn::Vec<D>* m, hn::Vec<D>* e) {
  const hn::RebindToUnsigned<D> du;
  const hn::RebindToSigned<D> di;
  const auto shifted = hn::Add(hn::BitCast(du, positive), hn::Set(du, det::kToSqrtHalfOffsetF));
  *m = hn::BitCast(d, hn::Add(hn::And(shifted, hn::Set(du, det::kMantissaMaskF)), hn::Set(du, det::kSqrtHalfBitsF)));
  *e = hn::ConvertTo(d, hn::Sub(hn::BitCast(di, hn::ShiftRight<23>(shifted)), hn::Set(di, 127)));
}

// det::LogF.
template <class D>
HWY_INLINE hn::Vec<D> LogFVec(D d, hn::Vec<D> x) {
  const auto zero = hn::Zero(d);
  const auto subnormal = hn::Lt(x, hn::Set(d, det::kMinNormalF));
  hn::Vec<D> m, e;
  // Negative, zero and NaN lanes are split as garbage and replaced below.
  SplitAtSqrtHalfVec(d, hn::IfThenElse(subnormal, hn::Mul(x, hn::Set(d, det::kTwoTo23F)), x), &m, &e);
  e = hn::IfThenElse(subnormal, hn::Sub(e, hn::Set(d, 23.0f)), e);
  auto y = LogOfReducedFVec(d, hn::Sub(m, hn::Set(d, 1.0f)), e);
  y = hn::IfThenElse(hn::Lt(x, zero), hn::Set(d, std::numeric_limits<float>::quiet_NaN()), y);
  y = hn::IfThenElse(hn::Eq(x, zero), hn::Set(d, -std::numeric_limits<float>::infinity()), y);
  const auto pass_through = hn::Or(hn::IsNaN(x), hn::Eq(x, hn::Set(d, std::numeric_limits<float>::infinity())));
  return hn::IfThenElse(pass_through, x, y);
}

// det::Log1pF.
template <class D>
HWY_INLINE hn::Vec<D> Log1pFVec(D d, hn::Vec<D> u) {
  const hn::RebindToSigned<D> di;
  const auto one = hn::Set(d, 1.0f);
  const auto w = hn::Add(one, u);
  const auto c = hn::Sub(u, hn::Sub(w, one));
  hn::Vec<D> m, e;
  SplitAtSqrtHalfVec(d, w, &m, &e);
  const auto inverse_exponent = hn::Max(hn::Sub(hn::Set(di, 127), hn::ConvertTo(di, e)), hn::Zero(di));
  const auto inverse_scale = hn::BitCast(d, hn::ShiftLeft<23>(inverse_exponent));
  auto y = LogOfReducedFVec(d, hn::Add(hn::Sub(m, one), hn::Mul(c, inverse_scale)), e);
  const auto inf = hn::Set(d, std::numeric_limits<float>::infinity());
  y = hn::IfThenElse(hn::Eq(w, hn::Zero(d)), hn::Neg(inf), y);
  y = hn::IfThenElse(hn::Lt(u, hn::Set(d, -1.0f)), hn::Set(d, std::numeric_limits<float>::quiet_NaN()), y);
  const auto itself = hn::Or(hn::Or(hn::Eq(w, one), hn::IsNaN(u)), hn::Eq(u, inf));
  return hn::IfThenElse(itself, u, y);
}

// det::LogOnePlusUnitF.
template <class D>
HWY_INLINE hn::Vec<D> LogOnePlusUnitFVec(D d, hn::Vec<D> e) {
  const auto large = hn::Gt(e, hn::Set(d, 0.5f));
  const auto f = hn::IfThenElse(large, hn::Mul(hn::Sub(e, hn::Set(d, 1.0f)), hn::Set(d, 0.5f)), e);
  return LogOfReducedFVec(d, f, hn::IfThenElseZero(large, hn::Set(d, 1.0f)));
}

// det::SoftplusTailF.
template <class D>
HWY_INLINE hn::Vec<D> SoftplusTailFVec(D d, hn::Vec<D> x) {
  const auto y = LogOnePlusUnitFVec(d, ExpFVec(d, hn::Neg(hn::Abs(x))));
  return hn::IfThenElse(hn::IsNaN(x), x, y);
}

// det::SoftplusTailSumF.
template <class D>
HWY_INLINE hn::Vec<D> SoftplusTailSumFVec(D d, hn::Vec<D> hi, hn::Vec<D> lo) {
  const auto non_negative = hn::Ge(hi, hn::Zero(d));
  const auto e = ExpSumFVec(d, hn::IfThenElse(non_negative, hn::Neg(hi), hi),
                            hn::IfThenElse(non_negative, hn::Neg(lo), lo));
  return hn::IfThenElse(hn::IsNaN(hi), hi, LogOnePlusUnitFVec(d, e));
}

// det::SigmoidF: the numerator, 1 or e, selected per lane before the one division, then each side's correction.
template <class D>
HWY_INLINE hn::Vec<D> SigmoidFVec(D d, hn::Vec<D> x) {
  const auto one = hn::Set(d, 1.0f);
  const auto e = ExpFVec(d, hn::Neg(hn::Abs(x)));
  const auto denominator = hn::Add(one, e);
  const auto non_negative = hn::Ge(x, hn::Zero(d));
  const auto q = hn::Div(hn::IfThenElse(non_negative, one, e), denominator);
  const auto base = hn::IfThenElse(non_negative, q, e);
  const auto correction = hn::IfThenElse(non_negative, hn::Mul(hn::Sub(e, hn::Sub(denominator, one)), q), q);
  const auto y = hn::Sub(base, hn::Mul(base, correction));
  return hn::IfThenElse(hn::IsNaN(x), x, y);
}

// det::TanhSeriesF.
template <class D>
HWY_INLINE hn::Vec<D> TanhSeriesFVec(D d, hn::Vec<D> x) {
  const auto x2 = hn::Mul(x, x);
  auto p = hn::Set(d, det::kTanhCoefficientsF[9]);
  for (int i = 8; i >= 0; --i) {
    p = hn::Add(hn::Mul(p, x2), hn::Set(d, det::kTanhCoefficientsF[i]));
  }
  return hn::Add(x, hn::Mul(x, hn::Mul(x2, p)));
}

// det::TanhF: a vector wholly on one side of kTanhSeriesLimitF computes only that side's form.
template <class D>
HWY_INLINE hn::Vec<D> TanhFVec(D d, hn::Vec<D> x) {
  const auto one = hn::Set(d, 1.0f);
  const auto a = hn::Abs(x);
  const auto series = hn::Lt(a, hn::Set(d, det::kTanhSeriesLimitF));
  if (hn::AllTrue(d, series)) {
    return hn::CopySign(TanhSeriesFVec(d, x), x);
  }
  const auto e = ExpFVec(d, hn::Mul(hn::Set(d, -2.0f), a));
  auto y = hn::CopySign(hn::Div(hn::Sub(one, e), hn::Add(one, e)), x);
  if (!hn::AllFalse(d, series)) {
    y = hn::IfThenElse(series, hn::CopySign(TanhSeriesFVec(d, x), x), y);
  }
  return hn::IfThenElse(hn::IsNaN(x), x, y);
}

// det::IsNormalF and det::IsZeroOrNormalF.
template <class D>
HWY_INLINE hn::Mask<D> NormalFVec(D d, hn::Vec<D> v) {
  const auto magnitude = hn::Abs(v);
  return hn::And(hn::Ge(magnitude, hn::Set(d, det::kMinNormalF)),
                 hn::Le(magnitude, hn::Set(d, std::numeric_limits<float>::max())));
}
template <class D>
HWY_INLINE hn::Mask<D> ZeroOrNormalFVec(D d, hn::Vec<D> v) {
  return hn::Or(hn::Eq(v, hn::Zero(d)), NormalFVec(d, v));
}

// det::SplitHalvesF.
template <class D>
HWY_INLINE void SplitHalvesFVec(D d, hn::Vec<D> a, hn::Vec<D>* high, hn::Vec<D>* low) {
  const auto t = hn::Mul(hn::Set(d, det::kVeltkampSplitF), a);
  *high = hn::Sub(t, hn::Sub(t, a));
  *low = hn::Sub(a, *high);
}

// det::ProductErrorF.
template <class D>
HWY_INLINE hn::Vec<D> ProductErrorFVec(D d, hn::Vec<D> a, hn::Vec<D> b, hn::Vec<D> product) {
  hn::Vec<D> a_high, a_low, b_high, b_low;
  SplitHalvesFVec(d, a, &a_high, &a_low);
  SplitHalvesFVec(d, b, &b_high, &b_low);
  const auto error = hn::Add(hn::Add(hn::Add(hn::Sub(hn::Mul(a_high, b_high), product), hn::Mul(a_high, b_low)),
                                     hn::Mul(a_low, b_high)),
                             hn::Mul(a_low, b_low));
  return hn::IfThenElseZero(hn::IsFinite(error), error);
}

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::cpu
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_BACKEND_CPU_DET_MATH_FLOAT_INL_H_
