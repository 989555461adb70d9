// C entry points of aclnnBinaryCrossEntropyBackward. No logic here: arguments are forwarded, and failures
// (including any exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"

#include "api/guard.h"
#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward.h"

extern "C" {

aclnnStatus aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                            const aclTensor* target, const aclTensor* weightOptional,
                                                            int64_t reduction, aclTensor* out,
                                                            uint64_t* workspaceSize, aclOpExecutor** executor) {
  return openaclnn::api::GuardAclnn(openaclnn::bce::kPhase1Api, [&] {
    return openaclnn::bce::GetWorkspaceSize({gradOutput, self, target, weightOptional, reduction, out},
                                            workspaceSize, executor);
  });
}

aclnnStatus aclnnBinaryCrossEntropyBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                            const aclrtStream stream) {
  return openaclnn::api::GuardAclnn(openaclnn::bce::kPhase2Api, [&] {
    return openaclnn::bce::Run(workspace, workspaceSize, executor, stream);
  });
}

}  // extern "C"
