// Out of memory at every allocation of whole operator calls (aclnnBinaryCrossEntropyBackward, and aclnnSoftmax
// through the shared C shim, api/operator_shim.h): tensor creation, phase 1, phase 2, the synchronisation, a
// failing call's error message and aclGetRecentErrMsg. This binary replaces operator new so
// that the N-th allocation after arming throws std::bad_alloc, for N = 1, 2, ... until a run needs fewer
// allocations than N; once with that one allocation failing, once with it and every later one failing (memory
// really gone, so the error path itself runs out too). Every run must end with a status code (no crash, no exception out of the C API), a failed
// call must leave a message (or the fixed out-of-memory text), a run that reports success must have computed
// the right values, and the runs together must not leak (live allocations are counted).
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>

#include "acl/acl.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "acl_environment.h"

namespace {

std::atomic<int64_t> countdown{-1};  // > 0: allocations left before the injected failure; -1: disarmed.
std::atomic<bool> injected{false};
std::atomic<bool> persistent{false};  // Once injected, every later allocation fails too (until disarmed).
std::atomic<int64_t> live{0};        // Allocations made through this operator new and not yet deleted.

void* Allocate(size_t bytes) {
  if (persistent.load(std::memory_order_relaxed) && injected.load(std::memory_order_relaxed) &&
      countdown.load(std::memory_order_relaxed) == 0) {
    throw std::bad_alloc();
  }
  if (countdown.load(std::memory_order_relaxed) > 0 && countdown.fetch_sub(1, std::memory_order_relaxed) == 1) {
    injected.store(true, std::memory_order_relaxed);
    throw std::bad_alloc();
  }
  void* pointer = std::malloc(bytes == 0 ? 1 : bytes);
  if (pointer == nullptr) {
    throw std::bad_alloc();
  }
  live.fetch_add(1, std::memory_order_relaxed);
  return pointer;
}

void Release(void* pointer) {
  if (pointer != nullptr) {
    live.fetch_sub(1, std::memory_order_relaxed);
    std::free(pointer);
  }
}

}  // namespace

