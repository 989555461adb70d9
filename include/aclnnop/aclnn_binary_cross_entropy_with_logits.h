/*
 * OpenAclnn: binary cross entropy on logits (forward). Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_WITH_LOGITS_H_
#define OPENACLNN_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_WITH_LOGITS_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * loss = w * ((1 - y) * x + (1 + (pw - 1) * y) * softplus(-x)) per element, in a form that stays finite for every
 * finite input (x = self, y = target, w = weightOptional or 1, pw = posWeightOptional or 1, both broadcast to
 * self); reduction 0 none, 1 mean, 2 sum. self and target have one shape, out has target's data type.
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                                                        const aclTensor *weightOptional,
                                                                        const aclTensor *posWeightOptional,
                                                                        int64_t reduction, aclTensor *out,
                                                                        uint64_t *workspaceSize,
                                                                        aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnBinaryCrossEntropyWithLogits(void *workspace, uint64_t workspaceSize,
                                                        aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_WITH_LOGITS_H_ */
