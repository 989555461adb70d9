// The deterministic float32 function family (DECISIONS 17, 18), beside det_math.h's ExpF and ExpDiffF: LogF,
// Log1pF, SoftplusTailF (log(1 + exp(-|x|))), SigmoidF and TanhF, for terms computed in float32 and rounded once to
// FLOAT, FLOAT16 or BFLOAT16. The scalar forms are written with IEEE float additions, subtractions,
// multiplications, divisions and round-to-nearest-even only, in a fixed order, with no library call and no fused
// multiply-add (the library compiles with -ffp-contract=off); det_math_float-inl.h has the Highway vector forms,
// which perform the same operations in the same order (special values chosen by masks afterwards), so a kernel's
// scalar tail, its vector body and every target give the same bits.
//
// LogF: x = m 2^e with m in [sqrt(1/2), sqrt(2)) (subnormals scaled by 2^23 first), found by one integer addition
// on x's bits (an offset that carries into the exponent exactly where the mantissa reaches sqrt(2)'s); f = m - 1
// (exact), s = f / (f + 2), |s| <= 0.1716, and log(m) = f - s (f - r) with r = 2s^2/3 + 2s^4/5 + ... + 2s^10/11
// (truncation below s^12 / 13 relative, 2^-34), so only a small correction is rounded; plus e ln2 with ln2 split
// into a 15-bit head (e * head exact) and a float tail.
// Log1pF(u) = log(1 + u): w = 1 + u rounded and c = u - (w - 1) its rounding error (exact for |u| <= 1; for larger
// u it weighs below 2^-24 of the result), then 1 + u = 2^e (m + c 2^-e) and f = (m - 1) + c 2^-e into LogF's
// series: no second division.
// SoftplusTailF(x) = log(1 + e) with e = ExpF(-|x|) in [0, 1]: f = e, n = 0 for e <= 1/2, else f = (e - 1) / 2,
// n = 1 (both exact), and n ln2 + log(1 + f) by the same series (|s| <= 0.2 there, truncation below 2^-31).
// SoftplusTailSumF(hi, lo) is SoftplusTailF of hi + lo taken exactly (the tail of an exact product y x).
// SigmoidF(x) = 1 / (1 + exp(-x)) from e = ExpF(-|x|), so no finite input overflows: for x >= 0, q = 1 / (1 + e)
// less q c q, c the rounding error of fl(1 + e) (exact by the two-sum); for x < 0, e - e (e / (1 + e)), whose
// last operation rounds a result that e's error dominates (the plain quotients reach 2.4 ulp; these 1.23 and 1.95,
// measured over every float in [-110, 110]).
// TanhF(x): for |x| < 0.625, x + x (x^2 P(x^2)) with tanh's Taylor series to x^21 (truncation below 0.03 ulp); from
// 0.625 on, (1 - e) / (1 + e) with e = ExpF(-2|x|) and x's sign (the cancellation in 1 - e stays below a factor 2
// there). Both odd, so TanhF(-x) = -TanhF(x).
// Bounds: each within 2 float ulp of the exact function over every binade (measured against long double by
// tests/numerics/det_math_float_test, which also checks every kernel target bitwise against these forms).
// Special values: LogF(NaN) = NaN (the input), LogF(+inf) = +inf, LogF(+-0) = -inf, LogF(x < 0) = the default quiet
// NaN; Log1pF(u) = u where 1 + u rounds to 1 (+-0 keep their sign), for NaN and for +inf, -inf at -1 and the default
// quiet NaN below -1; SoftplusTailF(NaN) = NaN (the input), SoftplusTailF(+-inf) = +0; SigmoidF(NaN) = NaN (the
// input), SigmoidF(+inf) = 1, SigmoidF(-inf) = +0; TanhF(NaN) = NaN (the input), TanhF(+-inf) = +-1, TanhF(+-0) =
// +-0.
#ifndef OPENACLNN_BACKEND_CPU_DET_MATH_FLOAT_H_
#define OPENACLNN_BACKEND_CPU_DET_MATH_FLOAT_H_

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "backend/cpu/det_math.h"

