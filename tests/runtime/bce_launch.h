// Test helper for the runtime tests: aclnnBinaryCrossEntropyBackward (reduction none, no weight) over float
// tensors in device memory this object owns, so a test can order copies, fills and events around a real
// operator launch and check every output against g * (x - y) / (x * (1 - x)).
#ifndef OPENACLNN_TESTS_RUNTIME_BCE_LAUNCH_H_
#define OPENACLNN_TESTS_RUNTIME_BCE_LAUNCH_H_

#include <cmath>
#include <cstdint>
#include <cstring>

#include "acl/acl.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"

namespace openaclnn::test {

class BceLaunch {
 public:
  explicit BceLaunch(int64_t elements) : elements_(elements) {
    for (void** block : {&grad_, &self_, &target_, &out_}) {
      aclrtMalloc(block, bytes(), ACL_MEM_MALLOC_HUGE_FIRST);
    }
    auto* grad = static_cast<float*>(grad_);
    auto* target = static_cast<float*>(target_);
    for (int64_t i = 0; i < elements_; ++i) {
      grad[i] = 1.0f + static_cast<float>(i % 3);
      target[i] = static_cast<float>(i % 2);
    }
    FillSelf(static_cast<float*>(self_), 0);
  }
  ~BceLaunch() {
    for (void* block : {grad_, self_, target_, out_}) {
      aclrtFree(block);
    }
  }
  BceLaunch(const BceLaunch&) = delete;
  BceLaunch& operator=(const BceLaunch&) = delete;

  size_t bytes() const { return static_cast<size_t>(elements_) * sizeof(float); }
  void* self() const { return self_; }
  void* out() const { return out_; }

  // The input `self` of variant `round` (values in (0, 1)), written into `self` (host or device memory).
  void FillSelf(float* self, int round) const {
    for (int64_t i = 0; i < elements_; ++i) {
      self[i] = SelfValue(i, round);
    }
  }

  // Both phases on stream, not synchronised; 0 on success.
  int Launch(aclrtStream stream) {
    const int64_t dims[] = {elements_};
    const int64_t strides[] = {1};
    aclTensor* tensors[4];
    void* data[4] = {grad_, self_, target_, out_};
    for (int k = 0; k < 4; ++k) {
      tensors[k] = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 1, data[k]);
    }
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    int code = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(tensors[0], tensors[1], tensors[2], nullptr, 0,
                                                               tensors[3], &workspace, &executor);
    if (code == 0) {
      code = aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream);
    }
    for (aclTensor* tensor : tensors) {
      aclDestroyTensor(tensor);
    }
    return code;
  }

  // How many elements of `out` (host-readable) differ from the reference for variant `round` by more than a
  // relative 1e-6.
  int64_t Wrong(const float* out, int round) const {
    int64_t wrong = 0;
    for (int64_t i = 0; i < elements_; ++i) {
      const double g = 1.0 + static_cast<double>(i % 3);
      const double x = SelfValue(i, round);
      const double y = static_cast<double>(i % 2);
      const double expected = g * (x - y) / (x * (1.0 - x));
      if (!(std::fabs(out[i] - expected) <= 1e-6 * std::fabs(expected))) {
        ++wrong;
      }
    }
    return wrong;
  }

 private:
  static float SelfValue(int64_t i, int round) {
    return 0.125f + 0.0625f * static_cast<float>((i + round) % 11);
  }

  int64_t elements_;
  void* grad_ = nullptr;
  void* self_ = nullptr;
  void* target_ = nullptr;
  void* out_ = nullptr;
};

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_RUNTIME_BCE_LAUNCH_H_
