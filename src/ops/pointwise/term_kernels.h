// The once-compiled half of an operator's kernel set: put OPENACLNN_POINTWISE_KERNEL_SET(Name, ScalarTerm) in the
// `#if HWY_ONCE` section of the operator's *_hwy.cc, inside the operator's namespace, after the per-target
// OPENACLNN_POINTWISE_VECTOR_KERNELS (engine-inl.h). It defines `const pointwise::TermKernels& Name()`: the
// reference kernels of ScalarTerm and, for each compiled Highway target, the vector kernels.
#ifndef OPENACLNN_OPS_POINTWISE_TERM_KERNELS_H_
#define OPENACLNN_OPS_POINTWISE_TERM_KERNELS_H_

#include <cstdint>

#include "backend/cpu/hwy_dispatch.h"
#include "ops/pointwise/reference.h"
#include "ops/pointwise/run.h"

#define OPENACLNN_POINTWISE_KERNEL_SET(NAME, SCALAR_TERM)                                                      \
  const ::openaclnn::pointwise::TermKernels& NAME() {                                                          \
    using ::openaclnn::pointwise::BackwardRunFn;                                                               \
    using ::openaclnn::pointwise::ForwardAddFn;                                                                \
    using ::openaclnn::pointwise::ForwardAddPairFn;                                                            \
    using ::openaclnn::pointwise::ForwardStoreFn;                                                              \
    using ::openaclnn::pointwise::ForwardTermsFn;                                                              \
    using TargetFn = int64_t (*)();                                                                            \
    static const TargetFn kTargets[] = OPENACLNN_HWY_TABLE(CompiledTarget);                                    \
    static ForwardTermsFn (*const kForward[])() = OPENACLNN_HWY_TABLE(ForwardKernel);                          \
    static ForwardStoreFn (*const kForwardStore[])() = OPENACLNN_HWY_TABLE(ForwardStoreKernel);                \
    static ForwardAddFn (*const kForwardAdd[])() = OPENACLNN_HWY_TABLE(ForwardAddKernel);                      \
    static ForwardAddPairFn (*const kForwardAddPair[])() = OPENACLNN_HWY_TABLE(ForwardAddPairKernel);          \
    static BackwardRunFn (*const kBackward[])() = OPENACLNN_HWY_TABLE(BackwardKernel);                         \
    static const ::openaclnn::pointwise::TermKernels kKernels = {                                              \
        &::openaclnn::pointwise::ForwardTermsReference<SCALAR_TERM>,                                           \
        &::openaclnn::pointwise::BackwardReference<SCALAR_TERM>,                                               \
        [](int64_t target) -> ForwardTermsFn {                                                                 \
          const auto get = ::openaclnn::cpu::ForTarget(kTargets, kForward, target);                            \
          return get != nullptr ? get() : nullptr;                                                             \
        },                                                                                                     \
        [](int64_t target) -> ForwardStoreFn {                                                                 \
          const auto get = ::openaclnn::cpu::ForTarget(kTargets, kForwardStore, target);                       \
          return get != nullptr ? get() : nullptr;                                                             \
        },                                                                                                     \
        [](int64_t target) -> ForwardAddFn {                                                                   \
          const auto get = ::openaclnn::cpu::ForTarget(kTargets, kForwardAdd, target);                         \
          return get != nullptr ? get() : nullptr;                                                             \
        },                                                                                                     \
        [](int64_t target) -> ForwardAddPairFn {                                                               \
          const auto get = ::openaclnn::cpu::ForTarget(kTargets, kForwardAddPair, target);                     \
          return get != nullptr ? get() : nullptr;                                                             \
        },                                                                                                     \
        [](int64_t target) -> BackwardRunFn {                                                                  \
          const auto get = ::openaclnn::cpu::ForTarget(kTargets, kBackward, target);                           \
          return get != nullptr ? get() : nullptr;                                                             \
        },                                                                                                     \
        ::openaclnn::pointwise::TranscendentalCount<SCALAR_TERM>::value,                                       \
        ::openaclnn::pointwise::GradientTranscendentalCount<SCALAR_TERM>::value};                              \
    return kKernels;                                                                                           \
  }

#endif  // OPENACLNN_OPS_POINTWISE_TERM_KERNELS_H_