namespace openaclnn::cpu::det {

inline constexpr uint32_t kSqrtHalfBitsF = 0x3F3504F3u;                        // sqrt(1/2), just below it.
inline constexpr uint32_t kToSqrtHalfOffsetF = 0x3F800000u - kSqrtHalfBitsF;  // Carries from sqrt(2) on.
inline constexpr uint32_t kMantissaMaskF = 0x007FFFFFu;
inline constexpr float kMinNormalF = 0x1p-126f;
inline constexpr float kTwoTo23F = 8388608.0f;
// 2/k for k = 3, 5, ..., 11 (index (k - 3) / 2), rounded to float.
inline constexpr float kLogCoefficientsF[5] = {static_cast<float>(2.0 / 3), static_cast<float>(2.0 / 5),
                                               static_cast<float>(2.0 / 7), static_cast<float>(2.0 / 9),
                                               static_cast<float>(2.0 / 11)};
inline constexpr float kTanhSeriesLimitF = 0.625f;  // TanhF's series below, the exponential from here on.
// tanh's Taylor coefficients of x^3, x^5, ..., x^21 (index (k - 3) / 2), rounded to float.
inline constexpr float kTanhCoefficientsF[10] = {
    static_cast<float>(-1.0 / 3),
    static_cast<float>(2.0 / 15),
    static_cast<float>(-17.0 / 315),
    static_cast<float>(62.0 / 2835),
    static_cast<float>(-1382.0 / 155925),
    static_cast<float>(21844.0 / 6081075),
    static_cast<float>(-929569.0 / 638512875),
    static_cast<float>(6404582.0 / 10854718875.0),
    static_cast<float>(-443861162.0 / 1856156927625.0),
    static_cast<float>(18888466084.0 / 194896477400625.0)};

inline uint32_t FloatBitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

// e ln2 + log(1 + f) for |f / (f + 2)| <= 0.2: log(1 + f) = f - s (f - r), s = f / (f + 2), r by Horner's scheme in
// s^2; e ln2 in two parts (e * kLn2HiF is exact for |e| <= 256).
inline float LogOfReducedF(float f, float e) {
  const float s = f / (f + 2.0f);
  const float s2 = s * s;
  float q = kLogCoefficientsF[4];
  for (int i = 3; i >= 0; --i) {
    q = q * s2 + kLogCoefficientsF[i];
  }
  const float r = s2 * q;
  const float log_m = f - s * (f - r);
  return e * kLn2HiF + (log_m + e * kLn2LoF);
}

// m in [sqrt(1/2), sqrt(2)) and e with bits' float = m 2^e, for the bits of a positive normal float.
inline void SplitAtSqrtHalf(uint32_t bits, float* m, float* e) {
  const uint32_t shifted = bits + kToSqrtHalfOffsetF;
  *m = FloatFromBits((shifted & kMantissaMaskF) + kSqrtHalfBitsF);
  *e = static_cast<float>(static_cast<int32_t>(shifted >> 23) - 127);
}

inline float LogF(float x) {
  if (std::isnan(x) || x == std::numeric_limits<float>::infinity()) {
    return x;
  }
  if (x == 0.0f) {
    return -std::numeric_limits<float>::infinity();
  }
  if (x < 0.0f) {
    return std::numeric_limits<float>::quiet_NaN();
  }
  const bool subnormal = x < kMinNormalF;
  float m;
  float e;
  SplitAtSqrtHalf(FloatBitsOf(subnormal ? x * kTwoTo23F : x), &m, &e);
  return LogOfReducedF(m - 1.0f, subnormal ? e - 23.0f : e);  // m - 1 is exact (Sterbenz).
}

inline float Log1pF(float u) {
  const float w = 1.0f + u;
  if (w == 1.0f || std::isnan(u) || u == std::numeric_limits<float>::infinity()) {
    return u;
  }
  if (u < -1.0f) {
    return std::numeric_limits<float>::quiet_NaN();
  }
  if (w == 0.0f) {  // u = -1: 1 + u rounds to 0 nowhere else (the smallest w above it is 2^-24).
    return -std::numeric_limits<float>::infinity();
  }
  const float c = u - (w - 1.0f);
  float m;
  float e;
  SplitAtSqrtHalf(FloatBitsOf(w), &m, &e);  // w in [2^-24, inf): normal.
  // 2^-e, as +0 from e = 127 on (c is then below 2^-24 of w, and the result about 88).
  const int32_t inverse_exponent = 127 - static_cast<int32_t>(e);
  const float inverse_scale = FloatFromBits(static_cast<uint32_t>(inverse_exponent > 0 ? inverse_exponent : 0) << 23);
  return LogOfReducedF((m - 1.0f) + c * inverse_scale, e);
}

// log(1 + e) for e in [0, 1]: SoftplusTailF's part after its exponential.
inline float LogOnePlusUnitF(float e) {
  const bool small = !(e > 0.5f);
  const float f = small ? e : (e - 1.0f) * 0.5f;
  return LogOfReducedF(f, small ? 0.0f : 1.0f);
}

inline float SoftplusTailF(float x) {
  if (std::isnan(x)) {
    return x;
  }
  return LogOnePlusUnitF(ExpF(-std::fabs(x)));
}

// SoftplusTailF(hi + lo) for lo = 0 or the exact error of a rounded hi (ProductErrorF): exp(-|hi + lo|) as
// ExpSumF(-hi, -lo) or ExpSumF(hi, lo), by hi's sign (|lo| is at most half an ulp of hi).
inline float SoftplusTailSumF(float hi, float lo) {
  if (std::isnan(hi)) {
    return hi;
  }
  const bool non_negative = hi >= 0.0f;
  return LogOnePlusUnitF(ExpSumF(non_negative ? -hi : hi, non_negative ? -lo : lo));
}

inline float SigmoidF(float x) {
  if (std::isnan(x)) {
    return x;
  }
  const float e = ExpF(-std::fabs(x));
  const float d = 1.0f + e;
  const bool non_negative = x >= 0.0f;
  const float q = (non_negative ? 1.0f : e) / d;
  // x >= 0: q - q (c q), c = e - (d - 1) the rounding error of d (d - 1 exact), so q (1 - c / d) = 1 / (1 + e) to
  // first order. x < 0: e - e q = e / (1 + e), the correction e q rounded away from the result.
  const float base = non_negative ? q : e;
  const float correction = non_negative ? (e - (d - 1.0f)) * q : q;
  return base - base * correction;
}

// x + x (x^2 P(x^2)) for |x| < kTanhSeriesLimitF.
inline float TanhSeriesF(float x) {
  const float x2 = x * x;
  float p = kTanhCoefficientsF[9];
  for (int i = 8; i >= 0; --i) {
    p = p * x2 + kTanhCoefficientsF[i];
  }
  return x + x * (x2 * p);
}

inline float TanhF(float x) {
  if (std::isnan(x)) {
    return x;
  }
  const float a = std::fabs(x);
  // x's sign on both branches: the series gives +0 for -0.
  if (a < kTanhSeriesLimitF) {
    return std::copysign(TanhSeriesF(x), x);
  }
  const float e = ExpF(-2.0f * a);
  return std::copysign((1.0f - e) / (1.0f + e), x);
}

// a * b = product + error exactly (Dekker's product with Veltkamp's split, no fused multiply-add: 17 IEEE
// operations), so that a function of a product, exp(-|y x|) say, can take it exactly (ExpSumF(hi, lo)) instead of
// rounded, where rounding would cost |y x| ulps. The error is exact unless a partial product underflows (then it is
// below 2^-126 absolute); it is +0 where the split overflows (|a| or |b| above about 2^115) or the product is not
// finite.
inline constexpr float kVeltkampSplitF = 4097.0f;  // 2^12 + 1: splits a float's 24 bits into two halves of 12.

inline void SplitHalvesF(float a, float* high, float* low) {
  const float t = kVeltkampSplitF * a;
  *high = t - (t - a);
  *low = a - *high;
}

// v is +-0 or a finite normal float: where every intermediate of a float term is, each of its roundings is
// relative (no underflow to a subnormal or zero, no overflow), so the term's ulp bound holds; terms fall back to
// their double form elsewhere.
inline bool IsNormalF(float v) {
  const float magnitude = std::fabs(v);
  return magnitude >= kMinNormalF && magnitude <= std::numeric_limits<float>::max();
}
inline bool IsZeroOrNormalF(float v) { return v == 0.0f || IsNormalF(v); }

inline float ProductErrorF(float a, float b, float product) {
  float a_high, a_low, b_high, b_low;
  SplitHalvesF(a, &a_high, &a_low);
  SplitHalvesF(b, &b_high, &b_low);
  const float error = (((a_high * b_high - product) + a_high * b_low) + a_low * b_high) + a_low * b_low;
  return std::isfinite(error) ? error : 0.0f;
}

}  // namespace openaclnn::cpu::det

#endif  // OPENACLNN_BACKEND_CPU_DET_MATH_FLOAT_H_
