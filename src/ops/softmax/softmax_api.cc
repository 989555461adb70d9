// C entry points of aclnnSoftmax. No logic here: arguments go to the row engine's softmax
// operators (ops/row/softmax_op.h), and failures (including any exception) become a status code plus a message.
#include "aclnnop/aclnn_softmax.h"

#include "api/operator_shim.h"
#include "ops/row/softmax_op.h"

extern "C" {

aclnnStatus aclnnSoftmaxGetWorkspaceSize(const aclTensor* self, int64_t dim, aclTensor* out, uint64_t* workspaceSize,
                                       aclOpExecutor** executor) {
  using openaclnn::row::SoftmaxKind;
  return openaclnn::api::Phase1(openaclnn::row::SoftmaxPhase1Api(SoftmaxKind::kSoftmax), [&] {
    return openaclnn::row::SoftmaxGetWorkspaceSize(SoftmaxKind::kSoftmax, {self, dim, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnSoftmax(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  using openaclnn::row::SoftmaxKind;
  return openaclnn::api::Phase2(openaclnn::row::SoftmaxPhase2Api(SoftmaxKind::kSoftmax), workspace, workspaceSize,
                                executor, stream);
}

}  // extern "C"
