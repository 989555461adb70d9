// Kernels of aclnnBinaryCrossEntropyBackward over the iteration engine's 2-D blocks. The plan iterates self's
// shape with every operand broadcast to it, so a block is element-wise: out[i] from gradOutput[i], self[i],
// target[i] and weight[i] at each operand's own strides (0 where broadcast).
//
// The reference kernel handles any mix of data types without one instantiation per combination: each operand's
// run is converted to float in a small stack buffer, one float loop applies the formula
// (binary_cross_entropy_backward_math.h), and the result is rounded once to out's type. Faster kernels for common
// cases (one data type, contiguous runs, a scalar gradOutput, a per-channel weight) plug in at
// SelectBceBlockKernel with the same signature and must give the same bits.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_KERNEL_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_KERNEL_H_

#include "acl/acl_base.h"
#include "iter/loop_plan.h"

namespace openaclnn::bce {

// Operand slots in the loop plan; the weight slot exists only when a weight is given.
enum BceOperand : int {
  kOutOperand = 0,
  kSelfOperand = 1,
  kTargetOperand = 2,
  kGradOperand = 3,
  kWeightOperand = 4,
  kMaxBceOperands = 5,
};

struct BceKernelParams {
  aclDataType dtype[kMaxBceOperands];  // Per slot: FLOAT, FLOAT16 or BFLOAT16 (weight: unused without one).
  bool has_weight;
  bool mean;
  float mean_scale;  // 1.0f / numel(self) in float, used for mean only.
  bool streaming_stores = false;  // Large out: SIMD kernels write it with non-temporal stores.
};

using BceBlockKernel = void (*)(const iter::Block& block, const BceKernelParams& params);

// The scalar reference kernel: any data types, any strides.
void BceBlockReference(const iter::Block& block, const BceKernelParams& params);

// The kernel the plan runs for these parameters.
BceBlockKernel SelectBceBlockKernel(const BceKernelParams& params);

}  // namespace openaclnn::bce

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_KERNEL_H_
