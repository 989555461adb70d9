// C entry points of aclnnNLLLoss. No logic here: arguments are forwarded, and failures (including any exception)
// become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_nll_loss.h"

#include "api/operator_shim.h"
#include "ops/nll_loss/nll_loss.h"

extern "C" {

aclnnStatus aclnnNLLLossGetWorkspaceSize(const aclTensor* self, const aclTensor* target, const aclTensor* weight,
                                         int64_t reduction, int64_t ignoreIndex, aclTensor* out,
                                         aclTensor* totalWeightOut, uint64_t* workspaceSize,
                                         aclOpExecutor** executor) {
  return openaclnn::api::Phase1(openaclnn::nll_forward::kPhase1Api, [&] {
    return openaclnn::nll_forward::GetWorkspaceSize(
        {self, target, weight, reduction, ignoreIndex, out, totalWeightOut}, workspaceSize, executor);
  });
}

aclnnStatus aclnnNLLLoss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return openaclnn::api::Phase2(openaclnn::nll_forward::kPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
