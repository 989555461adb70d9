// aclGetRecentErrMsg() under concurrency: messages belong to the thread whose call failed, so threads that
// fail at the same moment each read exactly their own.
#include <gtest/gtest.h>

#include <string>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "thread_harness.h"

namespace openaclnn::test {
namespace {

constexpr int kThreads = 8;
constexpr int kRounds = 300;

std::string Take() {
  const char* message = aclGetRecentErrMsg();
  return message == nullptr ? std::string() : std::string(message);
}

TEST(ConcurrentErrorMessageTest, EveryThreadReadsOnlyItsOwnMessages) {
  Failures failures;
  RunOnThreads(kThreads, [&](int thread) {
    const int32_t device = 1000 + thread;  // An invalid id that names this thread.
    const std::string own = "is " + std::to_string(device) + ";";
    for (int round = 0; round < kRounds; ++round) {
      if (aclrtSetDevice(device) == ACL_SUCCESS) {
        failures.Add("aclrtSetDevice(" + std::to_string(device) + ") succeeded");
        return;
      }
      // A second failure of another kind: both are pending, newest first.
      const int64_t dims[] = {-static_cast<int64_t>(thread) - 1};
      if (aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr) != nullptr) {
        failures.Add("aclCreateTensor accepted a negative dim");
        return;
      }
      const std::string message = Take();
      const size_t create = message.find("aclCreateTensor");
      const size_t set = message.find("aclrtSetDevice");
      if (create == std::string::npos || set == std::string::npos || create > set ||
          message.find(own) == std::string::npos || message.find("[" + std::to_string(-thread - 1) + "]") ==
                                                           std::string::npos) {
        failures.Add("thread " + std::to_string(thread) + " read: " + message);
        return;
      }
      for (int other = 0; other < kThreads; ++other) {
        if (other != thread && message.find("is " + std::to_string(1000 + other) + ";") != std::string::npos) {
          failures.Add("thread " + std::to_string(thread) + " read another thread's message: " + message);
          return;
        }
      }
      if (!Take().empty()) {
        failures.Add("thread " + std::to_string(thread) + ": messages were not cleared by reading them");
        return;
      }
    }
  });
  EXPECT_EQ(failures.Summary(), "");
}

TEST(ConcurrentErrorMessageTest, ThreadsWithoutFailuresReadNothing) {
  Failures failures;
  RunOnThreads(kThreads, [&](int thread) {
    for (int round = 0; round < kRounds; ++round) {
      if (thread % 2 == 0) {
        aclrtResetDevice(-1);  // Fails: leaves a message on this thread only.
        if (Take().find("aclrtResetDevice") == std::string::npos) {
          failures.Add("a failing thread lost its message");
          return;
        }
      } else if (aclGetRecentErrMsg() != nullptr) {
        failures.Add("a thread without failures read a message");
        return;
      }
    }
  });
  EXPECT_EQ(failures.Summary(), "");
}

}  // namespace
}  // namespace openaclnn::test
