// The one iteration engine of the library. Operators describe their operands as strided views broadcast to
// an iteration shape; the engine turns them into a LoopPlan (dimensions innermost first, byte strides, and as
// the DimPolicy asks: size-1 dimensions dropped, dimensions reordered to follow the output's memory order,
// neighbours coalesced where every operand allows) and walks any linear range of it as 2-D blocks, the contract
// every kernel implements: an inner run of contiguous-in-index elements, repeated over consecutive indices of the
// next dimension.
#ifndef OPENACLNN_ITER_LOOP_PLAN_H_
#define OPENACLNN_ITER_LOOP_PLAN_H_

#include <algorithm>
#include <cstdint>

namespace openaclnn::iter {

inline constexpr int kMaxLoopDims = 8;
inline constexpr int kMaxOperands = 6;

// The element count of a shape (1 for rank 0): 0 when a dimension is 0, whatever the others are (an empty
// tensor's other dimensions may be as large as int64 holds); otherwise the caller's validation has checked that
// the product fits int64.
inline int64_t ElementCountOf(const int64_t* dims, int64_t rank) {
  if (std::find(dims, dims + rank, int64_t{0}) != dims + rank) {
    return 0;
  }
  int64_t count = 1;
  for (int64_t d = 0; d < rank; ++d) {
    count *= dims[d];
  }
  return count;
}

// A strided view of an operand. dims/strides are outermost first, strides in elements.
struct OperandView {
  char* base = nullptr;  // Address of element [0, ..., 0] (storage offset already applied).
  int64_t element_bytes = 0;
  int64_t rank = 0;
  const int64_t* dims = nullptr;
  const int64_t* strides = nullptr;
};

// Storage for the dims and strides of a view that AsColumn extends; it must outlive the view.
struct ColumnStorage {
  int64_t dims[kMaxLoopDims] = {};
  int64_t strides[kMaxLoopDims] = {};
};

// `view` with a trailing dimension of size 1 added: an operand that varies along the rows of a (rows, columns)
// iteration only (a per-row target, say), which AddOperand then broadcasts along the columns. A 0-D view becomes
// (1), which broadcasts along both.
OperandView AsColumn(const OperandView& view, ColumnStorage* storage);

enum class DimPolicy {
  // Free to drop, reorder and merge dimensions: for element-wise operators.
  kReorderAndCoalesce,
  // Drops size-1 dimensions and merges neighbours but never reorders, so linear index i is always the i-th
  // element of the iteration shape in row-major order, whatever the strides: for reductions, whose grouping of
  // additions follows the index and so must not depend on the operands' layout.
  kCoalesceInLogicalOrder,
  // Keeps the iteration shape as given (innermost = last dimension): for operators that need coordinates.
  kKeepDims,
};

struct LoopPlan {
  int ndim = 1;
  int noperands = 0;
  int64_t numel = 0;
  int64_t sizes[kMaxLoopDims] = {1};                   // Innermost first.
  int64_t strides[kMaxOperands][kMaxLoopDims] = {};    // Bytes, innermost first.
  char* base[kMaxOperands] = {};
};

// A 2-D block: outer_size runs of inner_size elements. Element (i, j) of operand k is at
// data[k] + i * inner_stride[k] + j * outer_stride[k]. inner_index / outer_index are the coordinates of the
// block's first element in plan dimensions 0 and 1, and linear_index its linear index in the plan: element (i, j)
// has linear index linear_index + j * inner_size + i (a block of several runs starts at a run's beginning).
// Only operands [0, noperands) are the plan's; the slots past them are null with zero strides.
struct Block {
  int noperands = 0;
  char* data[kMaxOperands] = {};
  int64_t inner_stride[kMaxOperands] = {};
  int64_t outer_stride[kMaxOperands] = {};
  int64_t inner_size = 0;
  int64_t outer_size = 0;
  int64_t inner_index = 0;
  int64_t outer_index = 0;
  int64_t linear_index = 0;
};

// Row `row` of `block` as a block of its own (outer_size 1): for kernels that hand single rows to another kernel.
inline Block RowOf(const Block& block, int64_t row) {
  Block one_row = block;
  for (int k = 0; k < block.noperands; ++k) {
    one_row.data[k] = block.data[k] + row * block.outer_stride[k];
  }
  one_row.outer_index = block.outer_index + row;
  one_row.linear_index = block.linear_index + row * block.inner_size;
  one_row.outer_size = 1;
  return one_row;
}

class LoopPlanBuilder {
 public:
  // The iteration shape, outermost first (rank <= kMaxLoopDims; rank 0 means one element).
  LoopPlanBuilder(const int64_t* shape, int64_t rank);

  // Adds an operand that broadcasts to the iteration shape (checked by the caller's validation).
  // Operand 0 decides the traversal order under kReorderAndCoalesce; make it the output.
  int AddOperand(const OperandView& view);

  LoopPlan Build(DimPolicy policy) const;

 private:
  int rank_;
  int64_t shape_[kMaxLoopDims];  // Outermost first.
  int noperands_ = 0;
  char* base_[kMaxOperands] = {};
  int64_t byte_strides_[kMaxOperands][kMaxLoopDims] = {};  // Aligned with shape_, 0 where broadcast.
};

// Calls fn(const Block&) for blocks covering linear indices [begin, end) of the plan, in order.
template <typename Fn>
void ForEachBlock(const LoopPlan& plan, int64_t begin, int64_t end, Fn&& fn) {
  if (begin >= end) {
    return;
  }
  int64_t coords[kMaxLoopDims] = {};
  int64_t rest = begin;
  for (int d = 0; d < plan.ndim; ++d) {
    coords[d] = rest % plan.sizes[d];
    rest /= plan.sizes[d];
  }
  const int64_t size0 = plan.sizes[0];
  const int64_t size1 = plan.ndim > 1 ? plan.sizes[1] : 1;
  Block block;
  block.noperands = plan.noperands;
  for (int k = 0; k < plan.noperands; ++k) {
    block.inner_stride[k] = plan.strides[k][0];
    block.outer_stride[k] = plan.ndim > 1 ? plan.strides[k][1] : 0;
  }
  int64_t position = begin;
  while (position < end) {
    for (int k = 0; k < plan.noperands; ++k) {
      char* pointer = plan.base[k];
      for (int d = 0; d < plan.ndim; ++d) {
        pointer += coords[d] * plan.strides[k][d];
      }
      block.data[k] = pointer;
    }
    block.inner_index = coords[0];
    block.outer_index = plan.ndim > 1 ? coords[1] : 0;
    block.linear_index = position;
    const int64_t remaining = end - position;
    if (coords[0] == 0 && remaining >= size0 && plan.ndim > 1) {
      const int64_t rows = std::min(size1 - coords[1], remaining / size0);
      block.inner_size = size0;
      block.outer_size = rows;
      coords[1] += rows;
      position += rows * size0;
    } else {
      const int64_t count = std::min(size0 - coords[0], remaining);
      block.inner_size = count;
      block.outer_size = 1;
      coords[0] += count;
      position += count;
    }
    fn(static_cast<const Block&>(block));
    // Carry every full dimension into the next: a run of rows can fill dimension 1 while dimension 0 is back at
    // 0, so the carry cannot stop at the first dimension that is not full.
    for (int d = 0; d + 1 < plan.ndim; ++d) {
      if (coords[d] == plan.sizes[d]) {
        coords[d] = 0;
        ++coords[d + 1];
      }
    }
  }
}

}  // namespace openaclnn::iter

#endif  // OPENACLNN_ITER_LOOP_PLAN_H_
