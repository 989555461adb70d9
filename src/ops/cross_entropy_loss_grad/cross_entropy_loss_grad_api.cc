// C entry points of aclnnCrossEntropyLossGrad. No logic here: arguments are forwarded, and failures (including
// any exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"

#include "api/operator_shim.h"
#include "ops/cross_entropy_loss/cross_entropy_validate.h"
#include "ops/cross_entropy_loss_grad/cross_entropy_loss_grad.h"

extern "C" {

aclnnStatus aclnnCrossEntropyLossGradGetWorkspaceSize(const aclTensor* gradLoss, const aclTensor* logProb,
                                                      const aclTensor* target, const aclTensor* weightOptional,
                                                      const aclTensor* gradZlossOptional,
                                                      const aclTensor* lseForZlossOptional, char* reductionOptional,
                                                      int64_t ignoreIndex, double labelSmoothing,
                                                      double lseSquareScaleForZloss, const aclTensor* out,
                                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  return openaclnn::api::Phase1(openaclnn::cross_entropy::kGradPhase1Api, [&] {
    return openaclnn::cross_entropy::GradGetWorkspaceSize(
        {gradLoss, logProb, target, weightOptional, gradZlossOptional, lseForZlossOptional, reductionOptional,
         ignoreIndex, labelSmoothing, lseSquareScaleForZloss, out},
        workspaceSize, executor);
  });
}

aclnnStatus aclnnCrossEntropyLossGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                      aclrtStream stream) {
  return openaclnn::api::Phase2(openaclnn::cross_entropy::kGradPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
