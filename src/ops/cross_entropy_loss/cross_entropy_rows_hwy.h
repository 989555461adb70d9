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

// Forward: m = max(x), T = (ties - 1) + the sum over x_k != m of det::ExpDiffF(x_k, m) in the eight-lane order,
// then logProbOut_j = (x_j - m) - log1p(T), rounded once (FLOAT in double, the 16-bit types in float), and with
// smoothing the eight-lane sum of w_c (x_c - m) (w_c = 1 without weights). `stream`: write with streaming stores
// (made visible before returning).
struct VectorForward {
  bool stream = false;
  bool smoothing = false;
  const float* weights = nullptr;  // Contiguous (C), or null: every weight 1. Read with smoothing only.
  double max = 0.0;                // Results, set when the kernel returns true:
  double log_sum = 0.0;            // log1p(T);
  double weighted_shifts = 0.0;    // with smoothing, sum_c w_c (x_c - m).
};
// Returns false without writing anything for rows it declines (not contiguous or aligned, a NaN or an infinite
// maximum).
using VectorForwardRow = bool (*)(const row::Rows& rows, VectorForward* forward);

// Gradient: out_j = det::ExpF(logProb_j) * coefficient - smooth * w_j, rounded once, for every j (the caller then
// rewrites the target's element): in float, p_j * float(coefficient), when float_products (UseFloatProducts, so
// smooth is 0), otherwise in double.
struct VectorGrad {
  bool stream = false;
  bool float_products = false;
  double coefficient = 0.0;
  double smooth = 0.0;             // 0: no per-class term.
  const float* weights = nullptr;  // Contiguous (C), or null: every weight 1. Read when smooth is not 0.
};
// Returns false without writing for rows it declines.
using VectorGradRow = bool (*)(const row::Rows& rows, const VectorGrad& grad);

struct VectorRowKernels {
  VectorForwardRow forward = nullptr;
  VectorGradRow grad = nullptr;
};

// The kernels for `input` (logProbOut or out has it too) compiled for `kernel_target` (an HWY_* bit), or nulls when
// it is the reference, not compiled in or without double lanes.
VectorRowKernels SelectVectorRowKernels(aclDataType input, int64_t kernel_target);

}  // namespace openaclnn::cross_entropy

#endif  // OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_ROWS_HWY_H_
