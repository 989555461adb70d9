// Highway vector forms of det_math.h's Exp and Log on double lanes, and of ExpF and ExpDiffF on float lanes: the same
// IEEE operations in the same order as the scalar forms, lane by lane (special values chosen by masks afterwards),
// so every target gives the scalar forms' bits. Per-target header: include it after hwy/highway.h in a file compiled through foreach_target.h.

// Re-included once per target (Highway's toggle convention), hence no classic include guard.
#if defined(OPENACLNN_BACKEND_CPU_DET_MATH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_BACKEND_CPU_DET_MATH_INL_H_
#undef OPENACLNN_BACKEND_CPU_DET_MATH_INL_H_
#else
#define OPENACLNN_BACKEND_CPU_DET_MATH_INL_H_
#endif

#include <limits>

#include "backend/cpu/det_math.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::cpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_HAVE_FLOAT64

// ExpWithVec's shortcut for a vector whose lanes all lie in [kExpSingleScaleMin, kExpSingleScaleMax]: there k
// is in [-1021, 1023] and p in [0.70, 1.42], so p 2^k is normal and the scalar form's two exact scalings, by 2^k1
// then 2^k2, give exactly p 2^k: one multiplication by one power of two, no clamp and no masks, the same bits.
inline constexpr double kExpSingleScaleMin = -708.0;
inline constexpr double kExpSingleScaleMax = 709.0;

// det::ExpPolynomialWith<kTerms>.
template <int kTerms, class D>
HWY_INLINE hn::Vec<D> ExpPolynomialWithVec(D d, hn::Vec<D> x, hn::Vec<D> k) {
  const auto r = hn::Sub(hn::Sub(x, hn::Mul(k, hn::Set(d, det::kLn2Hi))), hn::Mul(k, hn::Set(d, det::kLn2Lo)));
  auto p = hn::Set(d, det::kExpCoefficients[kTerms - 1]);
  for (int i = kTerms - 2; i >= 0; --i) {
    p = hn::Add(hn::Mul(p, r), hn::Set(d, det::kExpCoefficients[i]));
  }
  const auto one = hn::Set(d, 1.0);
  p = hn::Add(hn::Mul(p, r), one);
  return hn::Add(hn::Mul(p, r), one);
}

// det::ExpWith<kTerms>.
template <int kTerms, class D>
HWY_INLINE hn::Vec<D> ExpWithVec(D d, hn::Vec<D> x) {
  const hn::RebindToSigned<D> di;
  const auto k = hn::Round(hn::Mul(x, hn::Set(d, det::kLog2e)));
  const auto p = ExpPolynomialWithVec<kTerms>(d, x, k);
  const auto bias = hn::Set(di, 1023);
  const auto in_range = hn::And(hn::Ge(x, hn::Set(d, kExpSingleScaleMin)), hn::Le(x, hn::Set(d, kExpSingleScaleMax)));
  if (HWY_LIKELY(hn::AllTrue(d, in_range))) {  // Also false for any NaN or infinite lane.
    return hn::Mul(p, hn::BitCast(d, hn::ShiftLeft<52>(hn::Add(hn::ConvertTo(di, k), bias))));
  }
  // Lanes outside [kExpMin, kExpMax] (or NaN) are replaced below; clamp k so their conversion stays defined.
  const auto k_clamped = hn::Min(hn::Max(k, hn::Set(d, -1075.0)), hn::Set(d, 1024.0));
  const auto ki = hn::ConvertTo(di, hn::IfThenElseZero(hn::Not(hn::IsNaN(k)), k_clamped));
  const auto k1 = hn::ShiftRight<1>(ki);
  const auto k2 = hn::Sub(ki, k1);
  const auto power1 = hn::BitCast(d, hn::ShiftLeft<52>(hn::Add(k1, bias)));
  const auto power2 = hn::BitCast(d, hn::ShiftLeft<52>(hn::Add(k2, bias)));
  auto y = hn::Mul(hn::Mul(p, power1), power2);
  y = hn::IfThenZeroElse(hn::Lt(x, hn::Set(d, det::kExpMin)), y);
  y = hn::IfThenElse(hn::Gt(x, hn::Set(d, det::kExpMax)), hn::Set(d, std::numeric_limits<double>::infinity()), y);
  return hn::IfThenElse(hn::IsNaN(x), x, y);
}

