// aclnnNLLLoss's phase 1 behind the C shim: validation, then planning (phase 2 is the framework's,
// api/operator_shim.h).
#ifndef OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_H_
#define OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "core/status.h"
#include "ops/nll_loss/nll_loss_args.h"

namespace openaclnn::nll_forward {

Status GetWorkspaceSize(const NllLossArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);

// Phase 1 of either forward NLL operator (aclnnNLLLoss, aclnnNLLLoss2d: the same arguments): the operator's own
// `validate`, then the shared plan, logged and finished under the operator's API names.
Status ForwardPhase1(const char* phase1_api, const char* phase2_api, Status (*validate)(const NllLossArgs&),
                     const NllLossArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace openaclnn::nll_forward

#endif  // OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_H_
