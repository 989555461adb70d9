// C entry points of aclnnNLLLossBackward. No logic here: arguments are forwarded, and failures (including any
// exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_nll_loss_backward.h"

#include "api/operator_shim.h"
#include "ops/nll_loss_backward/nll_loss_backward.h"

extern "C" {

aclnnStatus aclnnNLLLossBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                 const aclTensor* target, const aclTensor* weight, int64_t reduction,
                                                 int64_t ignoreIndex, const aclTensor* totalWeight, aclTensor* out,
                                                 uint64_t* workspaceSize, aclOpExecutor** executor) {
  return openaclnn::api::Phase1(openaclnn::nll::kPhase1Api, [&] {
    return openaclnn::nll::GetWorkspaceSize(
        {gradOutput, self, target, weight, reduction, ignoreIndex, totalWeight, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnNLLLossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                 aclrtStream stream) {
  return openaclnn::api::Phase2(openaclnn::nll::kPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
