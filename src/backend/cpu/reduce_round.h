// Rounding a double-precision result once to an output's data type, for values computed in double (reduced
// totals, exact products). Going through float with round-to-nearest would round twice for FLOAT16/BFLOAT16 and
// could land one unit off; rounding to float with round-to-odd first keeps the final round-to-nearest-even exact,
// because float carries at least two more significant bits than either 16-bit format at every magnitude.
#ifndef OPENACLNN_BACKEND_CPU_REDUCE_ROUND_H_
#define OPENACLNN_BACKEND_CPU_REDUCE_ROUND_H_

#include <cmath>
#include <cstdint>

#include "acl/acl_base.h"
#include "core/element.h"
#include "core/half.h"

namespace openaclnn::cpu {

// value rounded to float toward zero, with the lowest significand bit set when that lost anything (round to odd).
inline float RoundToOddFloat(double value) {
  float rounded = static_cast<float>(value);
  if (std::isnan(value) || static_cast<double>(rounded) == value) {
    return rounded;
  }
  if (std::fabs(static_cast<double>(rounded)) > std::fabs(value)) {
    rounded = std::nextafter(rounded, 0.0f);  // Also brings an overflowed infinity back to the largest float.
  }
  return BitsToFloat(FloatBits(rounded) | 1u);
}

template <typename T>
void StoreFromDouble(char* address, double value);
template <>
inline void StoreFromDouble<float>(char* address, double value) {
  StoreRaw<float>(address, static_cast<float>(value));
}
template <>
inline void StoreFromDouble<Float16>(char* address, double value) {
  StoreRaw<uint16_t>(address, FloatToHalf(RoundToOddFloat(value)));
}
template <>
inline void StoreFromDouble<BFloat16>(char* address, double value) {
  StoreRaw<uint16_t>(address, FloatToBf16(RoundToOddFloat(value)));
}

// Stores value rounded once to dtype (FLOAT, FLOAT16 or BFLOAT16) and returns what was stored, as a double.
inline double StoreRoundedOnce(aclDataType dtype, char* address, double value) {
  switch (dtype) {
    case ACL_FLOAT16:
      StoreFromDouble<Float16>(address, value);
      return LoadAsFloat<Float16>(address);
    case ACL_BF16:
      StoreFromDouble<BFloat16>(address, value);
      return LoadAsFloat<BFloat16>(address);
    default:
      StoreFromDouble<float>(address, value);
      return LoadAsFloat<float>(address);
  }
}

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_REDUCE_ROUND_H_
