#include "runtime/memory_ops.h"

#include <sys/sysinfo.h>

#include <cstring>
#include <string>

#include <algorithm>

#include "core/messages.h"
#include "runtime/device.h"
#include "runtime/env.h"
#include "runtime/memory.h"

namespace openaclnn::runtime {

Status CheckCopyArguments(const char* api, void* dst, size_t dest_max, const void* src, size_t count, int32_t kind,
                          int32_t last_kind, int32_t too_long_code) {
  if (dst == nullptr || src == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(api, std::string("argument '") + (dst == nullptr ? "dst" : "src") +
                                             "' is NULL with count " + std::to_string(count) + "."));
  }
  if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > last_kind) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(api, "argument 'kind' is " + std::to_string(kind) +
                                             "; expected an aclrtMemcpyKind value (0.." + std::to_string(last_kind) +
                                             ")."));
  }
  if (count > dest_max) {
    return Status(too_long_code,
                  msg::RuntimeError(api, "argument 'count' (" + std::to_string(count) +
                                             ") is larger than 'destMax' (" + std::to_string(dest_max) + ")."));
  }
  return Status::Ok();
}

Status Memcpy(void* dst, size_t dest_max, const void* src, size_t count, int32_t kind) {
  constexpr const char* kApi = "aclrtMemcpy";
  if (count == 0) {
    return Status::Ok();
  }
  OPENACLNN_RETURN_IF_ERROR(CheckCopyArguments(kApi, dst, dest_max, src, count, kind,
                                               ACL_MEMCPY_INTER_DEVICE_TO_DEVICE, ACL_ERROR_INVALID_PARAM));
  OPENACLNN_RETURN_IF_ERROR(CheckPeerCopy(kApi, dst, src, count));
  std::memmove(dst, src, count);
  return Status::Ok();
}

Status CheckPeerCopy(const char* api, void* dst, const void* src, size_t count) {
  const int32_t to = DeviceOfBlock(dst, count);
  const int32_t from = DeviceOfBlock(src, count);
  if (to < 0 || from < 0 || to == from || PeerAccessEnabled(to, from)) {
    return Status::Ok();
  }
  return Status(ACL_ERROR_RT_PARAM_INVALID,
                msg::RuntimeError(api, "argument 'src' is memory of device " + std::to_string(from) +
                                           " and 'dst' memory of device " + std::to_string(to) +
                                           "; call aclrtDeviceEnablePeerAccess between them first."));
}

Status Memset(void* dst, size_t max_count, int32_t value, size_t count) {
  constexpr const char* kApi = "aclrtMemset";
  if (count == 0) {
    return Status::Ok();
  }
  if (dst == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'devPtr' is NULL."));
  }
  if (count > max_count) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(kApi, "argument 'count' (" + std::to_string(count) +
                                              ") is larger than 'maxCount' (" + std::to_string(max_count) + ")."));
  }
  std::memset(dst, value, count);
  return Status::Ok();
}

Status GetMemInfo(int32_t attr, size_t* free_bytes, size_t* total_bytes) {
  constexpr const char* kApi = "aclrtGetMemInfo";
  if (free_bytes == nullptr || total_bytes == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "arguments 'free' and 'total' must not be NULL."));
  }
  // Every kind of memory is the same host memory here.
  if (attr < ACL_DDR_MEM || attr > ACL_HBM_MEM_P2P_HUGE1G) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'attr' is " + std::to_string(attr) +
                                                                 "; expected an aclrtMemAttr value (0..11)."));
  }
  struct sysinfo info {};
  if (sysinfo(&info) != 0) {
    return Status(ACL_ERROR_RT_INTERNAL_ERROR, msg::RuntimeError(kApi, "sysinfo failed."));
  }
  const uint64_t machine_free = static_cast<uint64_t>(info.freeram) * info.mem_unit;
  const uint64_t total = DeviceMemoryLimit() > 0 ? DeviceMemoryLimit()
                                                 : static_cast<uint64_t>(info.totalram) * info.mem_unit;
  const uint64_t used = std::min(total, DeviceBytesInUse(CurrentDeviceOr(0)));
  *free_bytes = static_cast<size_t>(std::min(machine_free, total - used));
  *total_bytes = static_cast<size_t>(total);
  return Status::Ok();
}

}  // namespace openaclnn::runtime
