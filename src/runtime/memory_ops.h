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
// For the current device: total is OPENACLNN_DEVICE_MEMORY (or the machine's RAM), free what is left of it after
// this device's aclrtMalloc blocks, and never more than the machine has free.
Status GetMemInfo(int32_t attr, size_t* free_bytes, size_t* total_bytes);  // attr: aclrtMemAttr

// The argument checks of aclrtMemcpy and aclrtMemcpyAsync, after count 0 has been answered: NULL pointers and a
// kind beyond last_kind are 100000, count beyond destMax is too_long_code.
Status CheckCopyArguments(const char* api, void* dst, size_t dest_max, const void* src, size_t count, int32_t kind,
                          int32_t last_kind, int32_t too_long_code);

// A copy between aclrtMalloc blocks of two devices needs peer access enabled between them (107000 otherwise).
Status CheckPeerCopy(const char* api, void* dst, const void* src, size_t count);

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_MEMORY_OPS_H_
