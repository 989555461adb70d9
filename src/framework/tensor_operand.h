// Adapts an aclTensor to the iteration engine's operand view.
#ifndef OPENACLNN_FRAMEWORK_TENSOR_OPERAND_H_
#define OPENACLNN_FRAMEWORK_TENSOR_OPERAND_H_

#include <cstddef>
#include <cstdint>

#include "core/dtype.h"
#include "core/tensor.h"
#include "iter/loop_plan.h"

namespace openaclnn {

// The view aliases the tensor's dims and strides: use it before the tensor can be destroyed (in phase 1).
inline iter::OperandView OperandOf(const aclTensor& tensor) {
  iter::OperandView view;
  view.element_bytes = DataTypeSize(tensor.dtype());
  view.base = static_cast<char*>(tensor.data) + tensor.offset * view.element_bytes;
  view.rank = tensor.rank();
  view.dims = tensor.view_dims.data();
  view.strides = tensor.strides.data();
  return view;
}

// The bytes between neighbours along `dim`, 0 where the dimension holds fewer than two elements: such a
// dimension never steps, and the extent check leaves its stride unbounded (its product with the element size
// could overflow).
inline int64_t StrideBytesOf(const aclTensor& tensor, int64_t dim) {
  const auto d = static_cast<size_t>(dim);
  return tensor.view_dims[d] > 1 ? tensor.strides[d] * DataTypeSize(tensor.dtype()) : 0;
}

}  // namespace openaclnn

#endif  // OPENACLNN_FRAMEWORK_TENSOR_OPERAND_H_
