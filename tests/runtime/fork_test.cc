// fork() after the runtime has started threads: the parent has a stream worker blocked in a host function and
// the kernel thread pool running; the child launches a multi-threaded operator of 8M elements on a new stream,
// checks every value, uses and destroys a stream created before the fork (and the one the parent left busy),
// and exits, all within an alarm, so a hang fails the test instead of stalling it.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "acl/acl.h"
#include "acl_environment.h"
#include "bce_launch.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::test {
namespace {

constexpr int64_t kElements = int64_t{8} << 20;

// Launches, synchronises and checks; 0 when every value is right.
int RunAndCheck(BceLaunch& launch, aclrtStream stream) {
  if (launch.Launch(stream) != 0 || aclrtSynchronizeStream(stream) != ACL_SUCCESS) {
    return 1;
  }
  return launch.Wrong(static_cast<const float*>(launch.out()), 0) == 0 ? 0 : 2;
}

std::atomic<bool> gate_open{false};

void WaitForGate(void*) {
  while (!gate_open.load(std::memory_order_acquire)) {
    std::this_thread::yield();
  }
}

// Runs in the child; returns its exit code (0: everything worked).
int ChildMain(aclrtStream idle_before_fork, aclrtStream busy_before_fork) {
  alarm(120);  // A hang ends the child with SIGALRM (generous: the arm stage runs under an emulator).
  BceLaunch child_case(kElements);
  aclrtStream fresh = nullptr;
  if (aclrtCreateStream(&fresh) != ACL_SUCCESS || RunAndCheck(child_case, fresh) != 0) {
    std::fprintf(stderr, "child: the operator failed or gave wrong values: %s\n", aclGetRecentErrMsg());
    return 2;
  }
  if (RunAndCheck(child_case, idle_before_fork) != 0) {
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
  if (std::getenv("OPENACLNN_TEST_UNDER_EMULATOR") != nullptr) {
    GTEST_SKIP() << "qemu-user aborts in its own code when a multi-threaded process forks; the native stages run "
                    "this test";
  }
  ASSERT_GE(openaclnnSetNumThreads(4), 0);  // Several kernel threads even on a small machine.
  BceLaunch parent_case(kElements);
  aclrtStream idle = nullptr;
  aclrtStream busy = nullptr;
  ASSERT_EQ(aclrtCreateStream(&idle), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&busy), ACL_SUCCESS);
  ASSERT_EQ(RunAndCheck(parent_case, idle), 0) << TakeErrorMessage();  // Starts the pool's and idle's workers.
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
