// The boundary every C entry point goes through: runs the implementation, records a failure's message for
// aclGetRecentErrMsg(), and turns any exception into a status code so none crosses into C callers.
#ifndef OPENACLNN_API_GUARD_H_
#define OPENACLNN_API_GUARD_H_

#include <exception>
#include <new>
#include <string>

#include "acl/acl_base.h"
#include "aclnn/opdev/op_errno.h"
#include "core/error_state.h"
#include "core/messages.h"
#include "core/status.h"

namespace openaclnn::api {

template <typename Fn>
int32_t Guard(const char* api, int32_t out_of_memory_code, int32_t internal_code, Fn&& fn) noexcept {
  try {
    return ReportStatus(fn());
  } catch (const std::bad_alloc&) {
    RecordFailure(api, "out of host memory.");  // Builds its text without letting bad_alloc escape.
    return out_of_memory_code;
  } catch (const std::exception& e) {
    RecordFailure(api, "internal error: ", e.what());
    return internal_code;
  } catch (...) {
    RecordFailure(api, "internal error.");
    return internal_code;
  }
}

// For aclnn* functions (aclnnStatus codes).
template <typename Fn>
int32_t GuardAclnn(const char* api, Fn&& fn) noexcept {
  return Guard(api, ACLNN_ERR_INNER, ACLNN_ERR_INNER, static_cast<Fn&&>(fn));
}

// For acl* / aclrt* functions (aclError codes).
template <typename Fn>
int32_t GuardAcl(const char* api, Fn&& fn) noexcept {
  return Guard(api, ACL_ERROR_BAD_ALLOC, ACL_ERROR_INTERNAL_ERROR, static_cast<Fn&&>(fn));
}

}  // namespace openaclnn::api

#endif  // OPENACLNN_API_GUARD_H_
