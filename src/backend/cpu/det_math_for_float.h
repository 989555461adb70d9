// Deterministic exp, log, log1p and the softplus tail log(1 + exp(-|x|)) in double for terms whose result is
// rounded to FLOAT, FLOAT16 or BFLOAT16 (the pointwise losses, DECISIONS 17 and 18): the scalar forms, built as
// det_math.h's (IEEE additions, subtractions, multiplications, one division in the logarithms, round-to-nearest-
// even, a fixed order, no library call, no fused multiply-add); det_math_for_float-inl.h has the Highway forms on
// double lanes, which perform the same operations in the same order, so every path gives the same bits.
//
// Why a second family: det_math.h's forms are accurate to about an ulp of double, which DOUBLE results (softmax)
// need; a result rounded to float needs far less. These are accurate to 2^-44 relative, so a float rounding of
// them is the correctly rounded value except within 2^-20 of a float ulp from a rounding boundary, and a term
// that cancels by a factor of up to 2^18 still stays within half a float ulp of its exact value.
//
// ExpForFloat: det::Exp's reduction (k = round(x log2(e)), r = (x - k ln2hi) - k ln2lo, |r| <= 0.347) and
// scaling (two exact powers of two), with exp(r) by its Taylor polynomial to degree 11 (truncation below
// 0.347^12 / 12! / e^-0.347 = 9.2e-15 = 2^-46.6 relative). LogForFloat: det::Log's reduction (x = m 2^e,
// m in [sqrt(1/2), sqrt(2)], f = m - 1, s = f / (f + 2), |s| <= 0.172) and log(m) = f - s (f - r), with
// r = 2s^2/3 + ... + 2s^16/17 (truncation below s^18 / 19 / (1 - s^2) relative = 9.1e-16 = 2^-50). Log1pForFloat
// needs no second division: with w = 1 + u rounded and c = u - (w - 1) its rounding error (exact for u <= 1; for
// larger u it weighs below 2^-52 of the result), 1 + u = 2^e (m + c 2^-e), so f = (m - 1) + c 2^-e (one
// rounding) goes into LogForFloat's series. SoftplusTailForFloat(x) = log(1 + e) with e = ExpForFloat(-|x|) in
// (0, 1]: there 1 + e = 2^n (1 + f) with n = 0, f = e for e <= sqrt(2) - 1, else n = 1, f = (e - 1) / 2, so it
// needs neither the exponent's bits nor a correction.
// Bound: within 2^-44 relative of the exact function for normal results, subnormal exp results within half of
// 2^-1074 more (measured by tests/numerics/det_math_test against long double on 1.4 to 2.5 x 10^5 inputs each:
// 78.7 x 2^-53 = 2^-46.7 for exp, 8.9 x 2^-53 = 2^-49.8 for log and log1p, 78.5 x 2^-53 for the softplus tail,
// whose error is exp's carried through). The test also checks every target bitwise against these forms.
// Special values are det_math.h's: ExpForFloat(NaN) = NaN (the input), ExpForFloat(x > 709.78...) = +inf,
// ExpForFloat(x < -745.13...) = +0; LogForFloat(NaN) = NaN, LogForFloat(+inf) = +inf, LogForFloat(+-0) = -inf,
// LogForFloat(x < 0) = the default quiet NaN; Log1pForFloat(u) = u where 1 + u rounds to 1 (so +-0 keep their
// sign), NaN or +inf, -inf at -1 and the default quiet NaN below -1; SoftplusTailForFloat(NaN) = NaN (from the
// exponential), SoftplusTailForFloat(+-inf) = +0.
#ifndef OPENACLNN_BACKEND_CPU_DET_MATH_FOR_FLOAT_H_
#define OPENACLNN_BACKEND_CPU_DET_MATH_FOR_FLOAT_H_

#include <cmath>
#include <cstdint>
#include <limits>

#include "backend/cpu/det_math.h"

