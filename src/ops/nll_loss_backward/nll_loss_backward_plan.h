// Turns validated aclnnNLLLossBackward (and aclnnNLLLoss2dBackward) arguments into a launch: the (positions..., C)
// loop plan over out, target, gradOutput and weight, the kernel for their data types, and the scalars of the
// reduction.
#ifndef OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_PLAN_H_
#define OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_PLAN_H_

#include "framework/two_phase.h"
#include "ops/nll_loss_backward/nll_loss_backward_args.h"

namespace openaclnn::nll {

// Requires arguments accepted by ValidateNllLossBackward. Empty tensors give no launch.
Prepared PlanNllLossBackward(const NllLossBackwardArgs& args);

// The plan both backwards use (their arguments are the same list): self (C), (N, C) or (N, C, H, W) as
// class_index/class_positions.h describes, validated by the operator's own checks. The API names are the
// operator's, for messages.
Prepared PlanNllBackward(const NllLossBackwardArgs& args, const char* phase1_api, const char* phase2_api);

}  // namespace openaclnn::nll

#endif  // OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_PLAN_H_
