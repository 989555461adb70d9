// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/mse_loss/mse_loss_kernels_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "ops/mse_loss/mse_loss_term-inl.h"
#include "ops/pointwise/engine-inl.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::mse_loss {
namespace HWY_NAMESPACE {
OPENACLNN_POINTWISE_VECTOR_KERNELS(MseVecTerm)
}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::mse_loss
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "ops/mse_loss/mse_loss_kernels.h"
#include "ops/pointwise/term_kernels.h"

namespace openaclnn::mse_loss {
OPENACLNN_POINTWISE_KERNEL_SET(MseKernels, MseTerm)
}  // namespace openaclnn::mse_loss
#endif  // HWY_ONCE
