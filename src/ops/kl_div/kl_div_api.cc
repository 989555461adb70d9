// C entry points of aclnnKlDiv, aclnnKlDivBackward and aclnnKlDivTargetBackward. No logic here: arguments are
// forwarded, and failures (including any exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_kl_div.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_kl_div_target_backward.h"
#include "api/guard.h"
#include "framework/two_phase.h"
#include "ops/kl_div/kl_div.h"

using openaclnn::api::GuardAclnn;
namespace kl = openaclnn::kl_div;

extern "C" {

aclnnStatus aclnnKlDivGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                       bool logTarget, aclTensor* out, uint64_t* workspaceSize,
                                       aclOpExecutor** executor) {
  return GuardAclnn(kl::kForwardPhase1Api, [&] {
    return kl::ForwardGetWorkspaceSize({self, target, reduction, out}, logTarget, workspaceSize, executor);
  });
}

aclnnStatus aclnnKlDiv(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return GuardAclnn(kl::kForwardPhase2Api, [&] {
    return openaclnn::RunPhase2(kl::kForwardPhase2Api, workspace, workspaceSize, executor, stream);
  });
}

aclnnStatus aclnnKlDivBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                               const aclTensor* target, int64_t reduction, bool logTarget,
                                               aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return GuardAclnn(kl::kBackwardPhase1Api, [&] {
    return kl::BackwardGetWorkspaceSize({gradOutput, self, target, reduction, out}, logTarget, workspaceSize,
                                        executor);
  });
}

aclnnStatus aclnnKlDivBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                               aclrtStream stream) {
  return GuardAclnn(kl::kBackwardPhase2Api, [&] {
    return openaclnn::RunPhase2(kl::kBackwardPhase2Api, workspace, workspaceSize, executor, stream);
  });
}

aclnnStatus aclnnKlDivTargetBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                     const aclTensor* target, int64_t reduction, bool logTarget,
                                                     aclTensor* gradTarget, uint64_t* workspaceSize,
                                                     aclOpExecutor** executor) {
  return GuardAclnn(kl::kTargetBackwardPhase1Api, [&] {
    return kl::TargetBackwardGetWorkspaceSize({gradOutput, self, target, reduction, gradTarget}, logTarget,
                                              workspaceSize, executor);
  });
}

aclnnStatus aclnnKlDivTargetBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                     aclrtStream stream) {
  return GuardAclnn(kl::kTargetBackwardPhase2Api, [&] {
    return openaclnn::RunPhase2(kl::kTargetBackwardPhase2Api, workspace, workspaceSize, executor, stream);
  });
}

}  // extern "C"
