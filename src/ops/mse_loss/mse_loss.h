// aclnnMseLoss and aclnnMseLossBackward behind the C shim: CANN's checks, then the pointwise engine.
#ifndef OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_H_
#define OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "core/status.h"
#include "ops/pointwise/loss_args.h"

namespace openaclnn::mse_loss {

inline constexpr const char* kForwardPhase1Api = "aclnnMseLossGetWorkspaceSize";
inline constexpr const char* kForwardPhase2Api = "aclnnMseLoss";
inline constexpr const char* kBackwardPhase1Api = "aclnnMseLossBackwardGetWorkspaceSize";
inline constexpr const char* kBackwardPhase2Api = "aclnnMseLossBackward";

using pointwise::BackwardArgs;
using pointwise::ForwardArgs;

Status ForwardGetWorkspaceSize(const ForwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);
Status BackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace openaclnn::mse_loss

#endif  // OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_H_
