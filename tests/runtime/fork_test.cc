// fork() after the runtime has started threads: the parent has a stream worker blocked in a host function and
// the kernel thread pool running; the child launches a multi-threaded operator of 8M elements on a new stream,
// checks every value, uses and destroys a stream created before the fork (and the one the parent left busy),
// and exits, all within an alarm, so a hang fails the test instead of stalling it.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <thread>

#include "acl/acl.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "acl_environment.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::test {
namespace {

constexpr int64_t kElements = int64_t{8} << 20;

// BCE backward with reduction none and no weight over kElements floats in device memory.
class LargeBce {
 public:
  LargeBce() {
    const size_t bytes = static_cast<size_t>(kElements) * sizeof(float);
    for (void** block : {&grad_, &self_, &target_, &out_}) {
      EXPECT_EQ(aclrtMalloc(block, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    }
    auto* grad = static_cast<float*>(grad_);
    auto* self = static_cast<float*>(self_);
    auto* target = static_cast<float*>(target_);
    for (int64_t i = 0; i < kElements; ++i) {
      grad[i] = 1.0f + static_cast<float>(i % 3);
      self[i] = 0.125f + 0.0625f * static_cast<float>(i % 11);
      target[i] = static_cast<float>(i % 2);
    }
  }
  ~LargeBce() {
    for (void* block : {grad_, self_, target_, out_}) {
      aclrtFree(block);
    }
  }

  // Both phases on stream and a synchronisation; 0 on success.
  int Run(aclrtStream stream) {
    const int64_t dims[] = {kElements};
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
    if (code == 0) {
      code = aclrtSynchronizeStream(stream);
    }
    for (aclTensor* tensor : tensors) {
      aclDestroyTensor(tensor);
    }
    return code;
  }

  // Elements that differ from g * (x - y) / max(x * (1 - x), 1e-12) by more than a few ulp.
  int64_t Wrong() const {
    const auto* out = static_cast<const float*>(out_);
    int64_t wrong = 0;
    for (int64_t i = 0; i < kElements; ++i) {
      const double g = 1.0 + static_cast<double>(i % 3);
      const double x = 0.125 + 0.0625 * static_cast<double>(i % 11);
      const double y = static_cast<double>(i % 2);
      const double expected = g * (x - y) / (x * (1.0 - x));
      if (std::fabs(out[i] - expected) > 1e-6 * std::fabs(expected)) {
        ++wrong;
      }
    }
    return wrong;
  }

 private:
  void* grad_ = nullptr;
  void* self_ = nullptr;
  void* target_ = nullptr;
  void* out_ = nullptr;
};

std::atomic<bool> gate_open{false};

void WaitForGate(void*) {
  while (!gate_open.load(std::memory_order_acquire)) {
    std::this_thread::yield();
  }
}

// Runs in the child; returns its exit code (0: everything worked).
int ChildMain(aclrtStream idle_before_fork, aclrtStream busy_before_fork) {
  alarm(30);  // A hang ends the child with SIGALRM.
  LargeBce child_case;
  aclrtStream fresh = nullptr;
  if (aclrtCreateStream(&fresh) != ACL_SUCCESS || child_case.Run(fresh) != 0) {
    std::fprintf(stderr, "child: the operator failed: %s\n", aclGetRecentErrMsg());
    return 2;
  }
  if (child_case.Wrong() != 0) {
    std::fprintf(stderr, "child: %lld wrong values\n", static_cast<long long>(child_case.Wrong()));
    return 3;
  }
  if (child_case.Run(idle_before_fork) != 0 || child_case.Wrong() != 0) {
    std::fprintf(stderr, "child: the inherited stream failed: %s\n", aclGetRecentErrMsg());
    return 4;
  }
  // The parent's pending host function is the parent's work: the child's copy of the stream starts empty.
  if (aclrtSynchronizeStream(busy_before_fork) != ACL_SUCCESS ||
      aclrtDestroyStream(busy_before_fork) != ACL_SUCCESS || aclrtDestroyStream(idle_before_fork) != ACL_SUCCESS ||
      aclrtDestroyStream(fresh) != ACL_SUCCESS) {
    std::fprintf(stderr, "child: stream teardown failed: %s\n", aclGetRecentErrMsg());
    return 5;
  }
  return 0;
}

TEST(ForkTest, ChildRunsLargeWorkAndUsesInheritedStreams) {
  ASSERT_GE(openaclnnSetNumThreads(4), 0);  // Several kernel threads even on a small machine.
  LargeBce parent_case;
  aclrtStream idle = nullptr;
  aclrtStream busy = nullptr;
  ASSERT_EQ(aclrtCreateStream(&idle), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&busy), ACL_SUCCESS);
  ASSERT_EQ(parent_case.Run(idle), 0) << TakeErrorMessage();  // Starts the pool's workers and idle's worker.
  ASSERT_EQ(parent_case.Wrong(), 0);
  ASSERT_EQ(aclrtLaunchHostFunc(busy, &WaitForGate, nullptr), ACL_SUCCESS);  // busy's worker is held.

  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    _exit(ChildMain(idle, busy));
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  gate_open.store(true, std::memory_order_release);
  EXPECT_TRUE(WIFEXITED(status)) << "the child was killed by signal " << WTERMSIG(status) << " (SIGALRM: a hang)";
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(aclrtSynchronizeStream(busy), ACL_SUCCESS);  // The parent's work is the parent's.
  EXPECT_EQ(aclrtDestroyStream(busy), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(idle), ACL_SUCCESS);
  openaclnnSetNumThreads(0);
}

}  // namespace
}  // namespace openaclnn::test
