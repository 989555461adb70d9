// Which kernels the operators' plans choose: the scalar reference kernels, or the Highway SIMD kernels compiled
// for one target (SSSE3, SSE4, AVX2, AVX3 on x86-64; NEON, SVE on Arm; EMU128 everywhere). The default is the
// best target the running CPU supports; OPENACLNN_KERNELS (reference, best or a target name) changes the
// default, and openaclnnSetKernelTarget changes it at run time. Every choice gives bit-identical results
// (DECISIONS 7); the choice exists for testing and for measuring.
#ifndef OPENACLNN_BACKEND_CPU_KERNEL_TARGET_H_
#define OPENACLNN_BACKEND_CPU_KERNEL_TARGET_H_

#include <cstdint>
#include <vector>

#include "core/status.h"

namespace openaclnn::cpu {

inline constexpr const char* kKernelsEnv = "OPENACLNN_KERNELS";

// The reference kernels' "target"; Highway targets are their HWY_* bits (never 0).
inline constexpr int64_t kReferenceKernels = 0;

// The target plans use now.
int64_t ActiveKernelTarget();

// Selects the target by name (case-insensitive): "reference", "best", or one of AvailableKernelTargets();
// nullptr restores the default. An unknown or unavailable name is an error for `api` and changes nothing.
Status SetKernelTarget(const char* api, const char* name);

// "reference", "AVX2", ...
const char* KernelTargetName(int64_t target);

// The reference kernels, then every Highway target that is compiled in and supported here, best first.
const std::vector<int64_t>& AvailableKernelTargets();

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_KERNEL_TARGET_H_
