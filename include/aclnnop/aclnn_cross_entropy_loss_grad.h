/*
 * OpenAclnn: the gradient of aclnnCrossEntropyLoss with respect to its logits, from the forward's logProbOut.
 * Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_CROSS_ENTROPY_LOSS_GRAD_H_
#define OPENACLNN_ACLNNOP_ACLNN_CROSS_ENTROPY_LOSS_GRAD_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * gradLoss: (N) for "none", one element otherwise; logProb (N, C) the forward's logProbOut; target (N) INT64 or
 * INT32; weightOptional (C) FLOAT or NULL; gradZlossOptional (gradLoss's shape) the gradient of zlossOut, or NULL;
 * lseForZlossOptional (N) the forward's lseForZlossOut, required when lseSquareScaleForZloss is not 0;
 * out (N, C). reductionOptional, ignoreIndex and labelSmoothing as given to the forward.
 * Never reads tensor data. Returns 161001 for NULL arguments, 161002 for data types and 561002 for shapes and
 * attribute values. */
__attribute__((visibility("default"))) aclnnStatus aclnnCrossEntropyLossGradGetWorkspaceSize(
    const aclTensor *gradLoss, const aclTensor *logProb, const aclTensor *target, const aclTensor *weightOptional,
    const aclTensor *gradZlossOptional, const aclTensor *lseForZlossOptional, char *reductionOptional,
    int64_t ignoreIndex, double labelSmoothing, double lseSquareScaleForZloss, const aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
__attribute__((visibility("default"))) aclnnStatus aclnnCrossEntropyLossGrad(void *workspace,
                                                                             uint64_t workspaceSize,
                                                                             aclOpExecutor *executor,
                                                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_CROSS_ENTROPY_LOSS_GRAD_H_ */
