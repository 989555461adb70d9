// Checks on a tensor's memory layout that every operator applies before touching its data.
#ifndef OPENACLNN_CORE_TENSOR_CHECKS_H_
#define OPENACLNN_CORE_TENSOR_CHECKS_H_

#include <string_view>

#include "core/status.h"
#include "core/tensor.h"

namespace openaclnn {

// The tensor's data is read or written: it needs a data pointer, a non-negative offset and strides, and an
// extent (offset + sum of (dim - 1) * stride, in bytes) that fits in 64 bits and in the address space.
// 161001 for a NULL data pointer, 161002 otherwise. Call only for non-empty tensors.
Status CheckAddressableLayout(std::string_view api, std::string_view arg, const aclTensor& tensor);

// An output written element by element must not reach one element twice: no zero stride on a dimension of
// size > 1, and no interleaving (sorted by stride, each stride clears the extent of the smaller ones).
Status CheckNoSelfOverlap(std::string_view api, std::string_view arg, const aclTensor& tensor);

}  // namespace openaclnn

#endif  // OPENACLNN_CORE_TENSOR_CHECKS_H_
