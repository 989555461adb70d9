#include "test_numeric.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace openaclnn::test {
namespace {

// Rounds value to a binary format with `mantissa_bits` explicit fraction bits and minimum normal exponent
// `min_exponent` (value = 1.f * 2^e), returning the rounded value as double (inf on overflow).
double RoundToFormat(double value, int mantissa_bits, int min_exponent, double max_finite) {
  if (std::isnan(value) || std::isinf(value) || value == 0.0) {
    return value;
  }
  int exponent = 0;
  std::frexp(value, &exponent);  // value = m * 2^exponent with 0.5 <= |m| < 1.
  int unit_exponent = exponent - 1 - mantissa_bits;
  const int subnormal_unit_exponent = min_exponent - mantissa_bits;
  if (unit_exponent < subnormal_unit_exponent) {
    unit_exponent = subnormal_unit_exponent;
  }
  const double units = std::nearbyint(std::ldexp(value, -unit_exponent));  // Default mode: ties to even.
  const double rounded = std::ldexp(units, unit_exponent);
  // Values at or past max + half a unit round to infinity.
  const double overflow = max_finite + std::ldexp(1.0, static_cast<int>(std::ilogb(max_finite)) - mantissa_bits - 1);
  if (std::fabs(value) >= overflow) {
    return std::copysign(std::numeric_limits<double>::infinity(), value);
  }
  return rounded;
}

constexpr double kHalfMax = 65504.0;
const double kBf16Max = std::ldexp(255.0 / 128.0, 127);

uint16_t Encode(double rounded, int mantissa_bits, int exponent_bits, int bias) {
  const uint16_t sign = std::signbit(rounded) ? static_cast<uint16_t>(1u << 15) : 0;
  const uint16_t all_ones = static_cast<uint16_t>((1u << exponent_bits) - 1);
  if (std::isnan(rounded)) {
    return static_cast<uint16_t>(sign | (all_ones << mantissa_bits) | (1u << (mantissa_bits - 1)));
  }
  if (std::isinf(rounded)) {
    return static_cast<uint16_t>(sign | (all_ones << mantissa_bits));
  }
  const double magnitude = std::fabs(rounded);
  if (magnitude == 0.0) {
    return sign;
  }
  int exponent = 0;
  std::frexp(magnitude, &exponent);
  int biased = exponent - 1 + bias;
  if (biased <= 0) {
    // Subnormal: magnitude = fraction * 2^(1 - bias - mantissa_bits).
    const double fraction = std::ldexp(magnitude, bias - 1 + mantissa_bits);
    return static_cast<uint16_t>(sign | static_cast<uint16_t>(fraction));
  }
  const double fraction = std::ldexp(magnitude, -(exponent - 1)) - 1.0;  // In [0, 1).
  const auto mantissa = static_cast<uint16_t>(std::ldexp(fraction, mantissa_bits));
  return static_cast<uint16_t>(sign | (biased << mantissa_bits) | mantissa);
}

double Decode(uint16_t bits, int mantissa_bits, int exponent_bits, int bias) {
  const bool negative = (bits >> 15) != 0;
  const int exponent = (bits >> mantissa_bits) & ((1 << exponent_bits) - 1);
  const int mantissa = bits & ((1 << mantissa_bits) - 1);
  double magnitude = 0.0;
  if (exponent == (1 << exponent_bits) - 1) {
    magnitude = mantissa != 0 ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  } else if (exponent == 0) {
    magnitude = std::ldexp(static_cast<double>(mantissa), 1 - bias - mantissa_bits);
  } else {
    magnitude = std::ldexp(1.0 + std::ldexp(static_cast<double>(mantissa), -mantissa_bits), exponent - bias);
  }
  return negative ? -magnitude : magnitude;
}

}  // namespace

uint16_t ToHalfBits(double value) { return Encode(RoundToFormat(value, 10, -14, kHalfMax), 10, 5, 15); }
uint16_t ToBf16Bits(double value) { return Encode(RoundToFormat(value, 7, -126, kBf16Max), 7, 8, 127); }
double FromHalfBits(uint16_t bits) { return Decode(bits, 10, 5, 15); }
double FromBf16Bits(uint16_t bits) { return Decode(bits, 7, 8, 127); }

