// Typed element access for the scalar kernels: every floating element is read as float and written from float
// with one rounding (DECISIONS 4); target elements are read as int64.
#ifndef OPENACLNN_CORE_ELEMENT_H_
#define OPENACLNN_CORE_ELEMENT_H_

#include <cstdint>
#include <cstring>

#include "acl/acl_base.h"
#include "core/half.h"

namespace openaclnn {

// Storage tags for the 16-bit float formats.
struct Float16 {
  uint16_t bits;
};
struct BFloat16 {
  uint16_t bits;
};

template <typename T>
inline T LoadRaw(const char* address) {
  T value;
  std::memcpy(&value, address, sizeof(T));
  return value;
}

template <typename T>
inline void StoreRaw(char* address, T value) {
  std::memcpy(address, &value, sizeof(T));
}

template <typename T>
float LoadAsFloat(const char* address);
template <>
inline float LoadAsFloat<float>(const char* address) {
  return LoadRaw<float>(address);
}
template <>
inline float LoadAsFloat<Float16>(const char* address) {
  return HalfToFloat(LoadRaw<uint16_t>(address));
}
template <>
inline float LoadAsFloat<BFloat16>(const char* address) {
  return Bf16ToFloat(LoadRaw<uint16_t>(address));
}

template <typename T>
void StoreFromFloat(char* address, float value);
template <>
inline void StoreFromFloat<float>(char* address, float value) {
  StoreRaw<float>(address, value);
}
template <>
inline void StoreFromFloat<Float16>(char* address, float value) {
  StoreRaw<uint16_t>(address, FloatToHalf(value));
}
template <>
inline void StoreFromFloat<BFloat16>(char* address, float value) {
  StoreRaw<uint16_t>(address, FloatToBf16(value));
}

template <typename T>
inline int64_t LoadAsIndex(const char* address) {
  return static_cast<int64_t>(LoadRaw<T>(address));
}

// For the few scalars a launch reads once (totalWeight, a broadcast gradOutput): FLOAT, FLOAT16 or BFLOAT16.
inline float LoadAsFloat(aclDataType dtype, const char* address) {
  switch (dtype) {
    case ACL_FLOAT16: return LoadAsFloat<Float16>(address);
    case ACL_BF16: return LoadAsFloat<BFloat16>(address);
    default: return LoadAsFloat<float>(address);
  }
}

}  // namespace openaclnn

#endif  // OPENACLNN_CORE_ELEMENT_H_
