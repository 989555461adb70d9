// Work the runtime itself enqueues on a stream: asynchronous copies and fills, and host functions. They run in
// stream order with the operators launched on the same stream.
#ifndef OPENACLNN_RUNTIME_STREAM_TASKS_H_
#define OPENACLNN_RUNTIME_STREAM_TASKS_H_

#include <cstddef>
#include <cstdint>

#include "acl/acl_rt.h"
#include "core/status.h"

namespace openaclnn::runtime {

// With memory from aclrtMalloc / aclrtMallocHost at both ends the copy is queued and the call returns at once;
// with other (pageable) host memory it returns after the copy is done, as CANN does.
Status MemcpyAsync(void* dst, size_t dest_max, const void* src, size_t count, int32_t kind, aclrtStream stream);
Status MemsetAsync(void* dst, size_t max_count, int32_t value, size_t count, aclrtStream stream);
Status LaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void* args);

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_STREAM_TASKS_H_
