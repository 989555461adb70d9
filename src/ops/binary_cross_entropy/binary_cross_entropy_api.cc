// C entry points of aclnnBinaryCrossEntropy and aclnnBinaryCrossEntropyBackward. No logic here: arguments are
// forwarded, and failures (including any exception) become a status code plus a message for aclGetRecentErrMsg().
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "api/operator_shim.h"
#include "ops/binary_cross_entropy/binary_cross_entropy.h"

using openaclnn::api::Phase1;
using openaclnn::api::Phase2;
namespace bce = openaclnn::binary_cross_entropy;

extern "C" {

aclnnStatus aclnnBinaryCrossEntropyGetWorkspaceSize(const aclTensor* self, const aclTensor* target,
                                                    const aclTensor* weight, int64_t reduction, aclTensor* out,
                                                    uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Phase1(bce::kForwardPhase1Api, [&] {
    return bce::ForwardGetWorkspaceSize({self, target, weight, reduction, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnBinaryCrossEntropy(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                    aclrtStream stream) {
  return Phase2(bce::kForwardPhase2Api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                            const aclTensor* target, const aclTensor* weightOptional,
                                                            int64_t reduction, aclTensor* out,
                                                            uint64_t* workspaceSize, aclOpExecutor** executor) {
  return Phase1(bce::kBackwardPhase1Api, [&] {
    return bce::BackwardGetWorkspaceSize({gradOutput, self, target, weightOptional, reduction, out}, workspaceSize,
                                         executor);
  });
}

aclnnStatus aclnnBinaryCrossEntropyBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                            const aclrtStream stream) {
  return Phase2(bce::kBackwardPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
