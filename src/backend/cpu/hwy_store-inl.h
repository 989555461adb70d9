// The one store decision every Highway kernel makes per vector: a streaming (non-temporal) store when the
// launch chose streaming stores for its output (backend/cpu/store_policy.h), an ordinary unaligned store
// otherwise. Per-target header: include it after hwy/highway.h in a file compiled through foreach_target.h.

// Re-included once per target (Highway's toggle convention), hence no classic include guard.
#if defined(OPENACLNN_BACKEND_CPU_HWY_STORE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_BACKEND_CPU_HWY_STORE_INL_H_
#undef OPENACLNN_BACKEND_CPU_HWY_STORE_INL_H_
#else
#define OPENACLNN_BACKEND_CPU_HWY_STORE_INL_H_
#endif

#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::cpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// `at` must be vector-aligned when streaming.
template <class D, typename T = hn::TFromD<D>>
HWY_INLINE void PutVector(D d, hn::Vec<D> v, T* HWY_RESTRICT at, bool stream) {
  if (stream) {
    hn::Stream(v, d, at);
  } else {
    hn::StoreU(v, d, at);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::cpu
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_BACKEND_CPU_HWY_STORE_INL_H_