template <class D>
HWY_INLINE hn::Vec<D> ExpVec(D d, hn::Vec<D> x) {
  return ExpWithVec<12>(d, x);
}

// det::LogSeriesWith<kTerms>.
template <int kTerms, class D>
HWY_INLINE hn::Vec<D> LogSeriesWithVec(D d, hn::Vec<D> s2) {
  auto q = hn::Set(d, det::kLogCoefficients[kTerms - 1]);
  for (int i = kTerms - 2; i >= 0; --i) {
    q = hn::Add(hn::Mul(q, s2), hn::Set(d, det::kLogCoefficients[i]));
  }
  return hn::Mul(s2, q);
}

// det::AddExponentLn2.
template <class D>
HWY_INLINE hn::Vec<D> AddExponentLn2Vec(D d, hn::Vec<D> log_m, hn::Vec<D> exponent) {
  return hn::Add(hn::Mul(exponent, hn::Set(d, det::kLn2Hi)),
                 hn::Add(log_m, hn::Mul(exponent, hn::Set(d, det::kLn2Lo))));
}

// det::LogOfReducedWith<kTerms>: exponent ln2 + log(1 + f).
template <int kTerms, class D>
HWY_INLINE hn::Vec<D> LogOfReducedWithVec(D d, hn::Vec<D> f, hn::Vec<D> exponent) {
  const auto s = hn::Div(f, hn::Add(f, hn::Set(d, 2.0)));
  const auto r = LogSeriesWithVec<kTerms>(d, hn::Mul(s, s));
  const auto log_m = hn::Sub(f, hn::Mul(s, hn::Sub(f, r)));
  return AddExponentLn2Vec(d, log_m, exponent);
}

// det::LogWith<kTerms>.
template <int kTerms, class D>
HWY_INLINE hn::Vec<D> LogWithVec(D d, hn::Vec<D> x) {
  const hn::RebindToSigned<D> di;
  const hn::RebindToUnsigned<D> du;
  const auto subnormal = hn::Lt(x, hn::Set(d, det::kMinNormal));
  const auto scaled = hn::IfThenElse(subnormal, hn::Mul(x, hn::Set(d, det::kTwoTo52)), x);
  const auto scale_exponent = hn::IfThenElseZero(subnormal, hn::Set(d, -52.0));
  const auto bits = hn::BitCast(du, scaled);
  const auto e = hn::Sub(hn::BitCast(di, hn::ShiftRight<52>(bits)), hn::Set(di, 1023));
  auto m = hn::BitCast(d, hn::Or(hn::And(bits, hn::Set(du, 0x000FFFFFFFFFFFFFull)),
                                 hn::Set(du, 0x3FF0000000000000ull)));
  auto exponent = hn::Add(hn::ConvertTo(d, e), scale_exponent);
  const auto above = hn::Gt(m, hn::Set(d, det::kSqrt2));
  m = hn::IfThenElse(above, hn::Mul(m, hn::Set(d, 0.5)), m);
  exponent = hn::IfThenElse(above, hn::Add(exponent, hn::Set(d, 1.0)), exponent);
  auto y = LogOfReducedWithVec<kTerms>(d, hn::Sub(m, hn::Set(d, 1.0)), exponent);
  const auto zero = hn::Zero(d);
  y = hn::IfThenElse(hn::Lt(x, zero), hn::Set(d, std::numeric_limits<double>::quiet_NaN()), y);
  y = hn::IfThenElse(hn::Eq(x, zero), hn::Set(d, -std::numeric_limits<double>::infinity()), y);
  const auto pass_through = hn::Or(hn::IsNaN(x), hn::Eq(x, hn::Set(d, std::numeric_limits<double>::infinity())));
  return hn::IfThenElse(pass_through, x, y);
}

template <class D>
HWY_INLINE hn::Vec<D> LogVec(D d, hn::Vec<D> x) {
  return LogWithVec<10>(d, x);
}

