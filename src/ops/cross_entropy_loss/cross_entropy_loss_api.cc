// C entry points of aclnnCrossEntropyLoss. No logic here: arguments are forwarded, and failures (including any
// exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_cross_entropy_loss.h"

#include "api/operator_shim.h"
#include "ops/cross_entropy_loss/cross_entropy_loss.h"
#include "ops/cross_entropy_loss/cross_entropy_validate.h"

extern "C" {

aclnnStatus aclnnCrossEntropyLossGetWorkspaceSize(const aclTensor* input, const aclTensor* target,
                                                  const aclTensor* weightOptional, char* reductionOptional,
                                                  int64_t ignoreIndex, double labelSmoothing,
                                                  double lseSquareScaleForZloss, bool returnZloss,
                                                  const aclTensor* lossOut, const aclTensor* logProbOut,
                                                  const aclTensor* zlossOut, const aclTensor* lseForZlossOut,
                                                  uint64_t* workspaceSize, aclOpExecutor** executor) {
  return openaclnn::api::Phase1(openaclnn::cross_entropy::kLossPhase1Api, [&] {
    return openaclnn::cross_entropy::LossGetWorkspaceSize(
        {input, target, weightOptional, reductionOptional, ignoreIndex, labelSmoothing, lseSquareScaleForZloss,
         returnZloss, lossOut, logProbOut, zlossOut, lseForZlossOut},
        workspaceSize, executor);
  });
}

aclnnStatus aclnnCrossEntropyLoss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                  aclrtStream stream) {
  return openaclnn::api::Phase2(openaclnn::cross_entropy::kLossPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
