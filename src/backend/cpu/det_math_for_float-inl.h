// Highway vector forms of det_math_for_float.h's ExpForFloat, LogForFloat, Log1pForFloat and SoftplusTailForFloat
// on double lanes: the same IEEE operations in the same order as the scalar forms, lane by lane (special values
// chosen by masks afterwards), so every target gives the scalar forms' bits. Per-target header: include it after
// hwy/highway.h in a file compiled through foreach_target.h.

// Re-included once per target (Highway's toggle convention), hence no classic include guard.
#if defined(OPENACLNN_BACKEND_CPU_DET_MATH_FOR_FLOAT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_BACKEND_CPU_DET_MATH_FOR_FLOAT_INL_H_
#undef OPENACLNN_BACKEND_CPU_DET_MATH_FOR_FLOAT_INL_H_
#else
#define OPENACLNN_BACKEND_CPU_DET_MATH_FOR_FLOAT_INL_H_
#endif

#include <limits>

#include "backend/cpu/det_math-inl.h"
#include "backend/cpu/det_math.h"
#include "backend/cpu/det_math_for_float.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::cpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_HAVE_FLOAT64

template <class D>
HWY_INLINE hn::Vec<D> ExpForFloatVec(D d, hn::Vec<D> x) {
  return ExpWithVec<det::kExpForFloatTerms>(d, x);
}

// det::LogOfReduced: exponent ln2 + log(1 + f).
template <class D>
HWY_INLINE hn::Vec<D> LogOfReducedVec(D d, hn::Vec<D> f, hn::Vec<D> exponent) {
  return LogOfReducedWithVec<det::kLogForFloatTerms>(d, f, exponent);
}

template <class D>
HWY_INLINE hn::Vec<D> LogForFloatVec(D d, hn::Vec<D> x) {
  return LogWithVec<det::kLogForFloatTerms>(d, x);
}

template <class D>
HWY_INLINE hn::Vec<D> Log1pForFloatVec(D d, hn::Vec<D> u) {
  const hn::RebindToSigned<D> di;
  const hn::RebindToUnsigned<D> du;
  const auto one = hn::Set(d, 1.0);
  const auto w = hn::Add(one, u);
  const auto c = hn::Sub(u, hn::Sub(w, one));
  const auto bits = hn::BitCast(du, w);
  const auto biased = hn::BitCast(di, hn::ShiftRight<52>(bits));  // e + 1023.
  // 2^-e from the field 1023 - e = 2046 - (e + 1023); lanes outside the domain (w <= 0, NaN, inf) are replaced
  // below, and their field stays within 12 bits after the masking.
  const auto inverse_scale =
      hn::BitCast(d, hn::ShiftLeft<52>(hn::And(hn::Sub(hn::Set(di, 2046), biased), hn::Set(di, 0x7FF))));
  auto m = hn::BitCast(d, hn::Or(hn::And(bits, hn::Set(du, 0x000FFFFFFFFFFFFFull)),
                                 hn::Set(du, 0x3FF0000000000000ull)));
  auto correction = hn::Mul(c, inverse_scale);
  auto exponent = hn::ConvertTo(d, hn::Sub(biased, hn::Set(di, 1023)));
  const auto above = hn::Gt(m, hn::Set(d, det::kSqrt2));
  const auto half = hn::Set(d, 0.5);
  m = hn::IfThenElse(above, hn::Mul(m, half), m);
  correction = hn::IfThenElse(above, hn::Mul(correction, half), correction);
  exponent = hn::IfThenElse(above, hn::Add(exponent, one), exponent);
  auto y = LogOfReducedVec(d, hn::Add(hn::Sub(m, one), correction), exponent);
  y = hn::IfThenElse(hn::Eq(w, hn::Zero(d)), hn::Set(d, -std::numeric_limits<double>::infinity()), y);
  y = hn::IfThenElse(hn::Lt(u, hn::Set(d, -1.0)), hn::Set(d, std::numeric_limits<double>::quiet_NaN()), y);
  const auto itself = hn::Or(hn::Or(hn::Eq(w, one), hn::IsNaN(u)),
                             hn::Eq(u, hn::Set(d, std::numeric_limits<double>::infinity())));
  return hn::IfThenElse(itself, u, y);
}

