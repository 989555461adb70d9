// C entry points of aclnnSmoothL1Loss and aclnnSmoothL1LossBackward. No logic here: arguments are forwarded, and
// failures (including any exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_smooth_l1_loss.h"
#include "aclnnop/aclnn_smooth_l1_loss_backward.h"
#include "api/operator_shim.h"
#include "ops/smooth_l1_loss/smooth_l1_loss.h"

using openaclnn::api::Phase1;
using openaclnn::api::Phase2;
namespace smooth = openaclnn::smooth_l1_loss;

extern "C" {

aclnnStatus aclnnSmoothL1LossGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                              float beta, aclTensor* result, uint64_t* workspaceSize,
                                              aclOpExecutor** executor) {
  return Phase1(smooth::kForwardPhase1Api, [&] {
    return smooth::ForwardGetWorkspaceSize({self, target, reduction, result}, beta, workspaceSize, executor);
  });
}

aclnnStatus aclnnSmoothL1Loss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return Phase2(smooth::kForwardPhase2Api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnSmoothL1LossBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclTensor* self,
                                                      const aclTensor* target, int64_t reduction, float beta,
                                                      aclTensor* gradInput, uint64_t* workspaceSize,
                                                      aclOpExecutor** executor) {
  return Phase1(smooth::kBackwardPhase1Api, [&] {
    return smooth::BackwardGetWorkspaceSize({gradOut, self, target, reduction, gradInput}, beta, workspaceSize,
                                            executor);
  });
}

aclnnStatus aclnnSmoothL1LossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                      aclrtStream stream) {
  return Phase2(smooth::kBackwardPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
