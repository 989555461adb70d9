/*
 * OpenAclnn: the softmax along one dimension. Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_SOFTMAX_H_
#define OPENACLNN_ACLNNOP_ACLNN_SOFTMAX_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * self and out: FLOAT, FLOAT16, BFLOAT16 or DOUBLE (independently), the same shape, rank 0 to 8; dim in
 * [-r, r - 1] with r = max(rank, 1). out = exp(x - max) / sum(exp(x - max)) along dim.
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out,
                                                   uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnSoftmax(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_SOFTMAX_H_ */
