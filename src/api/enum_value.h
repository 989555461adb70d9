// C callers may pass any int where the API declares an enum. In C++ an enum object holding a value outside its
// enumerators' range cannot be read as the enum (undefined behaviour, and UBSan reports it), so the shims read
// the argument's bits instead and the layers below validate a plain integer.
#ifndef OPENACLNN_API_ENUM_VALUE_H_
#define OPENACLNN_API_ENUM_VALUE_H_

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace openaclnn::api {

template <typename Enum>
int32_t EnumValue(const Enum& argument) {
  static_assert(std::is_enum_v<Enum> && sizeof(Enum) == sizeof(int32_t), "a C enum parameter");
  int32_t value;
  std::memcpy(&value, &argument, sizeof(value));
  return value;
}

}  // namespace openaclnn::api

#endif  // OPENACLNN_API_ENUM_VALUE_H_
