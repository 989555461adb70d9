// Turns validated aclnnNLLLoss (and aclnnNLLLoss2d) arguments into a launch: the loop plan over the positions
// (target, self at each position and, for reduction none, out), the kernel for the data types, and where the
// one-element results go.
#ifndef OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_PLAN_H_
#define OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_PLAN_H_

#include "framework/two_phase.h"
#include "ops/nll_loss/nll_loss_args.h"

namespace openaclnn::nll_forward {

// Requires arguments accepted by ValidateNllLoss. An empty self gives no launch for reduction none; for mean and
// sum it gives one that writes out (NaN or 0) and totalWeightOut (0).
Prepared PlanNllLoss(const NllLossArgs& args);

// The plan both aclnnNLLLoss and aclnnNLLLoss2d use (their arguments are the same list): self (C), (N, C) or
// (N, C, H, W) as class_index/class_positions.h describes, validated by the operator's own checks. The API
// names are the operator's, for messages.
Prepared PlanNllForward(const NllLossArgs& args, const char* phase1_api, const char* phase2_api);

}  // namespace openaclnn::nll_forward

#endif  // OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_PLAN_H_
