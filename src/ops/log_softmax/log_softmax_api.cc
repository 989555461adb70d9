// C entry points of aclnnLogSoftmax. No logic here: arguments go to the row engine's softmax
// operators (ops/row/softmax_op.h), and failures (including any exception) become a status code plus a message.
#include "aclnnop/aclnn_logsoftmax.h"

#include "api/operator_shim.h"
#include "ops/row/softmax_op.h"

extern "C" {

aclnnStatus aclnnLogSoftmaxGetWorkspaceSize(const aclTensor* self, int64_t dim, aclTensor* out, uint64_t* workspaceSize,
                                       aclOpExecutor** executor) {
  using openaclnn::row::SoftmaxKind;
  return openaclnn::api::Phase1(openaclnn::row::SoftmaxPhase1Api(SoftmaxKind::kLogSoftmax), [&] {
    return openaclnn::row::SoftmaxGetWorkspaceSize(SoftmaxKind::kLogSoftmax, {self, dim, out}, workspaceSize, executor);
  });
}

aclnnStatus aclnnLogSoftmax(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  using openaclnn::row::SoftmaxKind;
  return openaclnn::api::Phase2(openaclnn::row::SoftmaxPhase2Api(SoftmaxKind::kLogSoftmax), workspace, workspaceSize,
                                executor, stream);
}

}  // extern "C"
