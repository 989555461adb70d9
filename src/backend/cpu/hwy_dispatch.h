// Finding an operator's SIMD kernel for one Highway target. An operator's *_hwy.cc file is compiled once per
// target (hwy/foreach_target.h); in each target's namespace it defines a function that selects its kernels and
// `int64_t CompiledTarget() { return HWY_TARGET; }`. In its HWY_ONCE section it builds two tables in the same
// order with OPENACLNN_HWY_TABLE and looks entries up with ForTarget. Include after hwy/highway.h.
#ifndef OPENACLNN_BACKEND_CPU_HWY_DISPATCH_H_
#define OPENACLNN_BACKEND_CPU_HWY_DISPATCH_H_

#include <cstddef>
#include <cstdint>

// The address of FUNC in every compiled target's namespace (null where a target is not compiled), as an array
// initialiser. Use at the namespace level that encloses HWY_NAMESPACE.
#ifdef HWY_CHOOSE_TARGET_LIST
#define OPENACLNN_HWY_TABLE(FUNC) \
  { HWY_CHOOSE_TARGET_LIST(FUNC), HWY_CHOOSE_FALLBACK(FUNC) }
#else
#define OPENACLNN_HWY_TABLE(FUNC) \
  { &HWY_STATIC_DISPATCH(FUNC) }
#endif

namespace openaclnn::cpu {

// The entry of `functions` compiled for `target`, or null. `targets` holds each entry's CompiledTarget.
template <typename Function, size_t kEntries>
Function ForTarget(int64_t (*const (&targets)[kEntries])(), Function const (&functions)[kEntries], int64_t target) {
  for (size_t i = 0; i < kEntries; ++i) {
    if (targets[i] != nullptr && functions[i] != nullptr && targets[i]() == target) {
      return functions[i];
    }
  }
  return nullptr;
}

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_HWY_DISPATCH_H_
