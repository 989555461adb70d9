/*
 * OpenAclnn: gradient of the binary cross-entropy loss with respect to its input.
 * Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_BACKWARD_H_
#define OPENACLNN_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * gradOutput, target and weightOptional (may be NULL: all ones) broadcast to self's shape; out has self's shape.
 * reduction: 0 none, 1 mean (the result is scaled by 1 / numel(self)), 2 sum.
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                                      const aclTensor *self,
                                                                      const aclTensor *target,
                                                                      const aclTensor *weightOptional,
                                                                      int64_t reduction, aclTensor *out,
                                                                      uint64_t *workspaceSize,
                                                                      aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnBinaryCrossEntropyBackward(void *workspace, uint64_t workspaceSize,
                                                      aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_BACKWARD_H_ */