double RoundTo(aclDataType dtype, double value) {
  switch (dtype) {
    case ACL_FLOAT16: return FromHalfBits(ToHalfBits(value));
    case ACL_BF16: return FromBf16Bits(ToBf16Bits(value));
    default: return static_cast<double>(static_cast<float>(value));
  }
}

namespace {

template <typename T>
void StoreAs(void* address, T value) {
  std::memcpy(address, &value, sizeof(value));
}

template <typename T>
T LoadAs(const void* address) {
  T value;
  std::memcpy(&value, address, sizeof(value));
  return value;
}

}  // namespace

void StoreElement(aclDataType dtype, void* address, double value) {
  switch (dtype) {
    case ACL_FLOAT16: return StoreAs(address, ToHalfBits(value));
    case ACL_BF16: return StoreAs(address, ToBf16Bits(value));
    case ACL_FLOAT: return StoreAs(address, static_cast<float>(value));
    case ACL_DOUBLE: return StoreAs(address, value);
    case ACL_INT64: return StoreAs(address, static_cast<int64_t>(value));
    case ACL_INT32: return StoreAs(address, static_cast<int32_t>(value));
    case ACL_INT16: return StoreAs(address, static_cast<int16_t>(value));
    case ACL_INT8: return StoreAs(address, static_cast<int8_t>(value));
    case ACL_UINT8: return StoreAs(address, static_cast<uint8_t>(value));
    case ACL_BOOL: return StoreAs(address, static_cast<uint8_t>(value != 0.0 ? 1 : 0));
    default: return;
  }
}

double LoadElement(aclDataType dtype, const void* address) {
  switch (dtype) {
    case ACL_FLOAT16: return FromHalfBits(LoadAs<uint16_t>(address));
    case ACL_BF16: return FromBf16Bits(LoadAs<uint16_t>(address));
    case ACL_FLOAT: return LoadAs<float>(address);
    case ACL_DOUBLE: return LoadAs<double>(address);
    case ACL_INT64: return static_cast<double>(LoadAs<int64_t>(address));
    case ACL_INT32: return LoadAs<int32_t>(address);
    case ACL_INT16: return LoadAs<int16_t>(address);
    case ACL_INT8: return LoadAs<int8_t>(address);
    case ACL_UINT8:
    case ACL_BOOL: return LoadAs<uint8_t>(address);
    default: return std::numeric_limits<double>::quiet_NaN();
  }
}

double UlpAt(aclDataType dtype, double value) {
  int fraction_bits = 23;
  int min_exponent = -126;
  if (dtype == ACL_FLOAT16) {
    fraction_bits = 10;
    min_exponent = -14;
  } else if (dtype == ACL_BF16) {
    fraction_bits = 7;
  }
  const int exponent = value == 0.0 ? min_exponent : std::max(std::ilogb(value), min_exponent);
  return std::ldexp(1.0, exponent - fraction_bits);
}

double UlpDistance(aclDataType dtype, double a, double b) {
  if (std::isnan(a) || std::isnan(b)) {
    return std::isnan(a) && std::isnan(b) ? 0.0 : std::numeric_limits<double>::infinity();
  }
  if (a == b) {
    return 0.0;
  }
  if (std::isinf(a) || std::isinf(b)) {
    return std::numeric_limits<double>::infinity();
  }
  return std::fabs(a - b) / UlpAt(dtype, std::max(std::fabs(a), std::fabs(b)));
}

void CompensatedSum::Add(double term) {
  const double next = sum_ + term;
  if (std::fabs(sum_) >= std::fabs(term)) {
    compensation_ += (sum_ - next) + term;
  } else {
    compensation_ += (term - next) + sum_;
  }
  sum_ = next;
  plain_ += term;
}

double CompensatedSum::Total() const { return std::isfinite(plain_) ? sum_ + compensation_ : plain_; }

double CompensatedTotal(const std::vector<double>& values) {
  CompensatedSum sum;
  for (double value : values) {
    sum.Add(value);
  }
  return sum.Total();
}

bool SameValue(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) {
    return std::isnan(a) && std::isnan(b);
  }
  return a == b && std::signbit(a) == std::signbit(b);
}

}  // namespace openaclnn::test
