// Kernels of aclnnNLLLossBackward and aclnnNLLLoss2dBackward over the iteration engine's 2-D blocks. The plan is
// (positions..., C) kept as given (out's class dimension moved innermost), so a block is a run of classes
// [inner_index, inner_index + inner_size) over consecutive rows, one row per position. Each output
// element is written exactly once: zeros and the one gradient value per row in the same pass.
#ifndef OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_KERNEL_H_
#define OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_KERNEL_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "iter/loop_plan.h"
#include "ops/class_index/target_fault.h"

namespace openaclnn::nll {

// Operand slots in the loop plan.
enum NllOperand : int { kOutOperand = 0, kTargetOperand = 1, kGradOperand = 2, kWeightOperand = 3, kNllOperands = 4 };

struct NllKernelParams {
  int64_t classes;
  int64_t ignore_index;
  bool mean;
  float mean_scale;  // -(gradOutput / totalWeight), computed once per run for mean.
  bool streaming_stores = false;  // Large out: SIMD kernels write it with non-temporal stores.
  // The scatter kernels only (below): weight[0], and the bytes between weight elements and between classes of out.
  const char* weight = nullptr;
  int64_t weight_stride = 0;
  int64_t class_stride = 0;
};

using NllBlockKernel = void (*)(const iter::Block& block, const NllKernelParams& params,
                                class_index::TargetFault* fault);

// The reference kernel for the given target, input (self) and out data types; null if unsupported.
NllBlockKernel SelectNllBlockKernel(aclDataType target, aclDataType input, aclDataType out);

// The scatter form, for an out whose class dimension is not innermost in memory (an NCHW gradient, where rows of C
// elements would be written H x W elements apart): out has been zeroed in its own memory order, then the plan
// iterates the positions (kOutOperand = out at class 0, kTargetOperand, kGradOperand) and the kernel writes each
// counting position's one value, the same value as the block kernels, params.class_stride bytes per class away.
NllBlockKernel SelectNllScatterKernel(aclDataType target, aclDataType input, aclDataType out);

}  // namespace openaclnn::nll

#endif  // OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_KERNEL_H_
