/*
 * OpenAclnn: the gradient of the softmax along one dimension. Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_SOFTMAX_BACKWARD_H_
#define OPENACLNN_ACLNNOP_ACLNN_SOFTMAX_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * gradOutput and output (the forward's result): FLOAT, FLOAT16 or BFLOAT16, the same type and shape, rank at
 * most 8; out: their shape, FLOAT, FLOAT16, BFLOAT16 or DOUBLE; dim in [-r, r - 1] with r = max(rank, 1).
 * out = gradOutput * output - sum(gradOutput * output) * output along dim.
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnSoftmaxBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output,
                                                           int64_t dim, aclTensor *out, uint64_t *workspaceSize,
                                                           aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnSoftmaxBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_SOFTMAX_BACKWARD_H_ */