namespace openaclnn::cpu::det {

// exp's Taylor polynomial to degree 11 (10 coefficients) is within 2^-44 relative.
inline constexpr int kExpForFloatTerms = 10;
// SoftplusTailForFloat's split: 1 + e > sqrt(2) exactly where e exceeds this (sqrt(2) - 1 rounded; which side
// an e at the split falls on changes only which of two accurate forms is used).
inline constexpr double kSqrt2Minus1 = 0.41421356237309503;

inline double ExpForFloat(double x) { return ExpWith<kExpForFloatTerms>(x); }

// The series to s^17 (8 terms) is within 2^-44 relative.
inline constexpr int kLogForFloatTerms = 8;

// exponent ln2 + log(1 + f) for |f / (f + 2)| <= 0.172.
inline double LogOfReduced(double f, double exponent) { return LogOfReducedWith<kLogForFloatTerms>(f, exponent); }

inline double LogForFloat(double x) { return LogWith<kLogForFloatTerms>(x); }

inline double Log1pForFloat(double u) {
  const double w = 1.0 + u;
  if (w == 1.0 || std::isnan(u) || u == std::numeric_limits<double>::infinity()) {
    return u;
  }
  if (u < -1.0) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  if (w == 0.0) {  // u = -1: 1 + u rounds to 0 nowhere else (the smallest w above it is 2^-53).
    return -std::numeric_limits<double>::infinity();
  }
  const double c = u - (w - 1.0);
  const uint64_t bits = DoubleBits(w);                        // w in [2^-53, 2^1024): normal.
  const auto e = static_cast<int64_t>(bits >> 52) - 1023;     // In [-53, 1023].
  const double inverse_scale = DoubleFromBits(static_cast<uint64_t>(1023 - e) << 52);  // 2^-e (+0 for 1023).
  double m = DoubleFromBits((bits & 0x000FFFFFFFFFFFFFull) | 0x3FF0000000000000ull);
  double correction = c * inverse_scale;  // Exact: c is 0 or far above the subnormals wherever w != 1.
  double exponent = static_cast<double>(e);
  if (m > kSqrt2) {
    m = m * 0.5;
    correction = correction * 0.5;
    exponent = exponent + 1.0;
  }
  return LogOfReduced((m - 1.0) + correction, exponent);
}

// LogRatioForFloat(a, b) = log(a / b), the logarithm of the exact ratio with one division (logit's
// log(z / (1 - z)) took two: the ratio's and the logarithm's). For a, b each NaN, +-0, +-inf or a normal double
// (every FLOAT, FLOAT16 and BFLOAT16 value is one). LogRatioOfNormals is its part for positive, finite, normal a
// and b: a = m_a 2^e_a with m_a in [sqrt(1/2), sqrt(2)) (from a's bits: an integer addition carries the exponent
// up where the mantissa reaches sqrt(2)'s), b = m_b 2^e_b with m_b in [1, 2), so m_a / m_b lies in
// (sqrt(1/2) / 2, sqrt(2)); where m_a sqrt(2) < m_b, m_a is doubled (e - 1), which leaves the ratio in
// [sqrt(1/2), sqrt(2)) (within the rounding of the product, which only picks between two accurate forms) and
// m_a - m_b exact (Sterbenz). Then s = (m_a - m_b) / (m_a + m_b), |s| <= 0.172 as in LogOfReduced, and
// log(m_a / m_b) = 2s + s r with LogOfReduced's series r (LogSeriesWith, the same eight coefficients).
// Bound: s is within an ulp of double of its exact value, the series' truncation is below 2^-50, and the result is
// e ln2 + log(m_a / m_b) with |log(m_a / m_b)| <= 0.347 <= |e ln2| / 2 for e != 0, so it stays within 2^-44
// relative (tests/numerics/det_math_test measures it). Special values, as the logarithm of the exact ratio: NaN
// operands pass through (a's first), NaN for a negative operand, 0 / 0 and inf / inf; -inf for a = +-0 or
// b = +inf; +inf for b = +-0 or a = +inf.
inline constexpr uint64_t kSqrtHalfBits = 0x3FE6A09E667F3BCDull;  // sqrt(1/2) rounded (just above it).
inline constexpr uint64_t kToSqrtHalfOffset = 0x3FF0000000000000ull - kSqrtHalfBits;  // Carries from sqrt(2) on.

inline double LogRatioOfNormals(double a, double b) {
  const uint64_t a_bits = DoubleBits(a) + kToSqrtHalfOffset;
  const uint64_t b_bits = DoubleBits(b);
  double ma = DoubleFromBits((a_bits & 0x000FFFFFFFFFFFFFull) + kSqrtHalfBits);
  const double mb = DoubleFromBits((b_bits & 0x000FFFFFFFFFFFFFull) | 0x3FF0000000000000ull);
  double exponent = static_cast<double>(static_cast<int64_t>(a_bits >> 52) - static_cast<int64_t>(b_bits >> 52));
  const bool below = ma * kSqrt2 < mb;
  ma = below ? ma + ma : ma;
  exponent = below ? exponent - 1.0 : exponent;
  const double s = (ma - mb) / (ma + mb);
  const double log_m = s * (LogSeriesWith<kLogForFloatTerms>(s * s) + 2.0);
  return AddExponentLn2(log_m, exponent);
}

inline double LogRatioForFloat(double a, double b) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (std::isnan(a)) {
    return a;
  }
  if (std::isnan(b)) {
    return b;
  }
  if (a < 0.0 || b < 0.0 || (a == 0.0 && b == 0.0) || (a == kInf && b == kInf)) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  if (a == 0.0 || b == kInf) {
    return -kInf;
  }
  if (b == 0.0 || a == kInf) {
    return kInf;
  }
  return LogRatioOfNormals(a, b);
}

inline double SoftplusTailForFloat(double x) {
  const double e = ExpForFloat(-std::fabs(x));
  const bool small = !(e > kSqrt2Minus1);  // Also true for NaN: f = NaN either way.
  const double f = small ? e : (e - 1.0) * 0.5;
  return LogOfReduced(f, small ? 0.0 : 1.0);
}

}  // namespace openaclnn::cpu::det

#endif  // OPENACLNN_BACKEND_CPU_DET_MATH_FOR_FLOAT_H_
