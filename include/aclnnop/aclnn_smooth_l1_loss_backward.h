/*
 * OpenAclnn: the smooth L1 loss (backward). Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_SMOOTH_L1_LOSS_BACKWARD_H_
#define OPENACLNN_ACLNNOP_ACLNN_SMOOTH_L1_LOSS_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * gradInput = (|d| > beta ? sign(d) : d / beta) * gradOut over the broadcast of the three, d = self - target
 * (times 1 / numel(self) for reduction 1, mean); beta >= 0, and beta = 0 gives the sign (0 at d = 0).
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnSmoothL1LossBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *self,
                                                                const aclTensor *target, int64_t reduction,
                                                                float beta, aclTensor *gradInput,
                                                                uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnSmoothL1LossBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                                aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_SMOOTH_L1_LOSS_BACKWARD_H_ */
