// The smooth L1 loss's kernels for the pointwise engine: reference and every compiled SIMD target.
#ifndef OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_KERNELS_H_
#define OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_KERNELS_H_

#include "ops/pointwise/run.h"

namespace openaclnn::smooth_l1_loss {

const pointwise::TermKernels& SmoothL1Kernels();

}  // namespace openaclnn::smooth_l1_loss

#endif  // OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_KERNELS_H_
