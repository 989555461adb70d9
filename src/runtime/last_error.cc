#include "runtime/last_error.h"

#include <string>

#include "acl/acl_rt.h"
#include "core/messages.h"

namespace openaclnn::runtime {
namespace {

thread_local int32_t last_error = 0;

bool IsRuntimeLayerCode(int32_t code) {
  const int32_t family = code / 1000;
  return family == 107 || family == 207 || family == 507;
}

}  // namespace

int32_t NoteLastError(int32_t code) {
  if (IsRuntimeLayerCode(code)) {
    last_error = code;
  }
  return code;
}

Status ReadLastError(int32_t level, bool clear, int32_t* code) {
  if (level != ACL_RT_THREAD_LEVEL) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(clear ? "aclrtGetLastError" : "aclrtPeekAtLastError",
                                    "argument 'level' is " + std::to_string(level) +
                                        "; expected ACL_RT_THREAD_LEVEL (0)."));
  }
  *code = last_error;
  if (clear) {
    last_error = 0;
  }
  return Status::Ok();
}

}  // namespace openaclnn::runtime
