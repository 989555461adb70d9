// C entry points of aclnnNLLLoss2d. No logic here: arguments are forwarded, and failures (including any exception)
// become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_nll_loss2d.h"

#include "api/operator_shim.h"
#include "ops/nll_loss2d/nll_loss2d.h"

extern "C" {

aclnnStatus aclnnNLLLoss2dGetWorkspaceSize(const aclTensor* self, const aclTensor* target, const aclTensor* weight,
                                           int64_t reduction, int64_t ignoreIndex, aclTensor* out,
                                           aclTensor* totalWeightOut, uint64_t* workspaceSize,
                                           aclOpExecutor** executor) {
  return openaclnn::api::Phase1(openaclnn::nll_loss2d::kPhase1Api, [&] {
    return openaclnn::nll_loss2d::GetWorkspaceSize(
        {self, target, weight, reduction, ignoreIndex, out, totalWeightOut}, workspaceSize, executor);
  });
}

aclnnStatus aclnnNLLLoss2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return openaclnn::api::Phase2(openaclnn::nll_loss2d::kPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
