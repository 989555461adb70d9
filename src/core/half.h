// Scalar conversions between float and the 16-bit float formats, rounding to nearest even.
// These are the reference the vector kernels must match bit for bit.
#ifndef OPENACLNN_CORE_HALF_H_
#define OPENACLNN_CORE_HALF_H_

#include <cstdint>
#include <cstring>

namespace openaclnn {

inline uint32_t FloatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

inline float BitsToFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

inline float Bf16ToFloat(uint16_t value) { return BitsToFloat(static_cast<uint32_t>(value) << 16); }

inline uint16_t FloatToBf16(float value) {
  uint32_t bits = FloatBits(value);
  if ((bits & 0x7fffffffu) > 0x7f800000u) {
    // Keep the sign and the top payload bits; force a quiet NaN so truncation cannot produce infinity.
    return static_cast<uint16_t>((bits >> 16) | 0x0040u);
  }
  const uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>((bits + rounding) >> 16);
}

inline float HalfToFloat(uint16_t value) {
  const uint32_t sign = static_cast<uint32_t>(value & 0x8000u) << 16;
  const uint32_t exponent = (value >> 10) & 0x1fu;
  uint32_t mantissa = value & 0x3ffu;
  if (exponent == 0x1fu) {
    // Infinity keeps a zero mantissa; NaNs come back quiet, as the hardware converters return them.
    const uint32_t quiet = mantissa != 0 ? 0x00400000u : 0u;
    return BitsToFloat(sign | 0x7f800000u | quiet | (mantissa << 13));
  }
  if (exponent != 0) {
    return BitsToFloat(sign | ((exponent + 112u) << 23) | (mantissa << 13));
  }
  if (mantissa == 0) {
    return BitsToFloat(sign);
  }
  // Subnormal half: renormalise into a float.
  uint32_t shifted_exponent = 113;
  while ((mantissa & 0x400u) == 0) {
    mantissa <<= 1;
    --shifted_exponent;
  }
  return BitsToFloat(sign | (shifted_exponent << 23) | ((mantissa & 0x3ffu) << 13));
}

inline uint16_t FloatToHalf(float value) {
  const uint32_t bits = FloatBits(value);
  const uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  const uint32_t magnitude = bits & 0x7fffffffu;
  if (magnitude > 0x7f800000u) {
    return static_cast<uint16_t>(sign | 0x7e00u | ((magnitude >> 13) & 0x3ffu));
  }
  if (magnitude >= 0x477ff000u) {
    // At or above 65520 rounds to infinity.
    return static_cast<uint16_t>(sign | 0x7c00u);
  }
  if (magnitude < 0x38800000u) {
    // Below the smallest normal half (2^-14): round into the subnormal range.
    if (magnitude < 0x33000000u) {
      return sign;  // Below half of the smallest subnormal (2^-25): rounds to zero.
    }
    const uint32_t exponent = magnitude >> 23;
    const uint32_t mantissa = (magnitude & 0x7fffffu) | 0x800000u;
    const uint32_t shift = 126u - exponent;  // Aligns the value to units of 2^-24.
    uint32_t result = mantissa >> shift;
    const uint32_t remainder = mantissa & ((1u << shift) - 1u);
    const uint32_t halfway = 1u << (shift - 1u);
    if (remainder > halfway || (remainder == halfway && (result & 1u) != 0)) {
      ++result;
    }
    return static_cast<uint16_t>(sign | result);
  }
  // Normal range: rebias the exponent and round the 13 dropped mantissa bits to nearest even.
  uint32_t result = magnitude - 0x38000000u;
  result += 0x0fffu + ((result >> 13) & 1u);
  return static_cast<uint16_t>(sign | (result >> 13));
}

}  // namespace openaclnn

#endif  // OPENACLNN_CORE_HALF_H_
