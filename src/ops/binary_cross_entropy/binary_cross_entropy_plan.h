// Turns validated aclnnBinaryCrossEntropy arguments into a launch: the loop plan over self's shape (every input
// broadcast to it), the kernel and, for mean and sum, where the one-element result goes.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_PLAN_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_PLAN_H_

#include "framework/two_phase.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_args.h"

namespace openaclnn::bce_forward {

// Requires arguments accepted by ValidateBce. An empty self gives no launch for reduction none; for mean and sum
// it gives one that writes out (NaN or 0).
Prepared PlanBce(const BceArgs& args);

}  // namespace openaclnn::bce_forward

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_PLAN_H_
