#include "core/tensor.h"

#include <limits>

int64_t aclTensor::numel() const {
  int64_t count = 1;
  for (int64_t dim : view_dims) {
    if (dim == 0) {
      return 0;
    }
  }
  for (int64_t dim : view_dims) {
    if (__builtin_mul_overflow(count, dim, &count)) {
      return std::numeric_limits<int64_t>::max();
    }
  }
  return count;
}

bool aclTensor::empty() const {
  for (int64_t dim : view_dims) {
    if (dim == 0) {
      return true;
    }
  }
  return false;
}
