// The soft margin loss's kernels for the pointwise engine: reference and every compiled SIMD target.
#ifndef OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_KERNELS_H_
#define OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_KERNELS_H_

#include "ops/pointwise/run.h"

namespace openaclnn::soft_margin_loss {

const pointwise::TermKernels& SoftMarginKernels();

}  // namespace openaclnn::soft_margin_loss

#endif  // OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_KERNELS_H_
