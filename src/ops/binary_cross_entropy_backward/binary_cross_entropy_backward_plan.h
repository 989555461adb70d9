// Turns validated aclnnBinaryCrossEntropyBackward arguments into a launch: the element-wise loop plan over self's
// shape (out first, every input broadcast to it), the kernel for the data types and the mean scale.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_PLAN_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_PLAN_H_

#include "framework/two_phase.h"
#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_args.h"

namespace openaclnn::bce {

// Requires arguments accepted by ValidateBceBackward. An empty self gives no launch.
Prepared PlanBceBackward(const BceBackwardArgs& args);

}  // namespace openaclnn::bce

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_PLAN_H_
