// SIMD kernels of aclnnBinaryCrossEntropyBackward (Highway, one source compiled for every target) and the choice
// between them and the reference kernel. One pass: the formula, the weight and the mean factor are applied in
// registers in the order of binary_cross_entropy_backward_math.h, so results equal the reference kernel's bits.
//
// Fast path: all inputs of one data type (FLOAT, FLOAT16 or BFLOAT16; 16-bit types are converted in vector
// registers), out of any of the three, out contiguous along the block's inner run and every input either
// contiguous or broadcast (stride 0: a scalar gradOutput, a per-channel weight) along it. Blocks outside it run
// the reference kernel. Large outputs are written with streaming stores (params.streaming_stores).
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_KERNEL_HWY_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_KERNEL_HWY_H_

#include <cstdint>

#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_kernel.h"

namespace openaclnn::bce {

// The SIMD kernel compiled for Highway target `simd_target` (an HWY_* bit), or null when that target is not
// compiled in or the data types are outside the fast path.
BceBlockKernel SelectBceBlockKernelSimd(int64_t simd_target, const BceKernelParams& params);

// The kernel for the active kernel target (backend/cpu/kernel_target.h): SIMD, or the reference kernel.
BceBlockKernel ChooseBceBlockKernel(const BceKernelParams& params);

}  // namespace openaclnn::bce

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_KERNEL_HWY_H_
