#include "framework/tolerated_fault.h"

#include <atomic>

#include "acl/acl_base.h"
#include "core/log.h"
#include "core/messages.h"
#include "runtime/env.h"

namespace openaclnn {
namespace {

constexpr int kFromEnvironment = -1;
std::atomic<int> g_strict_override{kFromEnvironment};

bool StrictFromEnvironment() {
  static const bool enabled = runtime::ReadEnvFlag(kStrictModeEnv);
  return enabled;
}

}  // namespace

bool StrictMode() {
  const int override_value = g_strict_override.load(std::memory_order_relaxed);
  return override_value == kFromEnvironment ? StrictFromEnvironment() : override_value != 0;
}

Status SetStrictMode(std::string_view api, int32_t enable) {
  if (enable < -1 || enable > 1) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(api, "argument 'enable' must be 1 (on), 0 (off) or -1 (the default), got " +
                                             std::to_string(enable) + "."));
  }
  g_strict_override.store(enable == -1 ? kFromEnvironment : enable, std::memory_order_relaxed);
  return Status::Ok();
}

Status TolerateFault(std::string_view op, std::string_view kind, int32_t strict_code, const std::string& fault) {
  if (StrictMode()) {
    return Status(strict_code, msg::ExecutionError(op, fault));
  }
  log::WarnOnce(op, kind, __FILE__, __LINE__, msg::ToleratedFault(op, fault));
  return Status::Ok();
}

}  // namespace openaclnn
