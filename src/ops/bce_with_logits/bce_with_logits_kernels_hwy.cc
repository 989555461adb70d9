// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/bce_with_logits/bce_with_logits_kernels_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "ops/bce_with_logits/bce_with_logits_term-inl.h"
#include "ops/pointwise/engine-inl.h"

// Three kernel sets, each in its own namespace (the dispatch tables name a set's functions by target namespace).
HWY_BEFORE_NAMESPACE();
namespace openaclnn::bce_with_logits::self_gradient {
namespace HWY_NAMESPACE {
OPENACLNN_POINTWISE_VECTOR_KERNELS(::openaclnn::bce_with_logits::HWY_NAMESPACE::BceWithLogitsVecTerm)
}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::bce_with_logits::self_gradient
namespace openaclnn::bce_with_logits::target_gradient {
namespace HWY_NAMESPACE {
OPENACLNN_POINTWISE_VECTOR_KERNELS(::openaclnn::bce_with_logits::HWY_NAMESPACE::BceWithLogitsTargetVecTerm)
}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::bce_with_logits::target_gradient
namespace openaclnn::bce_with_logits::target_gradient_no_pos_weight {
namespace HWY_NAMESPACE {
OPENACLNN_POINTWISE_VECTOR_KERNELS(
    ::openaclnn::bce_with_logits::HWY_NAMESPACE::BceWithLogitsTargetNoPosWeightVecTerm)
}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::bce_with_logits::target_gradient_no_pos_weight
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "ops/bce_with_logits/bce_with_logits_kernels.h"
#include "ops/pointwise/term_kernels.h"

namespace openaclnn::bce_with_logits {
namespace self_gradient {
OPENACLNN_POINTWISE_KERNEL_SET(Kernels, BceWithLogitsTerm)
}  // namespace self_gradient
namespace target_gradient {
OPENACLNN_POINTWISE_KERNEL_SET(Kernels, BceWithLogitsTargetTerm)
}  // namespace target_gradient
namespace target_gradient_no_pos_weight {
OPENACLNN_POINTWISE_KERNEL_SET(Kernels, BceWithLogitsTargetNoPosWeightTerm)
}  // namespace target_gradient_no_pos_weight

const pointwise::TermKernels& BceWithLogitsKernels() { return self_gradient::Kernels(); }
const pointwise::TermKernels& BceWithLogitsTargetKernels() { return target_gradient::Kernels(); }
const pointwise::TermKernels& BceWithLogitsTargetNoPosWeightKernels() {
  return target_gradient_no_pos_weight::Kernels();
}
}  // namespace openaclnn::bce_with_logits
#endif  // HWY_ONCE
