// aclnnNLLLossBackward's phase 1 behind the C shim: validation, then planning (phase 2 is the framework's,
// api/operator_shim.h).
#ifndef OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_H_
#define OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "core/status.h"
#include "ops/nll_loss_backward/nll_loss_backward_args.h"

namespace openaclnn::nll {

Status GetWorkspaceSize(const NllLossBackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);

// Phase 1 of either backward NLL operator (aclnnNLLLossBackward, aclnnNLLLoss2dBackward: the same arguments): the
// operator's own `validate`, then the shared plan, logged and finished under the operator's API names.
Status BackwardPhase1(const char* phase1_api, const char* phase2_api, Status (*validate)(const NllLossBackwardArgs&),
                      const NllLossBackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace openaclnn::nll

#endif  // OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_H_
