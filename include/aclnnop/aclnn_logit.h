/*
 * OpenAclnn: the logit function (forward). Compiles as C99 and as C++.
 * CANN generates this header (it includes only acl_meta.h, passes the float attribute eps as double and the output
 * as a const tensor); its declarations are copied exactly.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_LOGIT_H_
#define OPENACLNN_ACLNNOP_ACLNN_LOGIT_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * out = log(z / (1 - z)), z = input clamped to [eps, 1 - eps] when eps >= 0, else input itself; out has input's
 * shape and data type (FLOAT, FLOAT16 or BFLOAT16).
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
__attribute__((visibility("default"))) aclnnStatus aclnnLogitGetWorkspaceSize(const aclTensor *input, double eps,
                                                                              const aclTensor *out,
                                                                              uint64_t *workspaceSize,
                                                                              aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
__attribute__((visibility("default"))) aclnnStatus aclnnLogit(void *workspace, uint64_t workspaceSize,
                                                              aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_LOGIT_H_ */
