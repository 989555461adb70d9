// Deterministic exp and log in double (DECISIONS 18): the scalar forms, written with IEEE additions, subtractions,
// multiplications, one division (log) and round-to-nearest-even only, in a fixed order, with no library call and
// no fused multiply-add (the library compiles with -ffp-contract=off). det_math-inl.h has the Highway vector
// forms, which perform the same operations in the same order on every target, so a kernel's scalar tail and its
// vector body (and every target, and every architecture) give the same bits. These double forms are for DOUBLE
// results and the row reductions (softmax, log-softmax, cross entropy); terms whose result is rounded to FLOAT,
// FLOAT16 or BFLOAT16 use det_math_for_float.h's cheaper forms (within 2^-44 relative).
//
// Exp: x = k ln2 + r with k = round(x log2(e)) and r by Cody-Waite (ln2 split into a 33-bit head and a tail, so
// k * head is exact), |r| <= 0.35; exp(r) by its Taylor polynomial to degree 13 (truncation below 5e-18
// relative) in Horner form; times 2^k as two exact powers of two (so subnormal results are rounded once).
// Log: x = m 2^e with m in [sqrt(1/2), sqrt(2)) (subnormals scaled by 2^52 first); log(m) = 2 atanh(s) with
// s = (m - 1) / (m + 1), |s| <= 0.172: with f = m - 1 (exact) and 2s = f - s f, log(m) = f - s (f - r) where
// r = 2s^2/3 + 2s^4/5 + ... + 2s^20/21 (truncation below 5e-18), so only a small correction is rounded; plus
// e ln2 in the same head-and-tail form. Bound: within 2 ulp of double over the whole range (measured on 2 x 10^5
// inputs each by tests/numerics/det_math_test: 1.11 ulp for Exp, 1.17 for Log; the test also checks every
// target bitwise against these forms).
// Special values: Exp(NaN) = NaN (the input), Exp(x > 709.78...) = +inf, Exp(x < -745.13...) = +0;
// Log(NaN) = NaN (the input), Log(+inf) = +inf, Log(+-0) = -inf, Log(x < 0) = the default quiet NaN.
// Log1p(u) = log(1 + u) without losing u where 1 + u rounds: w = 1 + u, then u itself where w == 1, else
// Log(w) * (u / (w - 1)) (the rounding of w cancels in the quotient; within 4 ulp of double, measured 2.03 by
// tests/numerics/det_math_test);
// Log1p(+inf) = +inf, Log1p(-1) = -inf, Log1p(u < -1) = the default quiet NaN, Log1p(NaN) = NaN.
//
// ExpF: exp in float32 arithmetic (DECISIONS 17) for the FLOAT, FLOAT16 and BFLOAT16 kernels, the same shape:
// k = round(x log2(e)), r = (x - k ln2hi) - k ln2lo with ln2 split into a 15-bit head (k * head exact for
// |k| <= 150) and a float tail, |r| <= 0.347; exp(r) by its Taylor polynomial to degree 7 (truncation below
// 6e-9 relative, 0.05 float ulp) in Horner form with the coefficients rounded to float; times 2^k as two exact
// powers of two (k in [-150, 128]; subnormal results rounded once). ExpDiffF(x, m) is exp(x - m) with x - m
// taken exactly (its rounding error, by the two-sum, is added to r), so a softmax term carries no error from the
// subtraction whatever the row's range. Bound: within 2 float ulp of exp over the whole float range (measured
// by tests/numerics/det_math_test on a sweep of every binade: 1.18 ulp, and 1.18 for ExpDiffF; every target
// checked bitwise).
// Special values: ExpF(NaN) = NaN (the input), ExpF(x > 88.7228394) = +inf, ExpF(x < -104) = +0, ExpF(-inf) = +0;
// ExpDiffF follows ExpF of the rounded difference fl(x - m) for NaN, infinite or out-of-range differences.
#ifndef OPENACLNN_BACKEND_CPU_DET_MATH_H_
#define OPENACLNN_BACKEND_CPU_DET_MATH_H_

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace openaclnn::cpu::det {

inline constexpr double kLog2e = 1.4426950408889634;
inline constexpr double kLn2Hi = 6.93147180369123816490e-01;  // 0x3FE62E42FEE00000: k * kLn2Hi is exact.
inline constexpr double kLn2Lo = 1.90821492927058770002e-10;
inline constexpr double kExpMax = 709.782712893384;    // exp of anything larger overflows.
inline constexpr double kExpMin = -745.1332191019412;  // exp of anything smaller rounds to 0.
inline constexpr double kSqrt2 = 1.4142135623730951;
inline constexpr double kMinNormal = 2.2250738585072014e-308;
inline constexpr double kTwoTo52 = 4503599627370496.0;

// 1/k! for k = 2..13 (index k - 2).
inline constexpr double kExpCoefficients[12] = {
    1.0 / 2,          1.0 / 6,           1.0 / 24,           1.0 / 120,           1.0 / 720,
    1.0 / 5040,       1.0 / 40320,       1.0 / 362880,       1.0 / 3628800,       1.0 / 39916800,
    1.0 / 479001600,  1.0 / 6227020800};
// 2/k for k = 3, 5, ..., 21 (index (k - 3) / 2).
inline constexpr double kLogCoefficients[10] = {2.0 / 3,  2.0 / 5,  2.0 / 7,  2.0 / 9,  2.0 / 11,
                                                2.0 / 13, 2.0 / 15, 2.0 / 17, 2.0 / 19, 2.0 / 21};

inline constexpr float kLog2eF = 1.44269502f;
inline constexpr float kLn2HiF = 0.693145751953125f;  // 0x3F317200: 15 significant bits, k * kLn2HiF is exact.
inline constexpr float kLn2LoF = 1.42860677e-06f;     // 0x35BFBE8E: ln2 - kLn2HiF rounded to float.
inline constexpr float kExpMaxF = 88.72283935546875f;  // 0x42B17218: larger inputs give +inf (k would pass 128).
inline constexpr float kExpMinF = -104.0f;             // Smaller inputs give +0 (exp < 2^-150; k stays >= -150).
// 1/k! for k = 2..7 (index k - 2), rounded to float.
inline constexpr float kExpCoefficientsF[6] = {1.0f / 2, 1.0f / 6, 1.0f / 24, 1.0f / 120, 1.0f / 720, 1.0f / 5040};

inline uint64_t DoubleBits(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

inline double DoubleFromBits(uint64_t bits) {
  double value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

// 2^k for k in [-1022, 1023].
inline double PowerOfTwo(int64_t k) { return DoubleFromBits(static_cast<uint64_t>(k + 1023) << 52); }

// exp(r) for r = (x - k ln2hi) - k ln2lo, before the scaling by 2^k: the Taylor polynomial with the first kTerms
// coefficients of kExpCoefficients (degree kTerms + 1; 12: Exp's, det_math_for_float.h takes fewer).
template <int kTerms>
inline double ExpPolynomialWith(double x, double k) {
  static_assert(kTerms >= 1 && kTerms <= 12, "kExpCoefficients holds 12 terms");
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;
  double p = kExpCoefficients[kTerms - 1];
  for (int i = kTerms - 2; i >= 0; --i) {
    p = p * r + kExpCoefficients[i];
  }
  p = p * r + 1.0;
  return p * r + 1.0;
}

// Exp with the polynomial of ExpPolynomialWith<kTerms>.
template <int kTerms>
inline double ExpWith(double x) {
  if (std::isnan(x)) {
    return x;
  }
  if (x > kExpMax) {
    return std::numeric_limits<double>::infinity();
  }
  if (x < kExpMin) {
    return 0.0;
  }
  const double k = std::nearbyint(x * kLog2e);
  const double p = ExpPolynomialWith<kTerms>(x, k);
  const auto ki = static_cast<int64_t>(k);  // In [-1075, 1024].
  const int64_t k1 = ki >> 1;               // Floor halving: both halves stay in the normal exponent range.
  const int64_t k2 = ki - k1;
  return (p * PowerOfTwo(k1)) * PowerOfTwo(k2);
}

inline double Exp(double x) { return ExpWith<12>(x); }

inline float FloatFromBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

// exp(hi + lo) for hi = fl(hi + lo) (lo is 0, or the exact error of a difference): the special values and the
// range follow hi.
inline float ExpSumF(float hi, float lo) {
  if (std::isnan(hi)) {
    return hi;
  }
  if (hi > kExpMaxF) {
    return std::numeric_limits<float>::infinity();
  }
  if (hi < kExpMinF) {
    return 0.0f;
  }
  const float k = std::nearbyint(hi * kLog2eF);
  const float r = ((hi - k * kLn2HiF) + lo) - k * kLn2LoF;  // hi - k * kLn2HiF is exact (Sterbenz).
  float p = kExpCoefficientsF[5];
  for (int i = 4; i >= 0; --i) {
    p = p * r + kExpCoefficientsF[i];
  }
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  const auto ki = static_cast<int32_t>(k);  // In [-150, 128].
  const int32_t k1 = ki >> 1;               // Floor halving: both halves stay in the normal exponent range.
  const int32_t k2 = ki - k1;
  const float power1 = FloatFromBits(static_cast<uint32_t>(k1 + 127) << 23);
  const float power2 = FloatFromBits(static_cast<uint32_t>(k2 + 127) << 23);
  return (p * power1) * power2;
}

inline float ExpF(float x) { return ExpSumF(x, 0.0f); }

// exp(x - m), the difference taken exactly: s = fl(x - m) and its error e by the two-sum (six IEEE operations,
// no branch), so x - m = s + e.
inline float ExpDiffF(float x, float m) {
  const float s = x - m;
  const float t = s - x;
  const float e = (x - (s - t)) + (-m - t);
  return ExpSumF(s, e);  // e is finite whenever s is in ExpSumF's range.
}

// r(s) = 2s^2/3 + 2s^4/5 + ... to the first kTerms coefficients of kLogCoefficients, by Horner's scheme in
// s2 = s^2: log((1 + s) / (1 - s)) = 2s + s r(s).
template <int kTerms>
inline double LogSeriesWith(double s2) {
  static_assert(kTerms >= 1 && kTerms <= 10, "kLogCoefficients holds 10 terms");
  double q = kLogCoefficients[kTerms - 1];
  for (int i = kTerms - 2; i >= 0; --i) {
    q = q * s2 + kLogCoefficients[i];
  }
  return s2 * q;
}

// exponent ln2 + log_m, ln2 in two parts (exponent * kLn2Hi is exact).
inline double AddExponentLn2(double log_m, double exponent) {
  return exponent * kLn2Hi + (log_m + exponent * kLn2Lo);
}

// exponent ln2 + log(1 + f) for |f / (f + 2)| <= 0.172, the series r to its first kTerms coefficients of
// kLogCoefficients (10: Log's; det_math_for_float.h takes fewer).
template <int kTerms>
inline double LogOfReducedWith(double f, double exponent) {
  const double s = f / (f + 2.0);
  const double r = LogSeriesWith<kTerms>(s * s);
  const double log_m = f - s * (f - r);  // 2s = f - s f, so log(m) = f - s (f - r): f exact, the rest small.
  return AddExponentLn2(log_m, exponent);
}

// Log with the series of LogOfReducedWith<kTerms>: the special values, then x = m 2^e.
template <int kTerms>
inline double LogWith(double x) {
  if (std::isnan(x) || x == std::numeric_limits<double>::infinity()) {
    return x;
  }
  if (x == 0.0) {
    return -std::numeric_limits<double>::infinity();
  }
  if (x < 0.0) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  const bool subnormal = x < kMinNormal;
  const double scaled = subnormal ? x * kTwoTo52 : x;
  const double scale_exponent = subnormal ? -52.0 : 0.0;
  const uint64_t bits = DoubleBits(scaled);
  const auto e = static_cast<int64_t>(bits >> 52) - 1023;
  double m = DoubleFromBits((bits & 0x000FFFFFFFFFFFFFull) | 0x3FF0000000000000ull);  // [1, 2).
  double exponent = static_cast<double>(e) + scale_exponent;
  if (m > kSqrt2) {
    m = m * 0.5;
    exponent = exponent + 1.0;
  }
  return LogOfReducedWith<kTerms>(m - 1.0, exponent);  // m - 1 is exact (Sterbenz).
}

inline double Log(double x) { return LogWith<10>(x); }

inline double Log1p(double u) {
  const double w = 1.0 + u;
  if (w == 1.0 || std::isnan(u) || u == std::numeric_limits<double>::infinity()) {
    return u;
  }
  if (u < -1.0) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  return Log(w) * (u / (w - 1.0));
}

}  // namespace openaclnn::cpu::det

#endif  // OPENACLNN_BACKEND_CPU_DET_MATH_H_
