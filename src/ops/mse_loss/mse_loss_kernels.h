// The MSE loss's kernels for the pointwise engine: reference and every compiled SIMD target.
#ifndef OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_KERNELS_H_
#define OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_KERNELS_H_

#include "ops/pointwise/run.h"

namespace openaclnn::mse_loss {

const pointwise::TermKernels& MseKernels();

}  // namespace openaclnn::mse_loss

#endif  // OPENACLNN_OPS_MSE_LOSS_MSE_LOSS_KERNELS_H_
