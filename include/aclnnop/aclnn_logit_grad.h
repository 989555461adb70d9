/*
 * OpenAclnn: the logit function (gradient). Compiles as C99 and as C++.
 * CANN generates this header (it includes only acl_meta.h, passes the float attribute eps as double and the output
 * as a const tensor); its declarations are copied exactly.
 */
#ifndef OPENACLNN_ACLNNOP_ACLNN_LOGIT_GRAD_H_
#define OPENACLNN_ACLNNOP_ACLNN_LOGIT_GRAD_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and returns an executor and the workspace size (0 on the CPU).
 * out = dy / (x (1 - x)) where eps <= x <= 1 - eps (eps >= 0; 0 elsewhere) or 0 <= x <= 1 (eps < 0; NaN
 * elsewhere); x, dy and out have one shape and one data type (FLOAT, FLOAT16 or BFLOAT16).
 * Never reads tensor data. Returns 161001 for NULL arguments and 161002 for invalid ones. */
__attribute__((visibility("default"))) aclnnStatus aclnnLogitGradGetWorkspaceSize(const aclTensor *x,
                                                                                  const aclTensor *dy, double eps,
                                                                                  const aclTensor *out,
                                                                                  uint64_t *workspaceSize,
                                                                                  aclOpExecutor **executor);

/* Phase 2: enqueues the computation on stream. Results are visible after aclrtSynchronizeStream. */
__attribute__((visibility("default"))) aclnnStatus aclnnLogitGrad(void *workspace, uint64_t workspaceSize,
                                                                  aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OPENACLNN_ACLNNOP_ACLNN_LOGIT_GRAD_H_ */
