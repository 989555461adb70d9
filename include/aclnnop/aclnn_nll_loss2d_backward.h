/*
 * OpenAclnn: gradient of the negative log-likelihood loss over (N, C, H, W) maps with respect to its input.
 * Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_NLL_LOSS2D_BACKWARD_H_
#define OPENACLNN_ACLNNOP_ACLNN_NLL_LOSS2D_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * gradOutput has target's shape (N, H, W) for reduction 0 (none), else one element; self and out are
 * (N, C, H, W); weight (C); totalWeight one element, read for reduction 1 (mean) only.
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnNLLLoss2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                             const aclTensor *target, const aclTensor *weight,
                                                             int64_t reduction, int64_t ignoreIndex,
                                                             aclTensor *totalWeight, aclTensor *out,
                                                             uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnNLLLoss2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_NLL_LOSS2D_BACKWARD_H_ */
