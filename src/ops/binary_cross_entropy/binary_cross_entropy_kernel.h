// Kernels of aclnnBinaryCrossEntropy over the iteration engine's 2-D blocks. Every operand is broadcast to self's
// shape, so a block is element-wise: the loss of element i from self[i], target[i] and weight[i] at each operand's
// own strides (0 where broadcast), with the formula of binary_cross_entropy_math.h.
//   reduction none: the loss rounded once to out's type, stored at out[i].
//   mean / sum:     the losses are added, in the block's (logical) order, to a cpu::DeterministicSum lane set.
// The reference kernels take any mix of the three float types: each operand's run is converted to double in a
// small stack buffer first.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_KERNEL_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_KERNEL_H_

#include "acl/acl_base.h"
#include "backend/cpu/reduce.h"
#include "iter/loop_plan.h"

namespace openaclnn::bce_forward {

// Which plan operand holds what, and its data type. out_slot is -1 in a reducing plan, weight_slot -1 without a
// weight.
struct BceKernelParams {
  int self_slot;
  int target_slot;
  int weight_slot;
  int out_slot;
  aclDataType self_dtype;
  aclDataType target_dtype;
  aclDataType weight_dtype;
  aclDataType out_dtype;
};

// Reduction none: writes the block's losses to out.
void BceNoneReference(const iter::Block& block, const BceKernelParams& params);
// Mean and sum: adds the block's losses, in order, to the accumulator.
void BceSumReference(const iter::Block& block, const BceKernelParams& params, cpu::LaneAccumulator<1>* accumulator);

}  // namespace openaclnn::bce_forward

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_KERNEL_H_