// det::Log1p: Log(w) * (u / (w - 1)) with w = 1 + u, u where w == 1, NaN or +inf, and the quiet NaN below -1.
template <class D>
HWY_INLINE hn::Vec<D> Log1pVec(D d, hn::Vec<D> u) {
  const auto one = hn::Set(d, 1.0);
  const auto w = hn::Add(one, u);
  const auto y = hn::Mul(LogVec(d, w), hn::Div(u, hn::Sub(w, one)));
  const auto itself = hn::Or(hn::Or(hn::Eq(w, one), hn::IsNaN(u)),
                             hn::Eq(u, hn::Set(d, std::numeric_limits<double>::infinity())));
  const auto below = hn::Lt(u, hn::Set(d, -1.0));
  return hn::IfThenElse(itself, u, hn::IfThenElse(below, hn::Set(d, std::numeric_limits<double>::quiet_NaN()), y));
}

#endif  // HWY_HAVE_FLOAT64

// ExpSumFVec's shortcut for a vector whose lanes all lie in [kFastMinF, kFastMaxF]: there k is in [-124, 127],
// so no lane needs the clamp or the masks, and p * 2^k is normal: the two exact scalings of det::ExpSumF, p * 2^k1
// then * 2^k2, give exactly p * 2^k, one multiplication by one power of two. kWithLo false: lo is +0, whose
// addition leaves hi - k ln2hi unchanged except for the sign of a zero, so it is skipped. (The shortcut's k is +0
// where hn::Round gives -0, for hi = -0; k's sign changes nothing else: for hi != 0 the reduced argument is the
// same, hi + lo being 0 only for hi = 0, and for r = +-0 the polynomial is exactly 1.) The same bits as the full
// form, fewer operations (the exponential is most of a softmax's work).
inline constexpr float kFastMinF = -86.0f;
inline constexpr float kFastMaxF = 88.0f;

// det::ExpSumF's polynomial exp(r) for r = ((hi - k ln2hi) + lo) - k ln2lo (the lo addition skipped where
// kWithLo is false), before the scaling by 2^k: the part the shortcut and the full form share.
template <bool kWithLo, class D>
HWY_INLINE hn::Vec<D> ExpPolynomialF(D d, hn::Vec<D> hi, hn::Vec<D> lo, hn::Vec<D> k) {
  auto reduced = hn::Sub(hi, hn::Mul(k, hn::Set(d, det::kLn2HiF)));
  if constexpr (kWithLo) {
    reduced = hn::Add(reduced, lo);
  }
  const auto r = hn::Sub(reduced, hn::Mul(k, hn::Set(d, det::kLn2LoF)));
  auto p = hn::Set(d, det::kExpCoefficientsF[5]);
  for (int i = 4; i >= 0; --i) {
    p = hn::Add(hn::Mul(p, r), hn::Set(d, det::kExpCoefficientsF[i]));
  }
  const auto one = hn::Set(d, 1.0f);
  p = hn::Add(hn::Mul(p, r), one);
  return hn::Add(hn::Mul(p, r), one);
}

// 1.5 * 2^23: for |v| < 2^22, v + kRoundShiftF lies in [2^23, 2^24), whose spacing is 1, so the addition rounds v
// to the nearest integer, ties to even (IEEE's default rounding, as std::nearbyint and hn::Round), and subtracting
// kRoundShiftF again is exact: (v + kRoundShiftF) - kRoundShiftF is round(v), the same value. The sum's bits are
// 0x4B400000 + round(v), whose low 9 bits of 0x4B400000 are zero, so (bits + 127) << 23 is 2^round(v)'s pattern
// for round(v) in [-126, 127]: the power of two without a float-to-integer conversion.
inline constexpr float kRoundShiftF = 12582912.0f;

// The shortcut's exp(hi + lo) for lanes in [kFastMinF, kFastMaxF] (|hi log2(e)| < 128): k = round(hi log2(e)) and
// 2^k both from one addition of kRoundShiftF (above), the same k, hence the same bits as the full form, in two
// operations where hn::Round and hn::ConvertTo (with its out-of-range fix-up) take about seven.
template <bool kWithLo, class D>
HWY_INLINE hn::Vec<D> ExpSumFInRange(D d, hn::Vec<D> hi, hn::Vec<D> lo) {
  const hn::RebindToSigned<D> di;
  const auto shift = hn::Set(d, kRoundShiftF);
  const auto shifted = hn::Add(hn::Mul(hi, hn::Set(d, det::kLog2eF)), shift);
  const auto k = hn::Sub(shifted, shift);
  const auto p = ExpPolynomialF<kWithLo>(d, hi, lo, k);
  const auto power = hn::BitCast(d, hn::ShiftLeft<23>(hn::Add(hn::BitCast(di, shifted), hn::Set(di, 127))));
  return hn::Mul(p, power);
}

