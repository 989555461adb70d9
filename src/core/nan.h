// One NaN for every path. When two NaNs meet in an operation (g * w with both NaN), which payload the result
// carries depends on the operand order the compiler picked, and compilers reorder commutative operations
// freely; so the scalar and every SIMD kernel could disagree in the bits of a NaN result. Kernels therefore
// store any NaN result as the canonical quiet NaN (positive, payload 0; 0x7e00 in FLOAT16, 0x7fc0 in BFLOAT16).
// NaN inputs still give NaN outputs (DECISIONS 6); only the payload is fixed (DECISIONS 7).
#ifndef OPENACLNN_CORE_NAN_H_
#define OPENACLNN_CORE_NAN_H_

#include <cstdint>

#include "core/half.h"

namespace openaclnn {

inline constexpr uint32_t kCanonicalNanBits = 0x7fc00000u;

inline float CanonicalizeNan(float value) { return value != value ? BitsToFloat(kCanonicalNanBits) : value; }

}  // namespace openaclnn

#endif  // OPENACLNN_CORE_NAN_H_
