// aclnnNLLLoss2d's phase 1 behind the C shim: its own validation, then the forward NLL plan it shares with
// aclnnNLLLoss (ops/nll_loss/nll_loss_plan.h). Phase 2 is the framework's (api/operator_shim.h).
#ifndef OPENACLNN_OPS_NLL_LOSS2D_NLL_LOSS2D_H_
#define OPENACLNN_OPS_NLL_LOSS2D_NLL_LOSS2D_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "core/status.h"
#include "ops/nll_loss/nll_loss_args.h"

namespace openaclnn::nll_loss2d {

inline constexpr const char* kPhase1Api = "aclnnNLLLoss2dGetWorkspaceSize";
inline constexpr const char* kPhase2Api = "aclnnNLLLoss2d";

// The argument list is aclnnNLLLoss's.
using NllLoss2dArgs = nll_forward::NllLossArgs;

// Phase-1 checks in CANN's order: null, data types, reduction, shapes; then the forward NLL layout checks.
Status ValidateNllLoss2d(const NllLoss2dArgs& args);

Status GetWorkspaceSize(const NllLoss2dArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace openaclnn::nll_loss2d

#endif  // OPENACLNN_OPS_NLL_LOSS2D_NLL_LOSS2D_H_
