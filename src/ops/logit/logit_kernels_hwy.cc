// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/logit/logit_kernels_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "ops/logit/logit_term-inl.h"
#include "ops/pointwise/engine-inl.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::logit {
namespace HWY_NAMESPACE {
OPENACLNN_POINTWISE_VECTOR_KERNELS(LogitVecTerm)
}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::logit
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "ops/logit/logit_kernels.h"
#include "ops/pointwise/term_kernels.h"

namespace openaclnn::logit {
OPENACLNN_POINTWISE_KERNEL_SET(LogitKernels, LogitTerm)
}  // namespace openaclnn::logit
#endif  // HWY_ONCE