// det::ExpSumF on float lanes, the same operations in the same order (a vector in the shortcut's range by the
// shortcut, which gives the same bits).
template <bool kWithLo, class D>
HWY_INLINE hn::Vec<D> ExpSumFVecImpl(D d, hn::Vec<D> hi, hn::Vec<D> lo) {
  const hn::RebindToSigned<D> di;
  const auto in_range = hn::And(hn::Ge(hi, hn::Set(d, kFastMinF)), hn::Le(hi, hn::Set(d, kFastMaxF)));
  if (HWY_LIKELY(hn::AllTrue(d, in_range))) {  // Also false for any NaN or infinite lane.
    return ExpSumFInRange<kWithLo>(d, hi, lo);
  }
  const auto k = hn::Round(hn::Mul(hi, hn::Set(d, det::kLog2eF)));
  const auto p = ExpPolynomialF<true>(d, hi, lo, k);  // lo added as det::ExpSumF adds it, +0 included.
  // Lanes outside [kExpMinF, kExpMaxF] (or NaN) are replaced below; clamp k so their conversion stays defined.
  const auto k_clamped = hn::Min(hn::Max(k, hn::Set(d, -150.0f)), hn::Set(d, 128.0f));
  const auto ki = hn::ConvertTo(di, hn::IfThenElseZero(hn::Not(hn::IsNaN(k)), k_clamped));
  const auto k1 = hn::ShiftRight<1>(ki);
  const auto k2 = hn::Sub(ki, k1);
  const auto bias = hn::Set(di, 127);
  const auto power1 = hn::BitCast(d, hn::ShiftLeft<23>(hn::Add(k1, bias)));
  const auto power2 = hn::BitCast(d, hn::ShiftLeft<23>(hn::Add(k2, bias)));
  auto y = hn::Mul(hn::Mul(p, power1), power2);
  y = hn::IfThenZeroElse(hn::Lt(hi, hn::Set(d, det::kExpMinF)), y);
  y = hn::IfThenElse(hn::Gt(hi, hn::Set(d, det::kExpMaxF)), hn::Set(d, std::numeric_limits<float>::infinity()), y);
  return hn::IfThenElse(hn::IsNaN(hi), hi, y);
}

template <class D>
HWY_INLINE hn::Vec<D> ExpSumFVec(D d, hn::Vec<D> hi, hn::Vec<D> lo) {
  return ExpSumFVecImpl<true>(d, hi, lo);
}

template <class D>
HWY_INLINE hn::Vec<D> ExpFVec(D d, hn::Vec<D> x) {
  return ExpSumFVecImpl<false>(d, x, hn::Zero(d));
}

// det::ExpDiffF's two-sum: s = fl(x - m) and its error e, so that x - m = s + e.
template <class D>
HWY_INLINE void TwoDiffVec(hn::Vec<D> x, hn::Vec<D> m, hn::Vec<D>* s, hn::Vec<D>* e) {
  *s = hn::Sub(x, m);
  const auto t = hn::Sub(*s, x);
  *e = hn::Add(hn::Sub(x, hn::Sub(*s, t)), hn::Sub(hn::Neg(m), t));
}

// det::ExpDiffF on float lanes: exp(x - m) with the difference's error from the two-sum.
template <class D>
HWY_INLINE hn::Vec<D> ExpDiffFVec(D d, hn::Vec<D> x, hn::Vec<D> m) {
  hn::Vec<D> s, e;
  TwoDiffVec<D>(x, m, &s, &e);
  return ExpSumFVec(d, s, e);
}

// ExpDiffFVec for lanes known beforehand to have fl(x - m) in [kFastMinF, kFastMaxF] (every element of a row
// against its maximum, when the row's minimum is within 86 of it): the shortcut that ExpDiffFVec takes for such
// lanes, without testing each vector for it, so the same bits.
template <class D>
HWY_INLINE hn::Vec<D> ExpDiffFInRangeVec(D d, hn::Vec<D> x, hn::Vec<D> m) {
  hn::Vec<D> s, e;
  TwoDiffVec<D>(x, m, &s, &e);
  return ExpSumFInRange<true>(d, s, e);
}

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::cpu
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_BACKEND_CPU_DET_MATH_INL_H_
