// aclnnSoftMarginLoss and aclnnSoftMarginLossBackward behind the C shim: CANN's checks, then the pointwise engine.
#ifndef OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_H_
#define OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "core/status.h"
#include "ops/pointwise/loss_args.h"

namespace openaclnn::soft_margin_loss {

inline constexpr const char* kForwardPhase1Api = "aclnnSoftMarginLossGetWorkspaceSize";
inline constexpr const char* kForwardPhase2Api = "aclnnSoftMarginLoss";
inline constexpr const char* kBackwardPhase1Api = "aclnnSoftMarginLossBackwardGetWorkspaceSize";
inline constexpr const char* kBackwardPhase2Api = "aclnnSoftMarginLossBackward";

using pointwise::BackwardArgs;
using pointwise::ForwardArgs;

Status ForwardGetWorkspaceSize(const ForwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);
Status BackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace openaclnn::soft_margin_loss

#endif  // OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_H_
