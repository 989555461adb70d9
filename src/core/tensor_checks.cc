#include "core/tensor_checks.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"

namespace openaclnn {

Status CheckAddressableLayout(std::string_view api, std::string_view arg, const aclTensor& tensor) {
  if (tensor.data == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR,
                  msg::InvalidArgument(api, arg, "a tensor with a data address", "a NULL data address"));
  }
  if (tensor.offset < 0) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::InvalidArgument(api, arg, "a storage offset >= 0",
                                                                "offset " + std::to_string(tensor.offset)));
  }
  int64_t last_element = tensor.offset;
  for (int64_t d = 0; d < tensor.rank(); ++d) {
    const int64_t stride = tensor.strides[d];
    if (stride < 0) {
      return Status(ACLNN_ERR_PARAM_INVALID,
                    msg::InvalidArgument(api, arg, "strides >= 0",
                                         "strides " + msg::ShapeText(tensor.strides.data(), tensor.rank())));
    }
    int64_t span = 0;
    if (__builtin_mul_overflow(tensor.view_dims[d] - 1, stride, &span) ||
        __builtin_add_overflow(last_element, span, &last_element)) {
      return Status(ACLNN_ERR_PARAM_INVALID,
                    msg::InvalidArgument(api, arg, "an extent (offset + sum of (dim - 1) * stride) within int64",
                                         "shape " + msg::ShapeText(tensor.view_dims.data(), tensor.rank()) +
                                             " with strides " + msg::ShapeText(tensor.strides.data(), tensor.rank())));
    }
  }
  int64_t element_count = 0;  // last_element + 1, which overflows for an offset of INT64_MAX.
  int64_t extent_bytes = 0;
  uintptr_t end_address = 0;
  if (__builtin_add_overflow(last_element, 1, &element_count) ||
      __builtin_mul_overflow(element_count, DataTypeSize(tensor.dtype()), &extent_bytes) ||
      __builtin_add_overflow(reinterpret_cast<uintptr_t>(tensor.data), static_cast<uintptr_t>(extent_bytes),
                             &end_address)) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, arg, "an extent in bytes that fits the address space",
                                       "element extent " + std::to_string(last_element) + " + 1"));
  }
  return Status::Ok();
}

Status CheckElementCount(std::string_view api, std::string_view arg, const aclTensor& tensor) {
  // numel() saturates at INT64_MAX where the product overflows (a count of exactly INT64_MAX could not be
  // iterated either).
  if (tensor.numel() == std::numeric_limits<int64_t>::max()) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, arg, "an element count (product of the dims) within int64",
                                       "shape " + msg::ShapeText(tensor.view_dims.data(), tensor.rank())));
  }
  return Status::Ok();
}

Status CheckSameFormat(std::string_view api, std::string_view arg, const aclTensor& tensor, std::string_view other_arg,
                       const aclTensor& other) {
  if (tensor.format != other.format) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::FormatMismatch(api, arg, tensor.format, other_arg, other.format));
  }
  return Status::Ok();
}

Status CheckNoSelfOverlap(std::string_view api, std::string_view arg, const aclTensor& tensor) {
  struct DimLayout {
    int64_t size;
    int64_t stride;
  };
  // Every output of every call passes here: tensors of the ranks aclCreateTensor accepts need no allocation.
  DimLayout fixed[kMaxCreateRank];
  std::vector<DimLayout> larger;
  DimLayout* dims = fixed;
  if (static_cast<uint64_t>(tensor.rank()) > kMaxCreateRank) {
    larger.resize(static_cast<size_t>(tensor.rank()));
    dims = larger.data();
  }
  int64_t count = 0;
  for (int64_t d = 0; d < tensor.rank(); ++d) {
    if (tensor.view_dims[d] > 1) {
      dims[count++] = {tensor.view_dims[d], tensor.strides[d]};
    }
  }
  std::sort(dims, dims + count, [](const DimLayout& a, const DimLayout& b) { return a.stride < b.stride; });
  int64_t covered = 1;  // Elements spanned by the dimensions with smaller strides.
  for (int64_t i = 0; i < count; ++i) {
    const DimLayout& dim = dims[i];
    if (dim.stride < covered) {
      const std::string got = "shape " + msg::ShapeText(tensor.view_dims.data(), tensor.rank()) + " with strides " +
                              msg::ShapeText(tensor.strides.data(), tensor.rank()) +
                              (dim.stride == 0 ? " (a zero stride)" : " (overlapping)");
      return Status(ACLNN_ERR_PARAM_INVALID,
                    msg::InvalidArgument(api, arg, "an output whose elements do not overlap", got));
    }
    // The extent check of CheckAddressableLayout already bounds this product.
    covered = dim.stride * (dim.size - 1) + covered;
  }
  return Status::Ok();
}

namespace {

thread_local std::vector<CheckedExtent> phase1_extents;
thread_local LiveExtentCheck phase1_check = nullptr;

}  // namespace

namespace internal {

LiveExtentCheck ActiveLiveExtentCheck() { return phase1_check; }

Status VerifyTensorsInLiveMemory(std::string_view api, std::initializer_list<TensorArg> tensors,
                                 LiveExtentCheck check) {
  for (const TensorArg& arg : tensors) {
    if (arg.tensor == nullptr || arg.tensor->empty()) {
      continue;  // Nothing of it is touched.
    }
    const aclTensor& tensor = *arg.tensor;
    // CheckAddressableLayout has bounded these sums and products; the builtins only keep this function safe
    // if a caller forgets it (the extent then saturates and is reported).
    int64_t last = 0;
    bool overflow = false;
    for (int64_t d = 0; d < tensor.rank(); ++d) {
      int64_t span = 0;
      overflow |= __builtin_mul_overflow(tensor.view_dims[d] - 1, tensor.strides[d], &span);
      overflow |= __builtin_add_overflow(last, span, &last);
    }
    const int64_t element_bytes = DataTypeSize(tensor.dtype());
    int64_t offset_bytes = 0;
    int64_t extent_bytes = 0;
    overflow |= __builtin_mul_overflow(tensor.offset, element_bytes, &offset_bytes);
    overflow |= __builtin_mul_overflow(last + 1, element_bytes, &extent_bytes);
    const uintptr_t begin = reinterpret_cast<uintptr_t>(tensor.data) + static_cast<uintptr_t>(offset_bytes);
    const uint64_t bytes = overflow ? UINT64_MAX - begin : static_cast<uint64_t>(extent_bytes);
    OPENACLNN_RETURN_IF_ERROR(check(api, arg.name, begin, bytes));
    phase1_extents.push_back(CheckedExtent{std::string(arg.name), begin, bytes});
  }
  return Status::Ok();
}

}  // namespace internal

void BeginCheckedExtents(LiveExtentCheck check) {
  phase1_extents.clear();
  phase1_check = check;
}

std::vector<CheckedExtent> TakeCheckedExtents() {
  phase1_check = nullptr;
  return std::exchange(phase1_extents, {});
}

Status RecheckExtents(std::string_view api, const std::vector<CheckedExtent>& extents, LiveExtentCheck check) {
  for (const CheckedExtent& extent : extents) {
    OPENACLNN_RETURN_IF_ERROR(check(api, extent.arg, extent.begin, extent.bytes));
  }
  return Status::Ok();
}

}  // namespace openaclnn
