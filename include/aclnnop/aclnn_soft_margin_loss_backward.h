/*
 * OpenAclnn: the soft margin loss (backward). Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_SOFT_MARGIN_LOSS_BACKWARD_H_
#define OPENACLNN_ACLNNOP_ACLNN_SOFT_MARGIN_LOSS_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * out = -target * sigmoid(-target * self) * gradOutput over the broadcast of the three (times 1 / its element
 * count for reduction 1, mean); reduction 0, 1 or 2.
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnSoftMarginLossBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                                  const aclTensor *target, int64_t reduction,
                                                                  aclTensor *out, uint64_t *workspaceSize,
                                                                  aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnSoftMarginLossBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_SOFT_MARGIN_LOSS_BACKWARD_H_ */
