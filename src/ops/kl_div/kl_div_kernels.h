// The KL divergence's kernels for the pointwise engine (reference and every compiled SIMD target): the loss with
// the gradient by self, and the loss with the gradient by target.
#ifndef OPENACLNN_OPS_KL_DIV_KL_DIV_KERNELS_H_
#define OPENACLNN_OPS_KL_DIV_KL_DIV_KERNELS_H_

#include "ops/pointwise/run.h"

namespace openaclnn::kl_div {
const pointwise::TermKernels& KlDivKernels();
}  // namespace openaclnn::kl_div

namespace openaclnn::kl_div_target {
const pointwise::TermKernels& KlDivTargetKernels();
}  // namespace openaclnn::kl_div_target

#endif  // OPENACLNN_OPS_KL_DIV_KL_DIV_KERNELS_H_
