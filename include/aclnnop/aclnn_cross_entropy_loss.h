/*
 * OpenAclnn: the cross-entropy loss of (N, C) logits against class indices (forward), with its log-probabilities,
 * label smoothing, class weights and the z-loss outputs. Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_CROSS_ENTROPY_LOSS_H_
#define OPENACLNN_ACLNNOP_ACLNN_CROSS_ENTROPY_LOSS_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * input (N, C) logits; target (N) class indices (INT64 or INT32); weightOptional (C) FLOAT or NULL;
 * reductionOptional "mean" (also for NULL), "sum" or "none"; labelSmoothing in [0, 1].
 * lossOut: (N) for "none", one element otherwise; logProbOut (N, C) receives log-softmax(input).
 * zlossOut (lossOut's shape) receives lseSquareScaleForZloss * lse^2 when returnZloss is true; lseForZlossOut (N)
 * receives each row's log-sum-exp when lseSquareScaleForZloss is not 0. All four outputs must be given.
 * Never reads tensor data. Returns 161001 for NULL arguments, 161002 for data types and 561002 for shapes and
 * attribute values. */
__attribute__((visibility("default"))) aclnnStatus aclnnCrossEntropyLossGetWorkspaceSize(
    const aclTensor *input, const aclTensor *target, const aclTensor *weightOptional, char *reductionOptional,
    int64_t ignoreIndex, double labelSmoothing, double lseSquareScaleForZloss, bool returnZloss,
    const aclTensor *lossOut, const aclTensor *logProbOut, const aclTensor *zlossOut, const aclTensor *lseForZlossOut,
    uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
__attribute__((visibility("default"))) aclnnStatus aclnnCrossEntropyLoss(void *workspace, uint64_t workspaceSize,
                                                                         aclOpExecutor *executor,
                                                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_CROSS_ENTROPY_LOSS_H_ */
