// C entry points of aclnnBinaryCrossEntropyWithLogits, its Backward and its TargetBackward. No logic here:
// arguments are forwarded, and failures (including any exception) become a status code plus a message for
// aclGetRecentErrMsg().
#include "aclnnop/aclnn_binary_cross_entropy_with_logits.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_target_backward.h"
#include "api/operator_shim.h"
#include "ops/bce_with_logits/bce_with_logits.h"

using openaclnn::api::Phase1;
using openaclnn::api::Phase2;
namespace bcel = openaclnn::bce_with_logits;

extern "C" {

aclnnStatus aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(const aclTensor* self, const aclTensor* target,
                                                              const aclTensor* weightOptional,
                                                              const aclTensor* posWeightOptional, int64_t reduction,
                                                              aclTensor* out, uint64_t* workspaceSize,
                                                              aclOpExecutor** executor) {
  return Phase1(bcel::kForwardPhase1Api, [&] {
    return bcel::ForwardGetWorkspaceSize({self, target, weightOptional, posWeightOptional, reduction, out},
                                         workspaceSize, executor);
  });
}

aclnnStatus aclnnBinaryCrossEntropyWithLogits(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                              const aclrtStream stream) {
  return Phase2(bcel::kForwardPhase2Api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* self, const aclTensor* target, const aclTensor* weightOptional,
    const aclTensor* posWeightOptional, int64_t reduction, aclTensor* out, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return Phase1(bcel::kBackwardPhase1Api, [&] {
    return bcel::BackwardGetWorkspaceSize(
        {gradOutput, self, target, weightOptional, posWeightOptional, reduction, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnBinaryCrossEntropyWithLogitsBackward(void* workspace, uint64_t workspaceSize,
                                                      aclOpExecutor* executor, const aclrtStream stream) {
  return Phase2(bcel::kBackwardPhase2Api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnBinaryCrossEntropyWithLogitsTargetBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* self, const aclTensor* target, const aclTensor* weightOptional,
    const aclTensor* posWeightOptional, int64_t reduction, aclTensor* gradTarget, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return Phase1(bcel::kTargetBackwardPhase1Api, [&] {
    return bcel::TargetBackwardGetWorkspaceSize(
        {gradOutput, self, target, weightOptional, posWeightOptional, reduction, gradTarget}, workspaceSize,
        executor);
  });
}

aclnnStatus aclnnBinaryCrossEntropyWithLogitsTargetBackward(void* workspace, uint64_t workspaceSize,
                                                            aclOpExecutor* executor, aclrtStream stream) {
  return Phase2(bcel::kTargetBackwardPhase2Api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
