// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/binary_cross_entropy/binary_cross_entropy_kernels_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_term-inl.h"
#include "ops/pointwise/engine-inl.h"

// Two kernel sets, each in its own namespace (the dispatch tables name a set's functions by target namespace).
HWY_BEFORE_NAMESPACE();
namespace openaclnn::binary_cross_entropy::weighted {
namespace HWY_NAMESPACE {
OPENACLNN_POINTWISE_VECTOR_KERNELS(::openaclnn::binary_cross_entropy::HWY_NAMESPACE::BinaryCrossEntropyVecTerm)
}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::binary_cross_entropy::weighted
namespace openaclnn::binary_cross_entropy::unweighted {
namespace HWY_NAMESPACE {
OPENACLNN_POINTWISE_VECTOR_KERNELS(::openaclnn::binary_cross_entropy::HWY_NAMESPACE::BinaryCrossEntropyNoWeightVecTerm)
}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::binary_cross_entropy::unweighted
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "ops/binary_cross_entropy/binary_cross_entropy_kernels.h"
#include "ops/pointwise/term_kernels.h"

namespace openaclnn::binary_cross_entropy {
namespace weighted {
OPENACLNN_POINTWISE_KERNEL_SET(Kernels, BinaryCrossEntropyTerm)
}  // namespace weighted
namespace unweighted {
OPENACLNN_POINTWISE_KERNEL_SET(Kernels, BinaryCrossEntropyNoWeightTerm)
}  // namespace unweighted

const pointwise::TermKernels& BinaryCrossEntropyKernels() { return weighted::Kernels(); }
const pointwise::TermKernels& BinaryCrossEntropyNoWeightKernels() { return unweighted::Kernels(); }
}  // namespace openaclnn::binary_cross_entropy
#endif  // HWY_ONCE
