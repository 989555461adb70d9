// aclnnSmoothL1Loss and aclnnSmoothL1LossBackward behind the C shim: CANN's checks, then the pointwise engine.
#ifndef OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_H_
#define OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "core/status.h"
#include "ops/pointwise/loss_args.h"

namespace openaclnn::smooth_l1_loss {

inline constexpr const char* kForwardPhase1Api = "aclnnSmoothL1LossGetWorkspaceSize";
inline constexpr const char* kForwardPhase2Api = "aclnnSmoothL1Loss";
inline constexpr const char* kBackwardPhase1Api = "aclnnSmoothL1LossBackwardGetWorkspaceSize";
inline constexpr const char* kBackwardPhase2Api = "aclnnSmoothL1LossBackward";

using pointwise::BackwardArgs;
using pointwise::ForwardArgs;

// args.out is CANN's `result` (forward) and `gradInput` (backward).
Status ForwardGetWorkspaceSize(const ForwardArgs& args, float beta, uint64_t* workspace_size,
                               aclOpExecutor** executor);
Status BackwardGetWorkspaceSize(const BackwardArgs& args, float beta, uint64_t* workspace_size,
                                aclOpExecutor** executor);

}  // namespace openaclnn::smooth_l1_loss

#endif  // OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_H_
