#include "device_tensor.h"

#include <cstring>
#include <stdexcept>
#include <string>

#include "test_numeric.h"

namespace openaclnn::test {
namespace {

int64_t ElementBytes(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
      return 2;
    case ACL_FLOAT:
    case ACL_INT32:
      return 4;
    case ACL_INT64:
    case ACL_DOUBLE:
      return 8;
    default:
      return 1;
  }
}

template <typename T>
void StoreInteger(uint8_t* at, int64_t value) {
  const auto narrowed = static_cast<T>(value);
  std::memcpy(at, &narrowed, sizeof(narrowed));
}

}  // namespace

std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (size_t i = dims.size(); i-- > 1;) {
    strides[i - 1] = strides[i] * (dims[i] > 0 ? dims[i] : 1);
  }
  return strides;
}

std::vector<int64_t> TransposedStrides(const std::vector<int64_t>& dims) {
  if (dims.size() < 2) {
    return ContiguousStrides(dims);
  }
  std::vector<int64_t> swapped = dims;
  std::swap(swapped[swapped.size() - 1], swapped[swapped.size() - 2]);
  std::vector<int64_t> strides = ContiguousStrides(swapped);
  std::swap(strides[strides.size() - 1], strides[strides.size() - 2]);
  return strides;
}

std::vector<int64_t> PaddedStrides(const std::vector<int64_t>& dims, int64_t pad) {
  std::vector<int64_t> strides(dims.size(), 1);
  int64_t running = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    strides[i] = running;
    running *= (dims[i] > 0 ? dims[i] : 1) + pad;
  }
  return strides;
}

int64_t Numel(const std::vector<int64_t>& dims) {
  int64_t count = 1;
  for (int64_t dim : dims) {
    count *= dim;
  }
  return count;
}

DeviceTensor::DeviceTensor(std::vector<int64_t> dims, aclDataType dtype, Layout layout)
    : dims_(std::move(dims)), dtype_(dtype), layout_(std::move(layout)), element_bytes_(ElementBytes(dtype)) {
  if (layout_.strides.empty()) {
    layout_.strides = ContiguousStrides(dims_);
  }
  int64_t last = layout_.offset;
  for (size_t d = 0; d < dims_.size(); ++d) {
    if (dims_[d] > 0) {
      last += (dims_[d] - 1) * layout_.strides[d];
    }
  }
  storage_elements_ = last + 1 + layout_.slack;
  const size_t bytes = static_cast<size_t>(storage_elements_ * element_bytes_ + layout_.misalign_bytes);
  if (aclrtMalloc(&device_, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    throw std::runtime_error("aclrtMalloc failed for a test tensor");
  }
  std::memset(device_, kSentinelByte, bytes);
  data_ = static_cast<uint8_t*>(device_) + layout_.misalign_bytes;
  const std::vector<int64_t> storage_dims = {storage_elements_};
  tensor_ = aclCreateTensor(dims_.data(), dims_.size(), dtype_, layout_.strides.data(), layout_.offset,
                            ACL_FORMAT_ND, storage_dims.data(), storage_dims.size(), data_);
  if (tensor_ == nullptr) {
    throw std::runtime_error("aclCreateTensor failed for a test tensor");
  }
}

DeviceTensor::~DeviceTensor() {
  aclDestroyTensor(tensor_);
  aclrtFree(device_);
}

std::vector<int64_t> DeviceTensor::ElementOffsets() const {
  const int64_t count = numel();
  std::vector<int64_t> offsets(static_cast<size_t>(count > 0 ? count : 0));
  std::vector<int64_t> index(dims_.size(), 0);
  for (int64_t i = 0; i < count; ++i) {
    int64_t offset = layout_.offset;
    for (size_t d = 0; d < dims_.size(); ++d) {
      offset += index[d] * layout_.strides[d];
    }
    offsets[static_cast<size_t>(i)] = offset;
    for (size_t d = dims_.size(); d-- > 0;) {
      if (++index[d] < dims_[d]) {
        break;
      }
      index[d] = 0;
    }
  }
  return offsets;
}

void DeviceTensor::Fill(const std::vector<double>& values) {
  if (static_cast<int64_t>(values.size()) != numel()) {
    throw std::runtime_error("DeviceTensor::Fill: expected " + std::to_string(numel()) + " values");
  }
  const std::vector<int64_t> offsets = ElementOffsets();
  uint8_t* base = data_;
  for (size_t i = 0; i < values.size(); ++i) {
    StoreElement(dtype_, base + offsets[i] * element_bytes_, values[i]);
  }
}

std::vector<double> DeviceTensor::Read() const {
  const std::vector<int64_t> offsets = ElementOffsets();
  std::vector<double> values(offsets.size());
  const uint8_t* base = data_;
  for (size_t i = 0; i < offsets.size(); ++i) {
    values[i] = LoadElement(dtype_, base + offsets[i] * element_bytes_);
  }
  return values;
}

Layout GridLayout(int kind, const std::vector<int64_t>& dims) {
  Layout layout;
  if (kind == 1 && dims.size() >= 2) layout.strides = TransposedStrides(dims);
  if (kind == 2) {
    layout.strides = PaddedStrides(dims, 2);
    layout.offset = 3;
  }
  return layout;
}

void DeviceTensor::FillIntegers(const std::vector<int64_t>& values) {
  if (static_cast<int64_t>(values.size()) != numel()) {
    throw std::runtime_error("DeviceTensor::FillIntegers: expected " + std::to_string(numel()) + " values");
  }
  const std::vector<int64_t> offsets = ElementOffsets();
  uint8_t* base = data_;
  for (size_t i = 0; i < values.size(); ++i) {
    uint8_t* at = base + offsets[i] * element_bytes_;
    const int64_t v = values[i];
    switch (dtype_) {
      case ACL_INT64: StoreInteger<int64_t>(at, v); break;
      case ACL_INT32: StoreInteger<int32_t>(at, v); break;
      case ACL_INT16: StoreInteger<int16_t>(at, v); break;
      case ACL_INT8: StoreInteger<int8_t>(at, v); break;
      case ACL_BOOL: StoreInteger<uint8_t>(at, v != 0 ? 1 : 0); break;
      default: StoreInteger<uint8_t>(at, v); break;
    }
  }
}

std::vector<int64_t> DeviceTensor::ReadIntegers() const {
  if (dtype_ != ACL_INT64) {
    throw std::runtime_error("DeviceTensor::ReadIntegers: an INT64 tensor only");
  }
  const std::vector<int64_t> offsets = ElementOffsets();
  std::vector<int64_t> values(offsets.size());
  const uint8_t* base = data_;
  for (size_t i = 0; i < offsets.size(); ++i) {
    std::memcpy(&values[i], base + offsets[i] * element_bytes_, 8);
  }
  return values;
}

std::vector<uint8_t> DeviceTensor::Storage() const {
  const uint8_t* base = data_;
  return std::vector<uint8_t>(base, base + storage_elements_ * element_bytes_);
}

bool DeviceTensor::OutsideViewUntouched() const {
  std::vector<bool> inside(static_cast<size_t>(storage_elements_), false);
  for (int64_t offset : ElementOffsets()) {
    inside[static_cast<size_t>(offset)] = true;
  }
  const uint8_t* base = data_;
  for (int64_t e = 0; e < storage_elements_; ++e) {
    if (inside[static_cast<size_t>(e)]) {
      continue;
    }
    for (int64_t b = 0; b < element_bytes_; ++b) {
      if (base[e * element_bytes_ + b] != kSentinelByte) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace openaclnn::test
