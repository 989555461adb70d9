// C entry points of aclnnBinaryCrossEntropy. No logic here: arguments are forwarded, and failures (including any
// exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_binary_cross_entropy.h"

#include "api/guard.h"
#include "ops/binary_cross_entropy/binary_cross_entropy.h"

extern "C" {

aclnnStatus aclnnBinaryCrossEntropyGetWorkspaceSize(const aclTensor* self, const aclTensor* target,
                                                    const aclTensor* weight, int64_t reduction, aclTensor* out,
                                                    uint64_t* workspaceSize, aclOpExecutor** executor) {
  return openaclnn::api::GuardAclnn(openaclnn::bce_forward::kPhase1Api, [&] {
    return openaclnn::bce_forward::GetWorkspaceSize({self, target, weight, reduction, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnBinaryCrossEntropy(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                    aclrtStream stream) {
  return openaclnn::api::GuardAclnn(openaclnn::bce_forward::kPhase2Api, [&] {
    return openaclnn::bce_forward::Run(workspace, workspaceSize, executor, stream);
  });
}

}  // extern "C"
