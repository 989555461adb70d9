// Turns validated aclnnNLLLossBackward arguments into a launch: the (N, C) loop plan over out, target,
// gradOutput and weight, the kernel for their data types, and the scalars of the reduction.
#ifndef OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_PLAN_H_
#define OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_PLAN_H_

#include "framework/two_phase.h"
#include "ops/nll_loss_backward/nll_loss_backward_args.h"

namespace openaclnn::nll {

// Requires arguments accepted by ValidateNllLossBackward. Empty tensors give no launch.
Prepared PlanNllLossBackward(const NllLossBackwardArgs& args);

}  // namespace openaclnn::nll

#endif  // OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_PLAN_H_
