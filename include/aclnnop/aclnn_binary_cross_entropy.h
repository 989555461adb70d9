/*
 * OpenAclnn: the binary cross-entropy loss (forward). Compiles as C99 and as C++.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_H_
#define OPENACLNN_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

/*
 * CANN's version of this header declares a global `enum Reduction { None = 0, Mean = 1, Sum = 2 };`, and a CANN
 * program may pass those names as the reduction argument, so it is declared here too. The names are global and
 * short: they clash with X11's `None` macro and with any other global Reduction, None, Mean or Sum. Define
 * OPENACLNN_NO_REDUCTION_ENUM before including this header to leave the enum out (and pass 0, 1 or 2).
 */
#if !defined(OPENACLNN_NO_REDUCTION_ENUM) && !defined(OPENACLNN_REDUCTION_ENUM_DECLARED)
#define OPENACLNN_REDUCTION_ENUM_DECLARED
enum Reduction { None = 0, Mean = 1, Sum = 2 };
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * self holds probabilities; target and weight (may be NULL: all ones) broadcast to self's shape.
 * reduction: 0 none (out has self's shape), 1 mean, 2 sum (out has one element, shape [1] or []).
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
ACLNN_API aclnnStatus aclnnBinaryCrossEntropyGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                                              const aclTensor *weight, int64_t reduction,
                                                              aclTensor *out, uint64_t *workspaceSize,
                                                              aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
ACLNN_API aclnnStatus aclnnBinaryCrossEntropy(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                              aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_H_ */
