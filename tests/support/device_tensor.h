// Test helper: a tensor in device memory made through the public API (aclrtMalloc + aclCreateTensor), with any
// dims, strides and storage offset. Values are written and read in logical (row-major) order as doubles; the
// storage around the view is filled with a sentinel so tests can check that nothing outside it changed.
#ifndef OPENACLNN_TESTS_SUPPORT_DEVICE_TENSOR_H_
#define OPENACLNN_TESTS_SUPPORT_DEVICE_TENSOR_H_

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace openaclnn::test {

struct Layout {
  std::vector<int64_t> strides;  // Empty: contiguous row-major strides.
  int64_t offset = 0;            // Storage offset in elements.
  int64_t slack = 3;             // Extra elements of storage after the view's last element.
  int64_t misalign_bytes = 0;    // Added to the data address aclCreateTensor gets: 1 leaves every element unaligned.
};

// Contiguous row-major strides of dims.
std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& dims);
// Strides of a tensor stored transposed in its last two dims (column-major in the trailing 2-D block).
std::vector<int64_t> TransposedStrides(const std::vector<int64_t>& dims);
// Strides with every dimension padded by `pad` elements (a slice of a larger tensor).
std::vector<int64_t> PaddedStrides(const std::vector<int64_t>& dims, int64_t pad);

int64_t Numel(const std::vector<int64_t>& dims);

// The layouts the small operator grids walk, by number: 0 contiguous, 1 transposed in the last two dims (rank 2 or
// more; contiguous otherwise), 2 every dimension padded by 2 with a storage offset of 3.
Layout GridLayout(int kind, const std::vector<int64_t>& dims);

class DeviceTensor {
 public:
  DeviceTensor(std::vector<int64_t> dims, aclDataType dtype, Layout layout = {});
  ~DeviceTensor();
  DeviceTensor(const DeviceTensor&) = delete;
  DeviceTensor& operator=(const DeviceTensor&) = delete;

  aclTensor* get() const { return tensor_; }
  const std::vector<int64_t>& dims() const { return dims_; }
  aclDataType dtype() const { return dtype_; }
  int64_t numel() const { return Numel(dims_); }

  // Writes values (logical order, numel() of them) rounded once to the dtype.
  void Fill(const std::vector<double>& values);
  std::vector<double> Read() const;
  // Integers written exactly, each converted to the dtype (INT64, INT32, INT16, INT8, UINT8; BOOL: nonzero is 1);
  // ReadIntegers reads an INT64 tensor exactly.
  void FillIntegers(const std::vector<int64_t>& values);
  std::vector<int64_t> ReadIntegers() const;

  // The whole storage as bytes, to compare before and after a call.
  std::vector<uint8_t> Storage() const;
  // True when every storage byte outside the view's elements still holds the sentinel.
  bool OutsideViewUntouched() const;

 private:
  std::vector<int64_t> ElementOffsets() const;  // Storage element index of each logical element.

  std::vector<int64_t> dims_;
  aclDataType dtype_;
  Layout layout_;
  int64_t element_bytes_;
  int64_t storage_elements_;
  void* device_ = nullptr;
  uint8_t* data_ = nullptr;  // device_ + layout_.misalign_bytes: the storage's first element.
  aclTensor* tensor_ = nullptr;
};

inline constexpr uint8_t kSentinelByte = 0xA5;

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SUPPORT_DEVICE_TENSOR_H_
