// Benchmark helpers: device buffers with aclTensor views, made through the public API, and the two operators'
// calls on them. Shared by the API and kernel benchmark suites.
#ifndef OPENACLNN_BENCH_BENCH_TENSORS_H_
#define OPENACLNN_BENCH_BENCH_TENSORS_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace openaclnn::bench {

class BenchTensor {
 public:
  // Contiguous unless strides are given; storage elements default to the view's element count.
  BenchTensor(std::vector<int64_t> dims, aclDataType dtype, std::vector<int64_t> strides = {}, int64_t storage = -1);
  ~BenchTensor();
  BenchTensor(const BenchTensor&) = delete;
  BenchTensor& operator=(const BenchTensor&) = delete;

  aclTensor* get() const { return tensor_; }
  int64_t bytes() const { return bytes_; }  // Of the storage.
  // Every element set to value (FLOAT, FLOAT16 or BFLOAT16), or target indices i * 7919 % classes
  // (INT64, INT32 or UINT8).
  void FillFloat(float value);
  void FillTargets(int64_t classes);

 private:
  aclDataType dtype_;
  int64_t elements_ = 0;
  int64_t bytes_ = 0;
  void* data_ = nullptr;
  aclTensor* tensor_ = nullptr;
};

// aclnnNLLLossBackward on (rows, classes), reduction mean, with weight.
struct NllProblem {
  NllProblem(int64_t rows, int64_t classes, aclDataType dtype);
  int64_t MovedBytes() const;
  aclOpExecutor* Plan() const;  // Phase 1.
  std::unique_ptr<BenchTensor> self, target, weight, grad, total_weight, out;
};

// aclnnBinaryCrossEntropyBackward on (rows, cols): weight none (0), same shape (1) or per column (2);
// gradOutput full-size for reduction none, scalar otherwise.
struct BceProblem {
  BceProblem(int64_t rows, int64_t cols, aclDataType dtype, int weight_kind, int64_t reduction);
  int64_t MovedBytes() const;
  aclOpExecutor* Plan() const;  // Phase 1.
  int64_t reduction;
  std::unique_ptr<BenchTensor> self, target, grad, weight, out;
};

// aclInit + aclrtSetDevice once per process; the stream benchmarks launch on.
aclrtStream BenchStream();

// "reference" or "best" (the default): the kernels phase 1 chooses.
void UseKernels(bool reference);

}  // namespace openaclnn::bench

#endif  // OPENACLNN_BENCH_BENCH_TENSORS_H_
