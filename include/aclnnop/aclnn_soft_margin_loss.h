/*
 * OpenAclnn: the soft margin loss (forward). Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_SOFT_MARGIN_LOSS_H_
#define OPENACLNN_ACLNNOP_ACLNN_SOFT_MARGIN_LOSS_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * log(1 + exp(-target * self)) over the broadcast of self and target; reduction 0 none (out has the broadcast
 * shape), 1 mean, any other value sum (out is 0-D), as in CANN.
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnSoftMarginLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                                          int64_t reduction, aclTensor *out, uint64_t *workspaceSize,
                                                          aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnSoftMarginLoss(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_SOFT_MARGIN_LOSS_H_ */
