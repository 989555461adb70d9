// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/kl_div/kl_div_kernels_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "ops/kl_div/kl_div_term-inl.h"
#include "ops/pointwise/engine-inl.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::kl_div {
namespace HWY_NAMESPACE {
OPENACLNN_POINTWISE_VECTOR_KERNELS(::openaclnn::kl_div::HWY_NAMESPACE::KlDivVecTerm)
}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::kl_div
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "ops/kl_div/kl_div_kernels.h"
#include "ops/pointwise/term_kernels.h"

namespace openaclnn::kl_div {
OPENACLNN_POINTWISE_KERNEL_SET(KlDivKernels, ::openaclnn::kl_div::KlDivTerm)
}  // namespace openaclnn::kl_div
#endif  // HWY_ONCE
