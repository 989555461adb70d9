// The definition behind the opaque aclTensor handle: a strided view over caller-owned memory.
#ifndef OPENACLNN_CORE_TENSOR_H_
#define OPENACLNN_CORE_TENSOR_H_

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"

// Global namespace: the public headers declare `struct aclTensor`.
struct aclTensor {
  std::vector<int64_t> view_dims;
  std::vector<int64_t> strides;  // In elements, one per view dimension.
  std::vector<int64_t> storage_dims;
  int64_t offset = 0;  // In elements, from data.
  // The caller's ints, as given (what aclGetDataType / aclGetFormat return): a C caller may pass any int as the
  // data type or format. Formats are only compared; the operators switch on dtype().
  int32_t dtype_value = ACL_DT_UNDEFINED;
  int32_t format = ACL_FORMAT_ND;
  void* data = nullptr;

  // The data type as an enum. A C++ aclDataType can only hold the values of the smallest bit-field covering its
  // enumerators ([-64, 63]); a value outside that range reads as UNDEFINED, which no operator supports.
  aclDataType dtype() const;
  int64_t rank() const { return static_cast<int64_t>(view_dims.size()); }
  // Saturates at INT64_MAX instead of overflowing; phase 1 rejects such tensors before any use.
  int64_t numel() const;
  bool empty() const;
};

namespace openaclnn {

// The range of values a C++ aclDataType can hold (the smallest bit-field covering its enumerators).
inline constexpr int32_t kMinEnumValue = -64;
inline constexpr int32_t kMaxEnumValue = 63;
static_assert(ACL_FLOAT6_E2M3 <= kMaxEnumValue, "an enumerator beyond [-64, 63] widens aclDataType's range");

// Largest rank aclCreateTensor accepts. Operators accept fewer (see their checks).
inline constexpr uint64_t kMaxCreateRank = 32;

}  // namespace openaclnn

#endif  // OPENACLNN_CORE_TENSOR_H_
