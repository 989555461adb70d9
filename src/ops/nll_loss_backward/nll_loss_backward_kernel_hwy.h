// SIMD kernels of aclnnNLLLossBackward (Highway, one source compiled for every target) and the choice between
// them and the reference kernels. Same contract as the reference kernels (nll_loss_backward_kernel.h): each
// output element is written once, zeros and the row's one value in the same pass; rows whose elements are
// contiguous are written with vector stores, streaming (non-temporal) ones when params.streaming_stores is set.
#ifndef OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_KERNEL_HWY_H_
#define OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_KERNEL_HWY_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "ops/nll_loss_backward/nll_loss_backward_kernel.h"

namespace openaclnn::nll {

// The SIMD kernel compiled for Highway target `simd_target` (an HWY_* bit), or null when that target is not
// compiled in or the data types are unsupported.
NllBlockKernel SelectNllBlockKernelSimd(int64_t simd_target, aclDataType target, aclDataType input, aclDataType out);

// The kernel for the active kernel target (backend/cpu/kernel_target.h): SIMD, or the reference kernel.
NllBlockKernel ChooseNllBlockKernel(aclDataType target, aclDataType input, aclDataType out);

// The planes form of the scatter kernels (nll_loss_backward_kernel.h) for the active kernel target, or null (the
// reference target, classes too many for its class marks, or unsupported types): the plan iterates the positions as
// for the scatter form, but out need not be zeroed first: for each run of positions the kernel writes every class's
// plane whole (the value where the target is that class, zeros elsewhere), each element of out once, streaming
// when params.streaming_stores is set. The values and bits equal the scatter form's.
NllBlockKernel ChooseNllPlanesKernel(aclDataType target, aclDataType input, aclDataType out, int64_t classes);

}  // namespace openaclnn::nll

#endif  // OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_KERNEL_HWY_H_
