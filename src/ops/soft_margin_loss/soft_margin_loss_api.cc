// C entry points of aclnnSoftMarginLoss and aclnnSoftMarginLossBackward. No logic here: arguments are forwarded,
// and failures (including any exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_soft_margin_loss.h"
#include "aclnnop/aclnn_soft_margin_loss_backward.h"
#include "api/operator_shim.h"
#include "ops/soft_margin_loss/soft_margin_loss.h"

using openaclnn::api::Phase1;
using openaclnn::api::Phase2;
namespace margin = openaclnn::soft_margin_loss;

extern "C" {

aclnnStatus aclnnSoftMarginLossGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                                aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Phase1(margin::kForwardPhase1Api, [&] {
    return margin::ForwardGetWorkspaceSize({self, target, reduction, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnSoftMarginLoss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                aclrtStream stream) {
  return Phase2(margin::kForwardPhase2Api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnSoftMarginLossBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                        const aclTensor* target, int64_t reduction, aclTensor* out,
                                                        uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Phase1(margin::kBackwardPhase1Api, [&] {
    return margin::BackwardGetWorkspaceSize({gradOutput, self, target, reduction, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnSoftMarginLossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        aclrtStream stream) {
  return Phase2(margin::kBackwardPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
