// aclnnKlDiv, aclnnKlDivBackward and aclnnKlDivTargetBackward behind the C shim: CANN's checks, then the
// pointwise engine.
#ifndef OPENACLNN_OPS_KL_DIV_KL_DIV_H_
#define OPENACLNN_OPS_KL_DIV_KL_DIV_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "core/status.h"
#include "ops/pointwise/loss_args.h"

namespace openaclnn::kl_div {

inline constexpr const char* kForwardPhase1Api = "aclnnKlDivGetWorkspaceSize";
inline constexpr const char* kForwardPhase2Api = "aclnnKlDiv";
inline constexpr const char* kBackwardPhase1Api = "aclnnKlDivBackwardGetWorkspaceSize";
inline constexpr const char* kBackwardPhase2Api = "aclnnKlDivBackward";
inline constexpr const char* kTargetBackwardPhase1Api = "aclnnKlDivTargetBackwardGetWorkspaceSize";
inline constexpr const char* kTargetBackwardPhase2Api = "aclnnKlDivTargetBackward";

// CANN's batchmean: the sum divided by the broadcast's first dimension.
inline constexpr int64_t kBatchMean = 3;

using pointwise::BackwardArgs;
using pointwise::ForwardArgs;

Status ForwardGetWorkspaceSize(const ForwardArgs& args, bool log_target, uint64_t* workspace_size,
                               aclOpExecutor** executor);
// args.out is out (the gradient by self, self's shape) or gradTarget (by target, target's shape).
Status BackwardGetWorkspaceSize(const BackwardArgs& args, bool log_target, uint64_t* workspace_size,
                                aclOpExecutor** executor);
Status TargetBackwardGetWorkspaceSize(const BackwardArgs& args, bool log_target, uint64_t* workspace_size,
                                      aclOpExecutor** executor);

}  // namespace openaclnn::kl_div

#endif  // OPENACLNN_OPS_KL_DIV_KL_DIV_H_
