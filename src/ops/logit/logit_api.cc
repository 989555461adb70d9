// C entry points of aclnnLogit and aclnnLogitGrad. No logic here: arguments are forwarded, and failures (including
// any exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "api/guard.h"
#include "framework/two_phase.h"
#include "ops/logit/logit.h"

using openaclnn::api::GuardAclnn;
namespace logit = openaclnn::logit;

extern "C" {

aclnnStatus aclnnLogitGetWorkspaceSize(const aclTensor* input, double eps, const aclTensor* out,
                                       uint64_t* workspaceSize, aclOpExecutor** executor) {
  return GuardAclnn(logit::kForwardPhase1Api,
                    [&] { return logit::ForwardGetWorkspaceSize(input, eps, out, workspaceSize, executor); });
}

aclnnStatus aclnnLogit(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return GuardAclnn(logit::kForwardPhase2Api, [&] {
    return openaclnn::RunPhase2(logit::kForwardPhase2Api, workspace, workspaceSize, executor, stream);
  });
}

aclnnStatus aclnnLogitGradGetWorkspaceSize(const aclTensor* x, const aclTensor* dy, double eps, const aclTensor* out,
                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  return GuardAclnn(logit::kGradPhase1Api,
                    [&] { return logit::GradGetWorkspaceSize(x, dy, eps, out, workspaceSize, executor); });
}

aclnnStatus aclnnLogitGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return GuardAclnn(logit::kGradPhase2Api, [&] {
    return openaclnn::RunPhase2(logit::kGradPhase2Api, workspace, workspaceSize, executor, stream);
  });
}

}  // extern "C"
