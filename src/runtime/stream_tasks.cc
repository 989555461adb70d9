#include "runtime/stream_tasks.h"

#include <cstring>
#include <memory>
#include <string>

#include "core/messages.h"
#include "runtime/device.h"
#include "runtime/memory.h"
#include "runtime/memory_ops.h"
#include "runtime/stream.h"

namespace openaclnn::runtime {
namespace {

// Small fills and copies run in the launching thread when the stream is idle, as small operators do.
constexpr size_t kRunHereMaxBytes = size_t{256} << 10;

Dispatch DispatchFor(size_t bytes) { return bytes <= kRunHereMaxBytes ? Dispatch::kHereIfIdle : Dispatch::kWorker; }

}  // namespace

Status MemcpyAsync(void* dst, size_t dest_max, const void* src, size_t count, int32_t kind, aclrtStream stream) {
  constexpr const char* kApi = "aclrtMemcpyAsync";
  if (count == 0) {
    return Status::Ok();
  }
  // Kinds 6 and 7 are for the synchronous copy only; CANN's runtime refuses count > destMax (code ours).
  OPENACLNN_RETURN_IF_ERROR(CheckCopyArguments(kApi, dst, dest_max, src, count, kind,
                                               ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE, ACL_ERROR_RT_PARAM_INVALID));
  OPENACLNN_RETURN_IF_ERROR(CheckPeerCopy(kApi, dst, src, count));
  Status error;
  std::shared_ptr<Stream> target = FindStream(kApi, stream, &error);
  if (!target) {
    return error;
  }
  target->Enqueue(
      [dst, src, count] {
        std::memmove(dst, src, count);
        return Status::Ok();
      },
      DispatchFor(count));
  if (!IsInsideLiveBlock(dst, count) || !IsInsideLiveBlock(src, count)) {
    target->WaitIdle();  // Pageable host memory: the caller may reuse it as soon as the call returns.
  }
  return Status::Ok();
}

Status MemsetAsync(void* dst, size_t max_count, int32_t value, size_t count, aclrtStream stream) {
  constexpr const char* kApi = "aclrtMemsetAsync";
  if (count == 0) {
    return Status::Ok();
  }
  if (dst == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'devPtr' is NULL."));
  }
  if (count > max_count) {
    return Status(ACL_ERROR_RT_PARAM_INVALID,
                  msg::RuntimeError(kApi, "argument 'count' (" + std::to_string(count) +
                                              ") is larger than 'maxCount' (" + std::to_string(max_count) + ")."));
  }
  Status error;
  std::shared_ptr<Stream> target = FindStream(kApi, stream, &error);
  if (!target) {
    return error;
  }
  const unsigned char byte = static_cast<unsigned char>(value);  // The low byte, as memset uses it.
  target->Enqueue(
      [dst, byte, count] {
        std::memset(dst, byte, count);
        return Status::Ok();
      },
      DispatchFor(count));
  return Status::Ok();
}

Status LaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void* args) {
  constexpr const char* kApi = "aclrtLaunchHostFunc";
  if (fn == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'fn' is NULL."));
  }
  Status error;
  std::shared_ptr<Stream> target = FindStream(kApi, stream, &error);
  if (!target) {
    return error;
  }
  // Later tasks of the stream wait for fn to return; it runs on the stream's worker, never in this call.
  target->Enqueue(
      [fn, args] {
        fn(args);
        return Status::Ok();
      },
      Dispatch::kWorker);
  return Status::Ok();
}

}  // namespace openaclnn::runtime
