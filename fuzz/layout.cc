#include "layout.h"

#include <cstddef>

namespace openaclnn::fuzz {

int64_t ElementCount(const std::vector<int64_t>& dims) {
  for (int64_t dim : dims) {
    if (dim == 0) {
      return 0;
    }
  }
  int64_t count = 1;
  for (int64_t dim : dims) {
    if (__builtin_mul_overflow(count, dim, &count)) {
      return INT64_MAX;
    }
  }
  return count;
}

ViewReach ReachOf(const ViewLayout& view) {
  for (int64_t dim : view.dims) {
    if (dim == 0) {
      return {};  // Empty (a negative dim never gets this far: aclCreateTensor refuses it).
    }
  }
  constexpr ViewReach kRefused{Reach::kMustBeRefused, 0, 0};
  if (view.data == 0 || view.offset < 0 || view.element_bytes <= 0) {
    return kRefused;
  }
  int64_t last = view.offset;  // Index of the last element reached (strides are non-negative below).
  for (size_t d = 0; d < view.dims.size(); ++d) {
    if (view.dims[d] == 1) {
      continue;
    }
    int64_t span = 0;
    if (view.strides[d] < 0 || __builtin_mul_overflow(view.dims[d] - 1, view.strides[d], &span) ||
        __builtin_add_overflow(last, span, &last)) {
      return kRefused;
    }
  }
  int64_t end_byte = 0;
  uintptr_t end_address = 0;
  if (__builtin_add_overflow(last, 1, &end_byte) || __builtin_mul_overflow(end_byte, view.element_bytes, &end_byte) ||
      __builtin_add_overflow(view.data, static_cast<uintptr_t>(end_byte), &end_address)) {
    return kRefused;
  }
  return {Reach::kBytes, view.data + static_cast<uintptr_t>(view.offset * view.element_bytes), end_address};
}
bool ForEachElement(const ViewLayout& view, int64_t max_elements, const std::function<void(uintptr_t)>& fn) {
  if (ReachOf(view).kind != Reach::kBytes) {
    return false;
  }
  int64_t count = 1;
  for (int64_t dim : view.dims) {
    if (dim > max_elements || (count *= dim) > max_elements) {
      return false;
    }
  }
  std::vector<int64_t> index(view.dims.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t element = view.offset;
    for (size_t d = 0; d < index.size(); ++d) {
      element += index[d] * view.strides[d];
    }
    fn(view.data + static_cast<uintptr_t>(element * view.element_bytes));
    for (size_t d = index.size(); d-- > 0;) {
      if (++index[d] < view.dims[d]) {
        break;
      }
      index[d] = 0;
    }
  }
  return true;
}

}  // namespace openaclnn::fuzz
