// Kernels of aclnnNLLLoss over the iteration engine's blocks. The plan iterates the N rows (one row for a 1-D
// self); per row the kernel reads the target t and, when t counts (not ignoreIndex, inside [0, C)), gathers
// self[n][t] and weight[t]. The row's loss is -(weight[t] * self[n][t]), formed exactly in double (the product of
// two floats fits in a double).
//   reduction none: out[n] = the row's loss rounded once to out's type, 0 for a row that does not count.
//   mean / sum:     the losses and the weights are summed side by side with cpu::DeterministicSum.
// A target outside [0, C) that is not ignoreIndex counts as nothing and is noted for the run's report
// (DECISIONS 8).
#ifndef OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_KERNEL_H_
#define OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_KERNEL_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "backend/cpu/reduce.h"
#include "iter/loop_plan.h"

namespace openaclnn::nll_forward {

// Operand slots in the loop plan (out only for reduction none).
enum NllOperand : int { kTargetOperand = 0, kSelfRowOperand = 1, kOutOperand = 2 };

struct NllRowParams {
  int64_t classes;
  int64_t ignore_index;
  int64_t class_stride;  // Bytes between self[n][c] and self[n][c + 1].
  const char* weight;    // weight[0].
  int64_t weight_stride;  // Bytes.
};

// The first row whose target is outside [0, C) and not ignoreIndex.
struct TargetFault {
  int64_t row = -1;
  int64_t value = 0;
  void Note(int64_t bad_row, int64_t bad_value) {
    if (row < 0 || bad_row < row) {
      row = bad_row;
      value = bad_value;
    }
  }
};

// Writes out for the block's rows (reduction none).
using NllNoneKernel = void (*)(const iter::Block& block, const NllRowParams& params, TargetFault* fault);
// Adds {loss, weight} of each of the block's rows, in order, to the accumulator (reduction mean or sum).
using NllSumKernel = void (*)(const iter::Block& block, const NllRowParams& params,
                              cpu::LaneAccumulator<2>* accumulator, TargetFault* fault);

// The reference kernels for the given target, self (and weight) and out data types; null if unsupported.
NllNoneKernel SelectNllNoneKernel(aclDataType target, aclDataType input, aclDataType out);
NllSumKernel SelectNllSumKernel(aclDataType target, aclDataType input);

}  // namespace openaclnn::nll_forward

#endif  // OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_KERNEL_H_
