// The two C entry points every aclnn operator has, reduced to what differs between operators. Phase 1
// (aclnnXxxGetWorkspaceSize) forwards its arguments to the operator's check-and-plan function; phase 2
// (aclnnXxx) is the framework's one RunPhase2 for every operator, named by the operator's phase-2 API (the name
// its phase 1 stamped on the executor). Both run under GuardAclnn (api/guard.h): a failure becomes its status
// code and a message for aclGetRecentErrMsg(), and no exception crosses into the C caller.
#ifndef OPENACLNN_API_OPERATOR_SHIM_H_
#define OPENACLNN_API_OPERATOR_SHIM_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "api/guard.h"
#include "framework/two_phase.h"

namespace openaclnn::api {

// `get_workspace_size()` returns the operator's phase-1 Status; `api` is the phase-1 function's name.
template <typename Fn>
aclnnStatus Phase1(const char* api, Fn&& get_workspace_size) noexcept {
  return GuardAclnn(api, static_cast<Fn&&>(get_workspace_size));
}

// The whole of an operator's phase 2; `api` is the phase-2 function's name, as the operator's phase 1 passed it
// to FinishPhase1.
inline aclnnStatus Phase2(const char* api, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                          aclrtStream stream) noexcept {
  return GuardAclnn(api, [&] { return RunPhase2(api, workspace, workspace_size, executor, stream); });
}

}  // namespace openaclnn::api

#endif  // OPENACLNN_API_OPERATOR_SHIM_H_
