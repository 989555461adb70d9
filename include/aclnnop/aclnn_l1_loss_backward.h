/*
 * OpenAclnn: the L1 (mean absolute error) loss (backward). Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_L1_LOSS_BACKWARD_H_
#define OPENACLNN_ACLNNOP_ACLNN_L1_LOSS_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * gradInput = sign(self - target) * gradOutput over the broadcast of the three (times 1 / numel for reduction 1,
 * mean); sign is 0 where self == target or either is NaN.
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnL1LossBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                          const aclTensor *target, int64_t reduction,
                                                          aclTensor *gradInput, uint64_t *workspaceSize,
                                                          aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnL1LossBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_L1_LOSS_BACKWARD_H_ */
