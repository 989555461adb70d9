// The one row engine: "rows along a dimension, batch over the rest". Operands of one shape are walked as rows along
// `dim` (any stride, including a transposed or padded one), one row per batch position (every other dimension);
// a batch position is the linear index over the shape without `dim`, row-major. Rows are handed out whole to the
// threads, and a row kernel reduces along its row in index order, so every row reduction (max, sum of exp) is
// done in one fixed order: results are bit-identical for any thread count and kernel target.
#ifndef OPENACLNN_OPS_ROW_ROW_WALK_H_
#define OPENACLNN_OPS_ROW_ROW_WALK_H_

#include <cstdint>

#include "backend/cpu/function_ref.h"
#include "core/tensor.h"
#include "iter/loop_plan.h"

namespace openaclnn::row {

inline constexpr int kMaxRowOperands = 4;

// One row of every operand: its first element and the bytes between consecutive elements.
struct Rows {
  const char* in[kMaxRowOperands] = {};
  char* out = nullptr;
  int64_t in_stride[kMaxRowOperands] = {};
  int64_t out_stride = 0;
  int64_t length = 0;  // Elements in the row (the size of `dim`).
  int64_t index = 0;   // The row's batch position (row-major over the shape without `dim`).
};

using RowFn = cpu::FunctionRef<void(const Rows& rows)>;

// `count` consecutive rows (consecutive batch positions): row r of operand k starts `step` bytes after row r - 1
// (out_step for out, in_step[k] for input k), with `first` the first of them. For kernels that take several rows
// side by side, e.g. the rows of a dimension that is not innermost in memory, whose neighbours are adjacent.
struct RowRun {
  Rows first;
  int64_t count = 0;
  int64_t out_step = 0;
  int64_t in_step[kMaxRowOperands] = {};
};

using RowRunFn = cpu::FunctionRef<void(const RowRun& run)>;

// Row i (in [0, run.count)) of a run (its batch position is first.index + i).
Rows RowOfRun(const RowRun& run, int64_t i);

class RowWalk {
 public:
  // out and the inputs have the same shape (validated); `dim` is in [0, rank) (0 for a 0-D shape, one row of one).
  RowWalk(const aclTensor& out, const aclTensor* const* inputs, int input_count, int64_t dim);

  int64_t rows() const { return rows_; }
  int64_t length() const { return length_; }

  // Calls fn once per row, rows split over the kernel threads; `bytes_per_row` sizes the split.
  void Run(int64_t bytes_per_row, RowFn fn) const;

  // The same rows, split over the threads the same way, handed out as runs of consecutive rows; fn must do each
  // row of a run as Run's fn would (each row whole, on the thread it is given to).
  void RunRuns(int64_t bytes_per_row, RowRunFn fn) const;

 private:
  iter::LoopPlan plan_;  // Over the batch positions: operand 0 is out, then the inputs.
  int input_count_ = 0;
  int64_t rows_ = 0;
  int64_t length_ = 0;
  int64_t out_stride_ = 0;
  int64_t in_strides_[kMaxRowOperands] = {};
};

// dim in [-r, r - 1] (r = max(rank, 1)) to [0, rank); 0 for a 0-D tensor. Requires a valid dim.
int64_t NormalizeDim(int64_t dim, int64_t rank);

}  // namespace openaclnn::row

#endif  // OPENACLNN_OPS_ROW_ROW_WALK_H_
