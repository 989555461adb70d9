// Vector row kernels of the softmax family (Highway: one source compiled for every target) for rows that are
// contiguous in every operand, with input and out of one data type (FLOAT, FLOAT16 or BFLOAT16). They perform the
// scalar kernels' operations (softmax_rows.cc) lane by lane in the same order, with each row's sum kept in the
// eight lanes of backend/cpu/reduce.h's LaneAccumulator (one vector of 8 doubles, two of 4 or four of 2), so they
// give the scalar kernels' bits on every target.
//
// Per row they read the input from memory once: the maximum pass brings the row into the cache (or finds it there,
// prefetched during the previous row's compute-bound pass), the later passes find it there. The forwards take a row's float exponentials (DECISIONS 17) at the full float width and add them,
// widened to double, to the eight lane sums in the same pass; softmax also keeps them in a per-thread buffer and
// multiplies them from there by the row's float reciprocal instead of taking them twice. Every output is computed
// in float at the full float width (softmax_rows.h) and out is written once, with streaming stores when the launch
// asks for them.
#ifndef OPENACLNN_OPS_ROW_SOFTMAX_ROWS_HWY_H_
#define OPENACLNN_OPS_ROW_SOFTMAX_ROWS_HWY_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "ops/row/row_walk.h"
#include "ops/row/softmax_rows.h"

namespace openaclnn::row {

// Computes one row and returns true, or returns false without writing anything for a row it leaves to the scalar
// kernel (not contiguous or not aligned to its element size, or a forward row holding a NaN). `next`: the row the
// caller does after this one on this thread (null: none), whose inputs the kernel may prefetch while it computes;
// it reads nothing through it. `stream`: write out with streaming stores (made visible before returning).
using SoftmaxVectorRow = bool (*)(const Rows& rows, const Rows* next, bool stream);

// The vector row kernel of the forward (`backward` false) or backward of `kind` compiled for `kernel_target` (an
// HWY_* bit, backend/cpu/kernel_target.h), or null when that target is not compiled in, has no double lanes, or
// the data types are outside the vector kernels (then the scalar kernel does every row).
SoftmaxVectorRow SelectSoftmaxVectorRow(bool backward, SoftmaxKind kind, aclDataType input, aclDataType out,
                                        int64_t kernel_target);

// Runs of strided rows (row_walk.h's RowRun whose consecutive rows are adjacent in memory, as the rows of a
// dimension that is not innermost) computed side by side, one row per vector lane, with each row's sums in its own
// eight lanes, so each row gets the scalar kernels' bits. Computes the first rows of the run, a whole number of
// lane groups, and returns how many (0 for a run outside these kernels: contiguous rows, steps other than one
// element, misaligned; fewer at a group holding a NaN in a forward row); the caller does the rest row by row.
using SoftmaxVectorRuns = int64_t (*)(const RowRun& run, bool stream);

// As SelectSoftmaxVectorRow, for the runs kernels.
SoftmaxVectorRuns SelectSoftmaxVectorRuns(bool backward, SoftmaxKind kind, aclDataType input, aclDataType out,
                                          int64_t kernel_target);

}  // namespace openaclnn::row

#endif  // OPENACLNN_OPS_ROW_SOFTMAX_ROWS_HWY_H_
