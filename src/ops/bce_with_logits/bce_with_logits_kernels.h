// The kernels of BCE with logits for the pointwise engine: reference and every compiled SIMD target. Every set has
// the forward's term; the first has the gradient with respect to self, the others with respect to target (with
// weight and posWeight as extra operands, or weight only: posWeight absent).
#ifndef OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_KERNELS_H_
#define OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_KERNELS_H_

#include "ops/pointwise/run.h"

namespace openaclnn::bce_with_logits {

const pointwise::TermKernels& BceWithLogitsKernels();
const pointwise::TermKernels& BceWithLogitsTargetKernels();
const pointwise::TermKernels& BceWithLogitsTargetNoPosWeightKernels();

}  // namespace openaclnn::bce_with_logits

#endif  // OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_KERNELS_H_
