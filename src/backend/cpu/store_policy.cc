#include "backend/cpu/store_policy.h"

#include <atomic>
#include <string>

#include "acl/acl_base.h"
#include "core/messages.h"
#include "runtime/env.h"

namespace openaclnn::cpu {
namespace {

int64_t DefaultThreshold() {
  static const int64_t threshold = runtime::ReadEnvInt(kStreamingStoreEnv, kDefaultStreamingStoreBytes);
  return threshold;
}

std::atomic<int64_t> g_override{-1};  // -1: use the default.

}  // namespace

int64_t StreamingStoreThreshold() {
  const int64_t bytes = g_override.load(std::memory_order_relaxed);
  return bytes >= 0 ? bytes : DefaultThreshold();
}

Status SetStreamingStoreThreshold(const char* api, int64_t bytes) {
  if (bytes < -1) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(api, "argument 'bytes' must be >= 0 (or -1 for the default), got " +
                                             std::to_string(bytes) + "."));
  }
  g_override.store(bytes, std::memory_order_relaxed);
  return Status::Ok();
}

}  // namespace openaclnn::cpu
