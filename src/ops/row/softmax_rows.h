// Row kernels of aclnnSoftmax and aclnnLogSoftmax on the row engine (row_walk.h). Per row: the maximum m (NaN if
// any element is NaN), then S = sum of exp(x - m) in double in a fixed order (element j to lane j % 8 of
// backend/cpu/reduce.h's LaneAccumulator, the lanes combined in its fixed tree), then each output once:
//   softmax:     exp(x - m) / S
//   log-softmax: (x - m) - log(S)     (DECISIONS 19: no finite input gives inf or NaN where the result is finite)
// When self and out are FLOAT, FLOAT16 or BFLOAT16 (DECISIONS 17) the per-element work is in float32: the
// exponentials by det::ExpDiffF (exp(x - m) with the difference taken exactly), widened to double for the sum
// only; then one reciprocal r = float(1 / S) per row and softmax = float(exp(x - m) * r), or one logarithm
// l = float(log(S)) (the deterministic log, backend/cpu/det_math.h, in double) and log-softmax =
// float(float(x - m) - l); each output rounded once from float to out's type. With a DOUBLE self or out every
// step is in double (det::Exp, the division by S, (x - m) - log(S)), rounded once. The exponentials are taken in
// chunks through the array forms (det_math_hwy.h: SIMD on every target, the same bits as the scalar forms). These
// are the reference kernels: softmax_rows_hwy.h has the vector kernels, which give the same bits.
// Log-softmax first rounds its input to out's type, as CANN casts self to out's type before computing.
#ifndef OPENACLNN_OPS_ROW_SOFTMAX_ROWS_H_
#define OPENACLNN_OPS_ROW_SOFTMAX_ROWS_H_

#include "acl/acl_base.h"
#include "ops/row/row_walk.h"

namespace openaclnn::row {

enum class SoftmaxKind { kSoftmax, kLogSoftmax };

// `kernel_target` (backend/cpu/kernel_target.h) chooses the form of exp for whole chunks of a row: the scalar one
// or a Highway target's vector one, which give the same bits (det_math-inl.h), so results never depend on it.
using SoftmaxRowKernel = void (*)(const Rows& rows, int64_t kernel_target);

// The kernel for self's and out's data types (FLOAT, FLOAT16, BFLOAT16, DOUBLE); null if unsupported.
SoftmaxRowKernel SelectSoftmaxRowKernel(SoftmaxKind kind, aclDataType self, aclDataType out);

// Row kernels of the backwards (rows.in[0] = gradOutput g, rows.in[1] = output y of the forward), per row with the
// sum s in the forwards' fixed order in double (each product g_k y_k exact), then each output once:
//   softmax:     out_j = g_j y_j - s y_j          (CANN's form)
//   log-softmax: out_j = g_j - exp(y_j) s
// in float32 with s rounded to float once (exp(y_j) by det::ExpF), or in double when out is DOUBLE (det::Exp),
// each output rounded once to out's type.
// `input` is the type of g and y (FLOAT, FLOAT16, BFLOAT16); out FLOAT, FLOAT16, BFLOAT16 or DOUBLE.
SoftmaxRowKernel SelectSoftmaxBackwardRowKernel(SoftmaxKind kind, aclDataType input, aclDataType out);

}  // namespace openaclnn::row

#endif  // OPENACLNN_OPS_ROW_SOFTMAX_ROWS_H_
