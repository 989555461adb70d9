// C entry points of aclnnKlDiv, aclnnKlDivBackward and aclnnKlDivTargetBackward. No logic here: arguments are
// forwarded, and failures (including any exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_kl_div.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_kl_div_target_backward.h"
#include "api/operator_shim.h"
#include "ops/kl_div/kl_div.h"

using openaclnn::api::Phase1;
using openaclnn::api::Phase2;
namespace kl = openaclnn::kl_div;

extern "C" {

aclnnStatus aclnnKlDivGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                       bool logTarget, aclTensor* out, uint64_t* workspaceSize,
                                       aclOpExecutor** executor) {
  return Phase1(kl::kForwardPhase1Api, [&] {
    return kl::ForwardGetWorkspaceSize({self, target, reduction, out}, logTarget, workspaceSize, executor);
  });
}

aclnnStatus aclnnKlDiv(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return Phase2(kl::kForwardPhase2Api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnKlDivBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                               const aclTensor* target, int64_t reduction, bool logTarget,
                                               aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Phase1(kl::kBackwardPhase1Api, [&] {
    return kl::BackwardGetWorkspaceSize({gradOutput, self, target, reduction, out}, logTarget, workspaceSize,
                                        executor);
  });
}

aclnnStatus aclnnKlDivBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                               aclrtStream stream) {
  return Phase2(kl::kBackwardPhase2Api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnKlDivTargetBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                     const aclTensor* target, int64_t reduction, bool logTarget,
                                                     aclTensor* gradTarget, uint64_t* workspaceSize,
                                                     aclOpExecutor** executor) {
  return Phase1(kl::kTargetBackwardPhase1Api, [&] {
    return kl::TargetBackwardGetWorkspaceSize({gradOutput, self, target, reduction, gradTarget}, logTarget,
                                              workspaceSize, executor);
  });
}

aclnnStatus aclnnKlDivTargetBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                     aclrtStream stream) {
  return Phase2(kl::kTargetBackwardPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
