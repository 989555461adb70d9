// C entry points of aclnnMseLoss, aclnnMseLossOut and aclnnMseLossBackward. No logic here: arguments are forwarded, and failures
// (including any exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_mse_loss_out.h"
#include "api/operator_shim.h"
#include "ops/mse_loss/mse_loss.h"

using openaclnn::api::Phase1;
using openaclnn::api::Phase2;
namespace mse = openaclnn::mse_loss;

extern "C" {

aclnnStatus aclnnMseLossGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                         aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Phase1(mse::kForwardPhase1Api, [&] {
    return mse::ForwardGetWorkspaceSize({self, target, reduction, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnMseLoss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return Phase2(mse::kForwardPhase2Api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnMseLossOutGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                            aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Phase1(mse::kOutPhase1Api, [&] {
    return mse::OutGetWorkspaceSize({self, target, reduction, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnMseLossOut(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return Phase2(mse::kOutPhase2Api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnMseLossBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                 const aclTensor* target, int64_t reduction, aclTensor* out,
                                                 uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Phase1(mse::kBackwardPhase1Api, [&] {
    return mse::BackwardGetWorkspaceSize({gradOutput, self, target, reduction, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnMseLossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                 aclrtStream stream) {
  return Phase2(mse::kBackwardPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
