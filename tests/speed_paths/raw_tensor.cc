#include "raw_tensor.h"

#include <cstring>
#include <stdexcept>

namespace openaclnn::test {

int64_t BytesOf(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT16:
    case ACL_BF16:
      return 2;
    case ACL_FLOAT:
    case ACL_INT32:
      return 4;
    case ACL_INT64:
      return 8;
    default:
      return 1;
  }
}

RawTensor::RawTensor(std::vector<int64_t> dims, aclDataType dtype, std::vector<int64_t> strides, int64_t offset,
                     int64_t slack)
    : dims_(std::move(dims)), strides_(std::move(strides)), offset_(offset), dtype_(dtype) {
  if (strides_.empty()) {
    strides_.assign(dims_.size(), 1);
    for (size_t d = dims_.size(); d-- > 1;) {
      strides_[d - 1] = strides_[d] * dims_[d];
    }
  }
  int64_t last = offset_;
  for (size_t d = 0; d < dims_.size(); ++d) {
    last += (dims_[d] - 1) * strides_[d];
  }
  const int64_t storage_elements = last + 1 + slack;
  storage_bytes_ = storage_elements * BytesOf(dtype_);
  if (aclrtMalloc(&device_, static_cast<size_t>(storage_bytes_), ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    throw std::runtime_error("aclrtMalloc failed");
  }
  FillStorage(0);
  const int64_t storage_dims[1] = {storage_elements};
  tensor_ = aclCreateTensor(dims_.data(), dims_.size(), dtype_, strides_.data(), offset_, ACL_FORMAT_ND,
                            storage_dims, 1, device_);
  if (tensor_ == nullptr) {
    throw std::runtime_error("aclCreateTensor failed");
  }
}

RawTensor::~RawTensor() {
  aclDestroyTensor(tensor_);
  aclrtFree(device_);
}

int64_t RawTensor::numel() const {
  int64_t count = 1;
  for (int64_t dim : dims_) {
    count *= dim;
  }
  return count;
}

void RawTensor::SetBits(const std::vector<uint64_t>& bits) {
  if (static_cast<int64_t>(bits.size()) != numel()) {
    throw std::runtime_error("RawTensor::SetBits: wrong element count");
  }
  std::vector<uint8_t> host = Storage();
  const int64_t element_bytes = BytesOf(dtype_);
  std::vector<int64_t> index(dims_.size(), 0);
  for (int64_t i = 0; i < numel(); ++i) {
    int64_t element = offset_;
    for (size_t d = 0; d < dims_.size(); ++d) {
      element += index[d] * strides_[d];
    }
    std::memcpy(host.data() + element * element_bytes, &bits[static_cast<size_t>(i)],
                static_cast<size_t>(element_bytes));  // Little-endian: the low bytes.
    for (size_t d = dims_.size(); d-- > 0;) {
      if (++index[d] < dims_[d]) {
        break;
      }
      index[d] = 0;
    }
  }
  if (aclrtMemcpy(device_, static_cast<size_t>(storage_bytes_), host.data(), host.size(),
                  ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) {
    throw std::runtime_error("aclrtMemcpy to device failed");
  }
}

void RawTensor::FillStorage(uint8_t byte) {
  if (aclrtMemset(device_, static_cast<size_t>(storage_bytes_), byte, static_cast<size_t>(storage_bytes_)) !=
      ACL_SUCCESS) {
    throw std::runtime_error("aclrtMemset failed");
  }
}

std::vector<uint8_t> RawTensor::Storage() const {
  std::vector<uint8_t> host(static_cast<size_t>(storage_bytes_));
  if (aclrtMemcpy(host.data(), host.size(), device_, static_cast<size_t>(storage_bytes_),
                  ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS) {
    throw std::runtime_error("aclrtMemcpy to host failed");
  }
  return host;
}

}  // namespace openaclnn::test
