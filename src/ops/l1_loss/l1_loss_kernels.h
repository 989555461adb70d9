// The L1 loss's kernels for the pointwise engine: reference and every compiled SIMD target.
#ifndef OPENACLNN_OPS_L1_LOSS_L1_LOSS_KERNELS_H_
#define OPENACLNN_OPS_L1_LOSS_L1_LOSS_KERNELS_H_

#include "ops/pointwise/run.h"

namespace openaclnn::l1_loss {

const pointwise::TermKernels& L1Kernels();

}  // namespace openaclnn::l1_loss

#endif  // OPENACLNN_OPS_L1_LOSS_L1_LOSS_KERNELS_H_
