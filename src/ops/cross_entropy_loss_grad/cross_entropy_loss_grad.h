// aclnnCrossEntropyLossGrad's two phases behind the C shim: validation (ops/cross_entropy_loss/
// cross_entropy_validate.h), then one launch: the mean's divisors (a deterministic sum over the rows' targets),
// then every row of out on the row engine (ops/cross_entropy_loss/cross_entropy_kernel.h).
#ifndef OPENACLNN_OPS_CROSS_ENTROPY_LOSS_GRAD_CROSS_ENTROPY_LOSS_GRAD_H_
#define OPENACLNN_OPS_CROSS_ENTROPY_LOSS_GRAD_CROSS_ENTROPY_LOSS_GRAD_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "core/status.h"
#include "ops/cross_entropy_loss/cross_entropy_args.h"

namespace openaclnn::cross_entropy {

Status GradGetWorkspaceSize(const CrossEntropyLossGradArgs& args, uint64_t* workspace_size,
                            aclOpExecutor** executor);

}  // namespace openaclnn::cross_entropy

#endif  // OPENACLNN_OPS_CROSS_ENTROPY_LOSS_GRAD_CROSS_ENTROPY_LOSS_GRAD_H_
