/*
 * OpenAclnn: the Kullback-Leibler divergence loss (gradient by target). Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_KL_DIV_TARGET_BACKWARD_H_
#define OPENACLNN_ACLNNOP_ACLNN_KL_DIV_TARGET_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * gradTarget = gradOutput * (log(target) - self + 1) (NaN where target is 0), or
 * gradOutput * exp(target) * (target - self + 1) when logTarget, times 1 / N for reduction 1 (mean) or 3
 * (batchmean); gradTarget has target's shape and data type. Any other reduction value means none.
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnKlDivTargetBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                               const aclTensor *target, int64_t reduction,
                                                               bool logTarget, aclTensor *gradTarget,
                                                               uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnKlDivTargetBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                               aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_KL_DIV_TARGET_BACKWARD_H_ */
