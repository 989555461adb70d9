// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/binary_cross_entropy/binary_cross_entropy_kernels_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_term-inl.h"
#include "ops/pointwise/engine-inl.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::binary_cross_entropy {
namespace HWY_NAMESPACE {
OPENACLNN_POINTWISE_GRADIENT_VECTOR_KERNELS(BinaryCrossEntropyVecTerm)
}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::binary_cross_entropy
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "ops/binary_cross_entropy/binary_cross_entropy_kernels.h"
#include "ops/pointwise/term_kernels.h"

namespace openaclnn::binary_cross_entropy {
OPENACLNN_POINTWISE_KERNEL_SET(BinaryCrossEntropyKernels, BinaryCrossEntropyTerm)
}  // namespace openaclnn::binary_cross_entropy
#endif  // HWY_ONCE