// det::LogRatioOfNormals: the same operations lane by lane, for lanes whose a and b are positive, finite and
// normal (any other lane's result is unspecified).
template <class D>
HWY_INLINE hn::Vec<D> LogRatioOfNormalsVec(D d, hn::Vec<D> a, hn::Vec<D> b) {
  const hn::RebindToSigned<D> di;
  const hn::RebindToUnsigned<D> du;
  const auto a_bits = hn::Add(hn::BitCast(du, a), hn::Set(du, det::kToSqrtHalfOffset));
  const auto b_bits = hn::BitCast(du, b);
  const auto mantissa = hn::Set(du, 0x000FFFFFFFFFFFFFull);
  auto ma = hn::BitCast(d, hn::Add(hn::And(a_bits, mantissa), hn::Set(du, det::kSqrtHalfBits)));
  const auto mb = hn::BitCast(d, hn::Or(hn::And(b_bits, mantissa), hn::Set(du, 0x3FF0000000000000ull)));
  auto exponent = hn::ConvertTo(
      d, hn::Sub(hn::BitCast(di, hn::ShiftRight<52>(a_bits)), hn::BitCast(di, hn::ShiftRight<52>(b_bits))));
  const auto below = hn::Lt(hn::Mul(ma, hn::Set(d, det::kSqrt2)), mb);
  ma = hn::IfThenElse(below, hn::Add(ma, ma), ma);
  exponent = hn::IfThenElse(below, hn::Sub(exponent, hn::Set(d, 1.0)), exponent);
  const auto s = hn::Div(hn::Sub(ma, mb), hn::Add(ma, mb));
  const auto log_m = hn::Mul(s, hn::Add(LogSeriesWithVec<det::kLogForFloatTerms>(d, hn::Mul(s, s)), hn::Set(d, 2.0)));
  return AddExponentLn2Vec(d, log_m, exponent);
}

// det::LogRatioForFloat: LogRatioOfNormalsVec, then the special values chosen by masks.
template <class D>
HWY_INLINE hn::Vec<D> LogRatioForFloatVec(D d, hn::Vec<D> a, hn::Vec<D> b) {
  auto y = LogRatioOfNormalsVec(d, a, b);
  const auto zero = hn::Zero(d);
  const auto inf = hn::Set(d, std::numeric_limits<double>::infinity());
  const auto a_zero = hn::Eq(a, zero);
  const auto b_zero = hn::Eq(b, zero);
  const auto a_inf = hn::Eq(a, inf);
  const auto b_inf = hn::Eq(b, inf);
  y = hn::IfThenElse(hn::Or(b_zero, a_inf), inf, y);
  y = hn::IfThenElse(hn::Or(a_zero, b_inf), hn::Neg(inf), y);
  const auto undefined = hn::Or(hn::Or(hn::Lt(a, zero), hn::Lt(b, zero)),
                                hn::Or(hn::And(a_zero, b_zero), hn::And(a_inf, b_inf)));
  y = hn::IfThenElse(undefined, hn::Set(d, std::numeric_limits<double>::quiet_NaN()), y);
  y = hn::IfThenElse(hn::IsNaN(b), b, y);
  return hn::IfThenElse(hn::IsNaN(a), a, y);
}

template <class D>
HWY_INLINE hn::Vec<D> SoftplusTailForFloatVec(D d, hn::Vec<D> x) {
  const auto e = ExpForFloatVec(d, hn::Neg(hn::Abs(x)));
  const auto big = hn::Gt(e, hn::Set(d, det::kSqrt2Minus1));
  const auto f = hn::IfThenElse(big, hn::Mul(hn::Sub(e, hn::Set(d, 1.0)), hn::Set(d, 0.5)), e);
  return LogOfReducedVec(d, f, hn::IfThenElseZero(big, hn::Set(d, 1.0)));
}

#endif  // HWY_HAVE_FLOAT64

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::cpu
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_BACKEND_CPU_DET_MATH_FOR_FLOAT_INL_H_
