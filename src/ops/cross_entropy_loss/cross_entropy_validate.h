// Phase-1 checks of aclnnCrossEntropyLoss and aclnnCrossEntropyLossGrad in the order of CANN's generated
// wrappers: required tensors not NULL (161001), the data-type combination (161002), then what CANN's tiling
// checks, attribute values and shapes (561002), then the layouts of what phase 2 touches. Pure: no tensor data.
#ifndef OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_VALIDATE_H_
#define OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_VALIDATE_H_

#include <cstdint>

#include "core/reduction.h"
#include "core/status.h"
#include "ops/cross_entropy_loss/cross_entropy_args.h"

namespace openaclnn::cross_entropy {

inline constexpr const char* kLossPhase1Api = "aclnnCrossEntropyLossGetWorkspaceSize";
inline constexpr const char* kLossPhase2Api = "aclnnCrossEntropyLoss";
inline constexpr const char* kGradPhase1Api = "aclnnCrossEntropyLossGradGetWorkspaceSize";
inline constexpr const char* kGradPhase2Api = "aclnnCrossEntropyLossGrad";

// reductionOptional as CANN reads it: NULL is the attribute's default "mean"; otherwise exactly "mean", "sum" or
// "none" (case-sensitive). Valid only after the validation succeeded.
Reduction ReductionOf(const char* reduction);

// First: the required tensors, in parameter order (the generated wrappers check workspaceSize and executor only
// after them).
Status CheckLossNulls(const CrossEntropyLossArgs& args);
Status CheckGradNulls(const CrossEntropyLossGradArgs& args);

// Everything after the NULL checks.
Status ValidateCrossEntropyLoss(const CrossEntropyLossArgs& args);
Status ValidateCrossEntropyLossGrad(const CrossEntropyLossGradArgs& args);

// What the forward writes beyond lossOut and logProbOut.
inline bool WritesZloss(const CrossEntropyLossArgs& args) { return args.return_zloss; }
inline bool WritesLse(const CrossEntropyLossArgs& args) { return args.lse_square_scale != 0.0; }

}  // namespace openaclnn::cross_entropy

#endif  // OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_VALIDATE_H_
