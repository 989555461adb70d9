/*
 * OpenAclnn: the negative log-likelihood loss over (N, C, H, W) maps (forward). Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_NLL_LOSS2D_H_
#define OPENACLNN_ACLNNOP_ACLNN_NLL_LOSS2D_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * self is (N, C, H, W) log-probabilities, target (N, H, W) class indices, weight (C) one weight per class.
 * reduction: 0 none (out has target's shape), 1 mean, 2 sum (out has one element).
 * totalWeightOut (one element) receives the sum of weight[target] over the positions that count, for mean and sum.
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnNLLLoss2dGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                                     const aclTensor *weight, int64_t reduction, int64_t ignoreIndex,
                                                     aclTensor *out, aclTensor *totalWeightOut,
                                                     uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnNLLLoss2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_NLL_LOSS2D_H_ */
