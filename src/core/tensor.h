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
  aclDataType dtype = ACL_DT_UNDEFINED;
  aclFormat format = ACL_FORMAT_ND;
  void* data = nullptr;

  int64_t rank() const { return static_cast<int64_t>(view_dims.size()); }
  // Saturates at INT64_MAX instead of overflowing; phase 1 rejects such tensors before any use.
  int64_t numel() const;
  bool empty() const;
};

namespace openaclnn {

// Largest rank aclCreateTensor accepts. Operators accept fewer (see their checks).
inline constexpr uint64_t kMaxCreateRank = 32;

}  // namespace openaclnn

#endif  // OPENACLNN_CORE_TENSOR_H_
