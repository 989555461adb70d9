// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/l1_loss/l1_loss_kernels_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "ops/l1_loss/l1_loss_term-inl.h"
#include "ops/pointwise/engine-inl.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::l1_loss {
namespace HWY_NAMESPACE {
OPENACLNN_POINTWISE_VECTOR_KERNELS(L1VecTerm)
}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::l1_loss
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "ops/l1_loss/l1_loss_kernels.h"
#include "ops/pointwise/term_kernels.h"

namespace openaclnn::l1_loss {
OPENACLNN_POINTWISE_KERNEL_SET(L1Kernels, L1Term)
}  // namespace openaclnn::l1_loss
#endif  // HWY_ONCE
