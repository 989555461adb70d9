// C entry points of aclnnMseLoss and aclnnMseLossBackward. No logic here: arguments are forwarded, and failures
// (including any exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "api/guard.h"
#include "framework/two_phase.h"
#include "ops/mse_loss/mse_loss.h"

using openaclnn::api::GuardAclnn;
namespace mse = openaclnn::mse_loss;

extern "C" {

aclnnStatus aclnnMseLossGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                         aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return GuardAclnn(mse::kForwardPhase1Api, [&] {
    return mse::ForwardGetWorkspaceSize({self, target, reduction, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnMseLoss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return GuardAclnn(mse::kForwardPhase2Api, [&] {
    return openaclnn::RunPhase2(mse::kForwardPhase2Api, workspace, workspaceSize, executor, stream);
  });
}

aclnnStatus aclnnMseLossBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                 const aclTensor* target, int64_t reduction, aclTensor* out,
                                                 uint64_t* workspaceSize, aclOpExecutor** executor) {
  return GuardAclnn(mse::kBackwardPhase1Api, [&] {
    return mse::BackwardGetWorkspaceSize({gradOutput, self, target, reduction, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnMseLossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                 aclrtStream stream) {
  return GuardAclnn(mse::kBackwardPhase2Api, [&] {
    return openaclnn::RunPhase2(mse::kBackwardPhase2Api, workspace, workspaceSize, executor, stream);
  });
}

}  // extern "C"
