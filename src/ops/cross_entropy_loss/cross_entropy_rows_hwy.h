// Vector forms (Highway: one source compiled for every target) of the bulk of cross entropy's row kernels
// (cross_entropy_kernel.cc), for rows contiguous in input and output and of one data type (FLOAT, FLOAT16,
// BFLOAT16). Built from the softmax family's vector pieces (ops/row/row_vector-inl.h), they perform the scalar
// kernels' operations lane by lane in the same order, so results keep the scalar kernels' bits on every target. The
// scalar kernel does everything else of a row (its target, loss, lse, the gradient's target element) and every row
// these decline.
#ifndef OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_ROWS_HWY_H_
#define OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_ROWS_HWY_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "ops/row/row_walk.h"

namespace openaclnn::cross_entropy {

// Forward without label smoothing: m = max(x), T = sum over k != (m's first index) of det::ExpDiffF(x_k, m) in the
// eight-lane order, then logProbOut_j = (x_j - m) - log1p(T), rounded once. Sets *max and *log_sum (log1p(T)) and
// returns true, or returns false without writing anything (not contiguous or aligned, a NaN or an infinite maximum,
// no term buffer). `stream`: write with streaming stores (made visible before returning).
using VectorForwardRow = bool (*)(const row::Rows& rows, bool stream, double* max, double* log_sum);

// Gradient without a per-class smoothing term: out_j = det::ExpF(logProb_j) * coefficient, rounded once, for every
// j (the caller then rewrites the target's element). Returns false without writing for rows it declines.
using VectorGradRow = bool (*)(const row::Rows& rows, bool stream, double coefficient);

struct VectorRowKernels {
  VectorForwardRow forward = nullptr;
  VectorGradRow grad = nullptr;
};

// The kernels for `input` (logProbOut or out has it too) compiled for `kernel_target` (an HWY_* bit), or nulls when
// it is the reference, not compiled in or without double lanes.
VectorRowKernels SelectVectorRowKernels(aclDataType input, int64_t kernel_target);

}  // namespace openaclnn::cross_entropy

#endif  // OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_ROWS_HWY_H_
