// The process's ACL runtime state on the CPU backend: initialisation, the single device (id 0) and its streams.
#ifndef OPENACLNN_RUNTIME_DEVICE_H_
#define OPENACLNN_RUNTIME_DEVICE_H_

#include <cstdint>
#include <memory>
#include <string_view>

#include "acl/acl_rt.h"
#include "core/status.h"
#include "runtime/stream.h"

namespace openaclnn::runtime {

inline constexpr int32_t kDeviceCount = 1;

Status Init(const char* config_path);
Status Finalize();

Status SetDevice(int32_t device_id);
Status ResetDevice(int32_t device_id);
Status GetDevice(int32_t* device_id);
// 107002 (ACL_ERROR_RT_CONTEXT_NULL) until some thread has called aclrtSetDevice.
Status RequireOpenDevice(const char* api);

Status CreateStream(aclrtStream* stream);
Status DestroyStream(aclrtStream stream);
Status SynchronizeStream(aclrtStream stream);
Status SynchronizeDevice();

// The live stream behind a handle (nullptr selects the default stream); null with *error set otherwise.
std::shared_ptr<Stream> FindStream(std::string_view api, aclrtStream handle, Status* error);

// Waits until every stream is idle without consuming their failures (before memory is freed).
void WaitAllStreamsIdle();

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_DEVICE_H_
