// Test helper: a strided tensor in device memory whose elements are written as raw bits, so a test can feed
// exact bit patterns (NaN payloads, subnormals, signed zeros) and compare whole storages byte for byte.
#ifndef OPENACLNN_TESTS_SPEED_PATHS_RAW_TENSOR_H_
#define OPENACLNN_TESTS_SPEED_PATHS_RAW_TENSOR_H_

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace openaclnn::test {

int64_t BytesOf(aclDataType dtype);

class RawTensor {
 public:
  // strides empty: contiguous. offset: storage offset in elements. The storage has `slack` spare elements
  // after the view, so writes past the view's end would show.
  RawTensor(std::vector<int64_t> dims, aclDataType dtype, std::vector<int64_t> strides = {}, int64_t offset = 0,
            int64_t slack = 5);
  ~RawTensor();
  RawTensor(const RawTensor&) = delete;
  RawTensor& operator=(const RawTensor&) = delete;

  aclTensor* get() const { return tensor_; }
  int64_t numel() const;

  // Element i (logical row-major order) gets the low BytesOf(dtype) bytes of bits.
  void SetBits(const std::vector<uint64_t>& bits);
  // Every storage byte (view and around it) becomes `byte`.
  void FillStorage(uint8_t byte);
  std::vector<uint8_t> Storage() const;

 private:
  std::vector<int64_t> dims_;
  std::vector<int64_t> strides_;
  int64_t offset_;
  aclDataType dtype_;
  int64_t storage_bytes_ = 0;
  void* device_ = nullptr;
  aclTensor* tensor_ = nullptr;
};

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SPEED_PATHS_RAW_TENSOR_H_
