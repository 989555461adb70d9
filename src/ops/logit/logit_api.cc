// C entry points of aclnnLogit and aclnnLogitGrad. No logic here: arguments are forwarded, and failures (including
// any exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "api/operator_shim.h"
#include "ops/logit/logit.h"

using openaclnn::api::Phase1;
using openaclnn::api::Phase2;
namespace logit = openaclnn::logit;

extern "C" {

aclnnStatus aclnnLogitGetWorkspaceSize(const aclTensor* input, double eps, const aclTensor* out,
                                       uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Phase1(logit::kForwardPhase1Api,
                    [&] { return logit::ForwardGetWorkspaceSize(input, eps, out, workspaceSize, executor); });
}

aclnnStatus aclnnLogit(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return Phase2(logit::kForwardPhase2Api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnLogitGradGetWorkspaceSize(const aclTensor* x, const aclTensor* dy, double eps, const aclTensor* out,
                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Phase1(logit::kGradPhase1Api,
                    [&] { return logit::GradGetWorkspaceSize(x, dy, eps, out, workspaceSize, executor); });
}

aclnnStatus aclnnLogitGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  return Phase2(logit::kGradPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
