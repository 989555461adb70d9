// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/soft_margin_loss/soft_margin_loss_kernels_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "ops/soft_margin_loss/soft_margin_loss_term-inl.h"
#include "ops/pointwise/engine-inl.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::soft_margin_loss {
namespace HWY_NAMESPACE {
OPENACLNN_POINTWISE_VECTOR_KERNELS(SoftMarginVecTerm)
}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::soft_margin_loss
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "ops/soft_margin_loss/soft_margin_loss_kernels.h"
#include "ops/pointwise/term_kernels.h"

namespace openaclnn::soft_margin_loss {
OPENACLNN_POINTWISE_KERNEL_SET(SoftMarginKernels, SoftMarginTerm)
}  // namespace openaclnn::soft_margin_loss
#endif  // HWY_ONCE
