// C entry points of aclnnL1Loss and aclnnL1LossBackward. No logic here: arguments are forwarded, and failures
// (including any exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "api/operator_shim.h"
#include "ops/l1_loss/l1_loss.h"

using openaclnn::api::Phase1;
using openaclnn::api::Phase2;
namespace l1 = openaclnn::l1_loss;

extern "C" {

aclnnStatus aclnnL1LossGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                        aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Phase1(l1::kForwardPhase1Api, [&] {
    return l1::ForwardGetWorkspaceSize({self, target, reduction, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnL1Loss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return Phase2(l1::kForwardPhase2Api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnL1LossBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                const aclTensor* target, int64_t reduction, aclTensor* gradInput,
                                                uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Phase1(l1::kBackwardPhase1Api, [&] {
    return l1::BackwardGetWorkspaceSize({gradOutput, self, target, reduction, gradInput}, workspaceSize, executor);
  });
}

aclnnStatus aclnnL1LossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                aclrtStream stream) {
  return Phase2(l1::kBackwardPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
