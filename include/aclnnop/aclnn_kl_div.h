/*
 * OpenAclnn: the Kullback-Leibler divergence loss (forward). Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_KL_DIV_H_
#define OPENACLNN_ACLNNOP_ACLNN_KL_DIV_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * self holds log-probabilities; over the broadcast of self and target the term is target * (log(target) - self)
 * (0 where target is 0), or exp(target) * (target - self) when logTarget; reduction 0 none (out has the broadcast
 * shape), 1 mean, 2 sum, 3 batchmean (the sum divided by the broadcast's first dimension; out has one element).
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnKlDivGetWorkspaceSize(const aclTensor *self, const aclTensor *target, int64_t reduction,
                                                 bool logTarget, aclTensor *out, uint64_t *workspaceSize,
                                                 aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnKlDiv(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                 aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_KL_DIV_H_ */
