#include "ops/row/row_walk.h"

#include "backend/cpu/parallel.h"
#include "core/dtype.h"
#include "framework/tensor_operand.h"
#include "ops/class_index/class_positions.h"

namespace openaclnn::row {

Rows RowOfRun(const RowRun& run, int64_t i) {
  Rows rows = run.first;
  rows.index += i;
  rows.out += i * run.out_step;
  for (int k = 0; k < kMaxRowOperands; ++k) {
    if (rows.in[k] != nullptr) {
      rows.in[k] += i * run.in_step[k];
    }
  }
  return rows;
}

int64_t NormalizeDim(int64_t dim, int64_t rank) {
  if (rank == 0) {
    return 0;
  }
  return dim < 0 ? dim + rank : dim;
}

RowWalk::RowWalk(const aclTensor& out, const aclTensor* const* inputs, int input_count, int64_t dim)
    : input_count_(input_count) {
  const auto rank = static_cast<int>(out.rank());
  length_ = rank == 0 ? 1 : out.view_dims[static_cast<size_t>(dim)];
  int64_t batch_dims[iter::kMaxLoopDims] = {1};
  int batch_rank = 0;
  for (int d = 0; d < rank; ++d) {
    if (d != dim) {
      batch_dims[batch_rank++] = out.view_dims[static_cast<size_t>(d)];
    }
  }
  rows_ = iter::ElementCountOf(batch_dims, batch_rank);
  const int64_t one = 1;
  iter::LoopPlanBuilder builder(batch_rank == 0 ? &one : batch_dims, batch_rank == 0 ? 1 : batch_rank);
  // Each operand without `dim`: the first element of each of its rows (the same drop as the class dimension of
  // the NLL family's positions).
  class_index::ViewStorage storage[kMaxRowOperands + 1];
  auto add = [&](const aclTensor& tensor, int slot, int64_t* stride) {
    const iter::OperandView view = OperandOf(tensor);
    builder.AddOperand(rank == 0 ? view : class_index::DropClassDim(view, static_cast<int>(dim), &storage[slot]));
    *stride = rank == 0 ? 0 : StrideBytesOf(tensor, dim);
  };
  add(out, 0, &out_stride_);
  for (int k = 0; k < input_count; ++k) {
    add(*inputs[k], k + 1, &in_strides_[k]);
  }
  plan_ = builder.Build(iter::DimPolicy::kCoalesceInLogicalOrder);
}

void RowWalk::Run(int64_t bytes_per_row, RowFn fn) const {
  RunRuns(bytes_per_row, [&](const RowRun& run) {
    for (int64_t i = 0; i < run.count; ++i) {
      fn(RowOfRun(run, i));
    }
  });
}

void RowWalk::RunRuns(int64_t bytes_per_row, RowRunFn fn) const {
  cpu::ParallelFor(rows_, cpu::GrainForBytes(bytes_per_row), [&](int64_t begin, int64_t end) {
    iter::ForEachBlock(plan_, begin, end, [&](const iter::Block& block) {
      RowRun run;
      run.first.length = length_;
      run.first.out_stride = out_stride_;
      run.count = block.inner_size;
      run.out_step = block.inner_stride[0];
      for (int k = 0; k < input_count_; ++k) {
        run.first.in_stride[k] = in_strides_[k];
        run.in_step[k] = block.inner_stride[k + 1];
      }
      for (int64_t j = 0; j < block.outer_size; ++j) {
        run.first.index = block.linear_index + j * block.inner_size;
        run.first.out = block.data[0] + j * block.outer_stride[0];
        for (int k = 0; k < input_count_; ++k) {
          run.first.in[k] = block.data[k + 1] + j * block.outer_stride[k + 1];
        }
        fn(run);
      }
    });
  });
}

}  // namespace openaclnn::row
