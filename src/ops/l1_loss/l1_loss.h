// aclnnL1Loss and aclnnL1LossBackward behind the C shim: CANN's checks, then the pointwise engine (the forward's
// integer inputs: l1_loss_int64.h).
#ifndef OPENACLNN_OPS_L1_LOSS_L1_LOSS_H_
#define OPENACLNN_OPS_L1_LOSS_L1_LOSS_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "core/status.h"
#include "ops/pointwise/loss_args.h"

namespace openaclnn::l1_loss {

inline constexpr const char* kForwardPhase1Api = "aclnnL1LossGetWorkspaceSize";
inline constexpr const char* kForwardPhase2Api = "aclnnL1Loss";
inline constexpr const char* kBackwardPhase1Api = "aclnnL1LossBackwardGetWorkspaceSize";
inline constexpr const char* kBackwardPhase2Api = "aclnnL1LossBackward";

using pointwise::BackwardArgs;
using pointwise::ForwardArgs;

Status ForwardGetWorkspaceSize(const ForwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);
Status BackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace openaclnn::l1_loss

#endif  // OPENACLNN_OPS_L1_LOSS_L1_LOSS_H_
