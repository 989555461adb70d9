// aclnnNLLLossBackward's two phases behind the C shim: validation, then planning, then the stream launch.
#ifndef OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_H_
#define OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "core/status.h"
#include "ops/nll_loss_backward/nll_loss_backward_args.h"

namespace openaclnn::nll {

Status GetWorkspaceSize(const NllLossBackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);
Status Run(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream);

}  // namespace openaclnn::nll

#endif  // OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_H_
