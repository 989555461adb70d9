// The process's ACL runtime state on the CPU backend: initialisation (reference-counted), the emulated devices,
// their contexts and the streams of each context.
//
// Every device has a primary (default) context while aclrtSetDevice references it; aclrtCreateContext adds
// more. Each context owns a default stream, reached by the NULL stream handle while the context is current.
// A thread's current context is the one it set last (aclrtSetDevice selects the device's primary context);
// a thread that never chose one uses the primary context of the lowest-numbered open device, so helper threads
// of a program that opened one device work without calling aclrtSetDevice themselves.
#ifndef OPENACLNN_RUNTIME_DEVICE_H_
#define OPENACLNN_RUNTIME_DEVICE_H_

#include <cstdint>
#include <memory>
#include <string_view>

#include "acl/acl_rt.h"
#include "core/status.h"
#include "runtime/stream.h"

namespace openaclnn::runtime {

// The timeout argument of the *WithTimeout synchronisations and aclrtProcessReport: -1 (forever) or > 0 ms;
// 0 and values below -1 are `code` (107000 for the synchronisations, 100000 for aclrtProcessReport, as CANN).
Status CheckWaitTimeout(const char* api, int32_t timeout_ms, int32_t code);

// How many devices this process emulates (OPENACLNN_DEVICE_COUNT, default 1), read once.
int32_t DeviceCount();

Status Init(const char* config_path);
Status Finalize();

Status SetDevice(int32_t device_id);
// force: release at once, however many aclrtSetDevice calls are outstanding (aclrtResetDeviceForce).
Status ResetDevice(int32_t device_id, bool force);
Status GetDevice(int32_t* device_id);
// 107002 (ACL_ERROR_RT_CONTEXT_NULL) while the calling thread has no usable context (no device is open).
Status RequireOpenDevice(const char* api);
// The device of the calling thread's context; requires RequireOpenDevice to have succeeded.
int32_t CurrentDeviceOr(int32_t fallback);

// Peer access between emulated devices: a device-to-device copy between blocks of two devices needs it enabled
// (either way) first, as on CANN.
Status DeviceCanAccessPeer(int32_t* can_access, int32_t device_id, int32_t peer_device_id);
Status EnablePeerAccess(int32_t peer_device_id, uint32_t flags);
Status DisablePeerAccess(int32_t peer_device_id);
bool PeerAccessEnabled(int32_t first, int32_t second);

Status CreateContext(aclrtContext* context, int32_t device_id);
Status DestroyContext(aclrtContext context);
Status SetCurrentContext(aclrtContext context);
Status GetCurrentContext(aclrtContext* context);
Status GetCurrentDefaultStream(aclrtStream* stream);
Status SetContextParam(int32_t option, int64_t value);
Status GetContextParam(int32_t option, int64_t* value);

Status CreateStream(aclrtStream* stream);
// aclrtCreateStreamWithConfig: priority is recorded, unknown flag bits are dropped, ACL_STREAM_PERSISTENT is
// refused (no models here).
Status CreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flags, const char* api);
enum class StreamAttribute { kId, kFlags, kPriority };
// value: int32_t* for kId, uint32_t* otherwise.
Status GetStreamAttribute(aclrtStream stream, StreamAttribute attribute, void* value);
Status SetStreamFailureMode(aclrtStream stream, uint64_t mode);
Status GetPrimaryContextState(int32_t device_id, uint32_t* flags, int32_t* active);
// force: drop the tasks not started yet instead of waiting for them (aclrtDestroyStreamForce).
Status DestroyStream(aclrtStream stream, bool force);
Status SynchronizeStream(aclrtStream stream);
// timeout_ms: -1 waits forever; expiry is 507046 (ACL_ERROR_RT_STREAM_SYNC_TIMEOUT).
Status SynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout_ms);
Status QueryStream(aclrtStream stream, aclrtStreamStatus* status);
Status SynchronizeDevice();

// The live stream behind a handle (nullptr selects the current context's default stream); null with *error set
// otherwise.
std::shared_ptr<Stream> FindStream(std::string_view api, aclrtStream handle, Status* error);
// The device a live stream belongs to, or -1.
int32_t StreamDevice(aclrtStream handle);

// The address of the object behind a live context handle, or null (for tests of handle reuse).
const void* ContextObjectAddress(aclrtContext context);

// Waits until every stream is idle without consuming their failures (before memory is freed).
void WaitAllStreamsIdle();

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_DEVICE_H_
