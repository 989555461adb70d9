// Kernels of aclnnNLLLossBackward over the iteration engine's 2-D blocks. The plan is (N, C) kept as given,
// so a block is a run of columns [inner_index, inner_index + inner_size) over consecutive rows. Each output
// element is written exactly once: zeros and the one gradient value per row in the same pass.
#ifndef OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_KERNEL_H_
#define OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_KERNEL_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "iter/loop_plan.h"

namespace openaclnn::nll {

// Operand slots in the loop plan.
enum NllOperand : int { kOutOperand = 0, kTargetOperand = 1, kGradOperand = 2, kWeightOperand = 3, kNllOperands = 4 };

struct NllKernelParams {
  int64_t classes;
  int64_t ignore_index;
  bool mean;
  float mean_scale;  // -(gradOutput / totalWeight), computed once per run for mean.
  bool streaming_stores = false;  // Large out: SIMD kernels write it with non-temporal stores.
};

// The first row whose target is outside [0, C) and not ignoreIndex (DECISIONS 8).
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

using NllBlockKernel = void (*)(const iter::Block& block, const NllKernelParams& params, TargetFault* fault);

// The reference kernel for the given target, input (self) and out data types; null if unsupported.
NllBlockKernel SelectNllBlockKernel(aclDataType target, aclDataType input, aclDataType out);

}  // namespace openaclnn::nll

#endif  // OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_KERNEL_H_
