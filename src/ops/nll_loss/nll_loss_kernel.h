// Kernels of aclnnNLLLoss and aclnnNLLLoss2d over the iteration engine's blocks. The plan iterates the positions
// of class_index/class_positions.h (N rows, one for a 1-D self, or N x H x W pixels) in logical order; per
// position the kernel reads the target t and, when t counts (not ignoreIndex, inside [0, C)), gathers
// self's class t at that position and weight[t]. The position's loss is -(weight[t] * x_t), formed exactly in
// double (the product of two floats fits in a double).
//   reduction none: out = the position's loss rounded once to out's type, 0 for a position that does not count.
//   mean / sum:     the losses and the weights are summed side by side with cpu::DeterministicSum.
// A target outside [0, C) that is not ignoreIndex counts as nothing and is noted for the run's report
// (DECISIONS 8).
#ifndef OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_KERNEL_H_
#define OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_KERNEL_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "backend/cpu/reduce.h"
#include "iter/loop_plan.h"
#include "ops/class_index/target_fault.h"

namespace openaclnn::nll_forward {

// Operand slots in the loop plan (out only for reduction none).
enum NllOperand : int { kTargetOperand = 0, kSelfRowOperand = 1, kOutOperand = 2 };

struct NllRowParams {
  int64_t classes;
  int64_t ignore_index;
  int64_t class_stride;  // Bytes between class c and class c + 1 of self at one position.
  const char* weight;    // weight[0].
  int64_t weight_stride;  // Bytes.
};

// Writes out for the block's positions (reduction none).
using NllNoneKernel = void (*)(const iter::Block& block, const NllRowParams& params, class_index::TargetFault* fault);
// Adds {loss, weight} of each of the block's positions, in order, to the accumulator (reduction mean or sum).
using NllSumKernel = void (*)(const iter::Block& block, const NllRowParams& params,
                              cpu::LaneAccumulator<2>* accumulator, class_index::TargetFault* fault);

// The reference kernels for the given target, self (and weight) and out data types; null if unsupported.
NllNoneKernel SelectNllNoneKernel(aclDataType target, aclDataType input, aclDataType out);
NllSumKernel SelectNllSumKernel(aclDataType target, aclDataType input);

}  // namespace openaclnn::nll_forward

#endif  // OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_KERNEL_H_
