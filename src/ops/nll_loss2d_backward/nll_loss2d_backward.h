// aclnnNLLLoss2dBackward's phase 1 behind the C shim: its own validation, then the backward NLL plan it shares
// with aclnnNLLLossBackward (ops/nll_loss_backward/nll_loss_backward_plan.h). Phase 2 is the framework's
// (api/operator_shim.h).
#ifndef OPENACLNN_OPS_NLL_LOSS2D_BACKWARD_NLL_LOSS2D_BACKWARD_H_
#define OPENACLNN_OPS_NLL_LOSS2D_BACKWARD_NLL_LOSS2D_BACKWARD_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "core/status.h"
#include "ops/nll_loss_backward/nll_loss_backward_args.h"

namespace openaclnn::nll_loss2d_backward {

inline constexpr const char* kPhase1Api = "aclnnNLLLoss2dBackwardGetWorkspaceSize";
inline constexpr const char* kPhase2Api = "aclnnNLLLoss2dBackward";

// The argument list is aclnnNLLLossBackward's.
using NllLoss2dBackwardArgs = nll::NllLossBackwardArgs;

// Phase-1 checks in CANN's order: null, data types, shapes, then reduction; then the backward layout checks.
Status ValidateNllLoss2dBackward(const NllLoss2dBackwardArgs& args);

Status GetWorkspaceSize(const NllLoss2dBackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace openaclnn::nll_loss2d_backward

#endif  // OPENACLNN_OPS_NLL_LOSS2D_BACKWARD_NLL_LOSS2D_BACKWARD_H_
