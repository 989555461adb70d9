// The kernels of BCE for the pointwise engine: the forward's and the gradient's reference and vector kernels.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_KERNELS_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_KERNELS_H_

#include "ops/pointwise/run.h"

namespace openaclnn::binary_cross_entropy {

// With the weight as the terms' extra operand, and without it (weight NULL).
const pointwise::TermKernels& BinaryCrossEntropyKernels();
const pointwise::TermKernels& BinaryCrossEntropyNoWeightKernels();

}  // namespace openaclnn::binary_cross_entropy

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_KERNELS_H_