void* operator new(size_t bytes) { return Allocate(bytes); }
void* operator new[](size_t bytes) { return Allocate(bytes); }
void* operator new(size_t bytes, const std::nothrow_t&) noexcept {
  try {
    return Allocate(bytes);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](size_t bytes, const std::nothrow_t&) noexcept {
  try {
    return Allocate(bytes);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void* pointer) noexcept { Release(pointer); }
void operator delete[](void* pointer) noexcept { Release(pointer); }
void operator delete(void* pointer, size_t) noexcept { Release(pointer); }
void operator delete[](void* pointer, size_t) noexcept { Release(pointer); }
void operator delete(void* pointer, const std::nothrow_t&) noexcept { Release(pointer); }
void operator delete[](void* pointer, const std::nothrow_t&) noexcept { Release(pointer); }

namespace openaclnn::test {
namespace {

constexpr int64_t kElements = 4;

struct Buffers {
  Buffers() {
    for (void** block : {&grad, &self, &target, &out, &softmax_out}) {
      aclrtMalloc(block, kElements * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    }
    const float grads[kElements] = {1, 2, 1, 2};
    const float selves[kElements] = {0.25f, 0.5f, 0.75f, 0.5f};
    const float targets[kElements] = {0, 1, 0, 1};
    for (int64_t i = 0; i < kElements; ++i) {
      static_cast<float*>(grad)[i] = grads[i];
      static_cast<float*>(self)[i] = selves[i];
      static_cast<float*>(target)[i] = targets[i];
    }
  }
  ~Buffers() {
    for (void* block : {grad, self, target, out, softmax_out}) {
      aclrtFree(block);
    }
  }
  bool OutIsRight() const {
    const float expected[kElements] = {1.3333334f, -4.0f, 4.0f, -4.0f};  // g * (x - y) / (x * (1 - x)).
    for (int64_t i = 0; i < kElements; ++i) {
      if (static_cast<const float*>(out)[i] != expected[i]) {
        return false;
      }
    }
    return true;
  }
  // softmax(self) from its formula in double, within 4 float ulps.
  bool SoftmaxIsRight() const {
    const float* x = static_cast<const float*>(self);
    double max = x[0];
    for (int64_t i = 1; i < kElements; ++i) max = std::fmax(max, x[i]);
    double sum = 0.0;
    for (int64_t i = 0; i < kElements; ++i) sum += std::exp(x[i] - max);
    for (int64_t i = 0; i < kElements; ++i) {
      const double expected = std::exp(x[i] - max) / sum;
      if (std::fabs(static_cast<const float*>(softmax_out)[i] - expected) > 4 * 0x1p-24 * expected) {
        return false;
      }
    }
    return true;
  }
  void* grad = nullptr;
  void* self = nullptr;
  void* target = nullptr;
  void* out = nullptr;
  void* softmax_out = nullptr;
};

struct RunResult {
  bool any_failure = false;
  bool message_missing = false;
  bool wrong_values = false;
};

// Phase 1 (given the workspace-size and executor pointers), phase 2 on the default stream and the
// synchronisation: 0 when all three succeeded.
template <typename Phase1>
int RunCall(Phase1 phase1, aclnnStatus (*phase2)(void*, uint64_t, aclOpExecutor*, aclrtStream)) {
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  int code = phase1(&workspace, &executor);
  if (code == 0) {
    code = phase2(nullptr, 0, executor, nullptr);  // Releases it, whatever happens.
    if (code == 0) {
      code = aclrtSynchronizeStream(nullptr);
    }
  }
  return code;
}

// The whole call sequence; every allocation in it may be the injected failure.
RunResult OneRun(Buffers& buffers) {
  RunResult result;
  const int64_t dims[] = {kElements};
  const int64_t strides[] = {1};
  static_cast<float*>(buffers.out)[0] = -1.0f;
  static_cast<float*>(buffers.softmax_out)[0] = -1.0f;
  aclTensor* tensors[5] = {};
  void* data[5] = {buffers.grad, buffers.self, buffers.target, buffers.out, buffers.softmax_out};
  for (int k = 0; k < 5; ++k) {
    tensors[k] = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 1, data[k]);
    result.any_failure = result.any_failure || tensors[k] == nullptr;
  }
  const int bce = RunCall(
      [&tensors](uint64_t* workspace, aclOpExecutor** executor) {
        return aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(tensors[0], tensors[1], tensors[2], nullptr, 0,
                                                               tensors[3], workspace, executor);
      },
      aclnnBinaryCrossEntropyBackward);
  const int softmax = RunCall(
      [&tensors](uint64_t* workspace, aclOpExecutor** executor) {
        return aclnnSoftmaxGetWorkspaceSize(tensors[1], 0, tensors[4], workspace, executor);
      },
      aclnnSoftmax);
  result.wrong_values = (bce == 0 && !buffers.OutIsRight()) || (softmax == 0 && !buffers.SoftmaxIsRight());
  result.any_failure = result.any_failure || bce != 0 || softmax != 0;
  // The error path: calls that fail on purpose leave a message, which is then read.
  uint64_t unused = 0;
  aclOpExecutor* executor = nullptr;
  const int refused = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(tensors[0], tensors[1], tensors[2], nullptr,
                                                                      0, nullptr, &unused, &executor);
  const int softmax_refused = aclnnSoftmaxGetWorkspaceSize(tensors[1], 0, nullptr, &unused, &executor);
  result.any_failure = result.any_failure || refused != 0 || softmax_refused != 0;
  const char* message = aclGetRecentErrMsg();
  result.message_missing = result.any_failure && message == nullptr;
  for (aclTensor* tensor : tensors) {
    if (tensor != nullptr) {
      aclDestroyTensor(tensor);
    }
  }
  return result;
}

class OutOfMemoryTest : public ::testing::TestWithParam<bool> {};

TEST_P(OutOfMemoryTest, EveryAllocationOfACallMayFail) {
  persistent.store(GetParam());
  Buffers buffers;
  ASSERT_FALSE(OneRun(buffers).wrong_values);  // Warm-up: first-use statics, thread-local state.
  ASSERT_FALSE(OneRun(buffers).wrong_values);
  aclGetRecentErrMsg();
  const int64_t live_before = live.load();
  int64_t runs = 0;
  for (int64_t failing = 1;; ++failing) {
    injected.store(false);
    countdown.store(failing);
    const RunResult result = OneRun(buffers);
    countdown.store(-1);
    ++runs;
    EXPECT_FALSE(result.message_missing) << "allocation " << failing << ": a failed call left no message";
    EXPECT_FALSE(result.wrong_values) << "allocation " << failing << ": success reported with wrong values";
    aclGetRecentErrMsg();
    if (!injected.load()) {
      break;  // The run needed fewer than `failing` allocations: every one has been failed once.
    }
    ASSERT_LT(failing, 100000) << "the run never ends";
  }
  aclGetRecentErrMsg();
  EXPECT_GT(runs, 10) << "the injection did not reach the library";
  persistent.store(false);
  // Retained capacities (the error text buffer, the pending list) may differ by a few blocks; a leak on any
  // failure path would grow with every run.
  EXPECT_LE(live.load() - live_before, 8) << "after " << runs << " runs";
}

INSTANTIATE_TEST_SUITE_P(OneOrAllLaterAllocations, OutOfMemoryTest, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& param_info) {
                           return param_info.param ? std::string("AllLater") : std::string("One");
                         });

}  // namespace
}  // namespace openaclnn::test
