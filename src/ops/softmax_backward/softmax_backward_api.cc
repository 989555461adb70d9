// C entry points of aclnnSoftmaxBackward. No logic here: arguments go to the row engine's softmax
// operators (ops/row/softmax_op.h), and failures (including any exception) become a status code plus a message.
#include "aclnnop/aclnn_softmax_backward.h"

#include "api/operator_shim.h"
#include "ops/row/softmax_op.h"

extern "C" {

aclnnStatus aclnnSoftmaxBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* output, int64_t dim,
                                         aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  using openaclnn::row::SoftmaxKind;
  return openaclnn::api::Phase1(openaclnn::row::SoftmaxBackwardPhase1Api(SoftmaxKind::kSoftmax), [&] {
    return openaclnn::row::SoftmaxBackwardGetWorkspaceSize(SoftmaxKind::kSoftmax, {gradOutput, output, dim, out},
                                                           workspaceSize, executor);
  });
}

aclnnStatus aclnnSoftmaxBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  using openaclnn::row::SoftmaxKind;
  return openaclnn::api::Phase2(openaclnn::row::SoftmaxBackwardPhase2Api(SoftmaxKind::kSoftmax), workspace, workspaceSize,
                                executor, stream);
}

}  // extern "C"
