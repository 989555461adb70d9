// Turns validated aclnnNLLLoss arguments into a launch: the loop plan over the N rows (target, the rows of self
// and, for reduction none, out), the kernel for the data types, and where the one-element results go.
#ifndef OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_PLAN_H_
#define OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_PLAN_H_

#include "framework/two_phase.h"
#include "ops/nll_loss/nll_loss_args.h"

namespace openaclnn::nll_forward {

// Requires arguments accepted by ValidateNllLoss. An empty self gives no launch for reduction none; for mean and
// sum it gives one that writes out (NaN or 0) and totalWeightOut (0).
Prepared PlanNllLoss(const NllLossArgs& args);

}  // namespace openaclnn::nll_forward

#endif  // OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_PLAN_H_
