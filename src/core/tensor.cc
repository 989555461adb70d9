#include "core/tensor.h"

#include <limits>

aclDataType aclTensor::dtype() const {
  const bool fits = dtype_value >= openaclnn::kMinEnumValue && dtype_value <= openaclnn::kMaxEnumValue;
  return fits ? static_cast<aclDataType>(dtype_value) : ACL_DT_UNDEFINED;
}

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
