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

// ExpForFloatVec's shortcut for a vector whose lanes all lie in [kExpSingleScaleMin, kExpSingleScaleMax]: there k
// is in [-1021, 1023] and p in [0.70, 1.42], so p 2^k is normal and the scalar form's two exact scalings, by 2^k1
// then 2^k2, give exactly p 2^k: one multiplication by one power of two, no clamp and no masks, the same bits.
inline constexpr double kExpSingleScaleMin = -708.0;
inline constexpr double kExpSingleScaleMax = 709.0;

template <class D>
HWY_INLINE hn::Vec<D> ExpForFloatPolynomialVec(D d, hn::Vec<D> x, hn::Vec<D> k) {
  const auto r = hn::Sub(hn::Sub(x, hn::Mul(k, hn::Set(d, det::kLn2Hi))), hn::Mul(k, hn::Set(d, det::kLn2Lo)));
  auto p = hn::Set(d, det::kExpForFloatCoefficients[9]);
  for (int i = 8; i >= 0; --i) {
    p = hn::Add(hn::Mul(p, r), hn::Set(d, det::kExpForFloatCoefficients[i]));
  }
  const auto one = hn::Set(d, 1.0);
  p = hn::Add(hn::Mul(p, r), one);
  return hn::Add(hn::Mul(p, r), one);
}

template <class D>
HWY_INLINE hn::Vec<D> ExpForFloatVec(D d, hn::Vec<D> x) {
  const hn::RebindToSigned<D> di;
  const auto k = hn::Round(hn::Mul(x, hn::Set(d, det::kLog2e)));
  const auto p = ExpForFloatPolynomialVec(d, x, k);
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
