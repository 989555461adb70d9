// Host-synchronous copies and fills of the CPU backend (device memory is host memory).
#ifndef OPENACLNN_RUNTIME_MEMORY_OPS_H_
#define OPENACLNN_RUNTIME_MEMORY_OPS_H_

#include <cstddef>
#include <cstdint>

#include "acl/acl_rt.h"
#include "core/status.h"

namespace openaclnn::runtime {

Status Memcpy(void* dst, size_t dest_max, const void* src, size_t count, int32_t kind);  // kind: aclrtMemcpyKind
Status Memset(void* dst, size_t max_count, int32_t value, size_t count);
Status GetMemInfo(int32_t attr, size_t* free_bytes, size_t* total_bytes);  // attr: aclrtMemAttr

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_MEMORY_OPS_H_
