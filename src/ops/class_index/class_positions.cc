#include "ops/class_index/class_positions.h"

namespace openaclnn::class_index {

ClassPositions PositionsOf(const aclTensor& self) {
  ClassPositions positions;
  positions.class_dim = ClassDimOf(self.rank());
  positions.classes = self.view_dims[static_cast<size_t>(positions.class_dim)];
  for (int64_t d = 0; d < self.rank(); ++d) {
    if (d == positions.class_dim) {
      continue;
    }
    positions.dims[positions.rank++] = self.view_dims[static_cast<size_t>(d)];
  }
  positions.count = iter::ElementCountOf(positions.dims, positions.rank);
  return positions;
}

iter::OperandView DropClassDim(const iter::OperandView& view, int class_dim, ViewStorage* storage) {
  iter::OperandView rows = view;
  int64_t rank = 0;
  for (int64_t d = 0; d < view.rank; ++d) {
    if (d != class_dim) {
      storage->dims[rank] = view.dims[d];
      storage->strides[rank] = view.strides[d];
      ++rank;
    }
  }
  rows.rank = rank;
  rows.dims = storage->dims;
  rows.strides = storage->strides;
  return rows;
}

iter::OperandView ClassDimLast(const iter::OperandView& view, int class_dim, ViewStorage* storage) {
  iter::OperandView moved = DropClassDim(view, class_dim, storage);
  storage->dims[moved.rank] = view.dims[class_dim];
  storage->strides[moved.rank] = view.strides[class_dim];
  moved.rank += 1;
  return moved;
}

std::string PositionIndexText(const ClassPositions& positions, int64_t position) {
  int64_t coords[iter::kMaxLoopDims] = {};
  for (int d = positions.rank - 1; d >= 0; --d) {
    coords[d] = positions.dims[d] > 0 ? position % positions.dims[d] : 0;
    position = positions.dims[d] > 0 ? position / positions.dims[d] : 0;
  }
  std::string text;
  for (int d = 0; d < positions.rank; ++d) {
    text += "[" + std::to_string(coords[d]) + "]";
  }
  return text;
}

}  // namespace openaclnn::class_index
