// The logit's kernels for the pointwise engine (unary terms): reference and every compiled SIMD target.
#ifndef OPENACLNN_OPS_LOGIT_LOGIT_KERNELS_H_
#define OPENACLNN_OPS_LOGIT_LOGIT_KERNELS_H_

#include "ops/pointwise/run.h"

namespace openaclnn::logit {

const pointwise::TermKernels& LogitKernels();

}  // namespace openaclnn::logit

#endif  // OPENACLNN_OPS_LOGIT_LOGIT_KERNELS_H_
