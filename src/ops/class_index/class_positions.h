// The "class index per position" layout shared by the NLL family: self holds one row of C class scores per
// position, target one class index per position. self (C) has one position, self (N, C) N positions and
// self (N, C, H, W) N x H x W positions; the class dimension is self's dimension 1, or 0 for a 1-D self.
// Positions are numbered row-major over self's shape without its class dimension, which is target's shape.
#ifndef OPENACLNN_OPS_CLASS_INDEX_CLASS_POSITIONS_H_
#define OPENACLNN_OPS_CLASS_INDEX_CLASS_POSITIONS_H_

#include <cstdint>
#include <string>

#include "core/tensor.h"
#include "iter/loop_plan.h"

namespace openaclnn::class_index {

struct ClassPositions {
  int rank = 0;                            // Rank of the positions' shape (self's rank - 1).
  int64_t dims[iter::kMaxLoopDims] = {};   // Outermost first.
  int64_t count = 1;                       // Product of dims.
  int64_t classes = 0;                     // C.
  int class_dim = 0;                       // self's class dimension.
};

// The class dimension of a self of rank `rank` (>= 1): 0 for rank 1, else 1.
inline int ClassDimOf(int64_t rank) { return rank == 1 ? 0 : 1; }

// Requires a self of rank 1 to kMaxLoopDims.
ClassPositions PositionsOf(const aclTensor& self);

// Storage for a view that DropClassDim or ClassDimLast makes; it must outlive the view.
struct ViewStorage {
  int64_t dims[iter::kMaxLoopDims] = {};
  int64_t strides[iter::kMaxLoopDims] = {};
};

// `view` (self's layout) without its class dimension: the first element of each position's class row.
iter::OperandView DropClassDim(const iter::OperandView& view, int class_dim, ViewStorage* storage);
// `view` (self's layout) with its class dimension moved innermost: positions outermost first, then the classes.
iter::OperandView ClassDimLast(const iter::OperandView& view, int class_dim, ViewStorage* storage);

// How messages name the target at linear position `position`: "[n]", "[n][h][w]", or "" for a 0-D target.
std::string PositionIndexText(const ClassPositions& positions, int64_t position);

}  // namespace openaclnn::class_index

#endif  // OPENACLNN_OPS_CLASS_INDEX_CLASS_POSITIONS_H_
