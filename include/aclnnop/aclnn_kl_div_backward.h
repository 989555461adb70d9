/*
 * OpenAclnn: the Kullback-Leibler divergence loss (gradient by self). Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_KL_DIV_BACKWARD_H_
#define OPENACLNN_ACLNNOP_ACLNN_KL_DIV_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * out = -gradOutput * target (or * exp(target) when logTarget), times 1 / N for reduction 1 (mean, N the element
 * count) or 3 (batchmean, N the first dimension); out has self's shape. Any other reduction value means none.
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnKlDivBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                         const aclTensor *target, int64_t reduction, bool logTarget,
                                                         aclTensor *out, uint64_t *workspaceSize,
                                                         aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnKlDivBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_KL_DIV_BACKWARD_H_ */
