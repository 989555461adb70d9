// OPENACLNN_LAUNCH_BLOCKING=1 (set by ctest for this binary): launches complete inside phase 2, in the calling
// thread, and failures are still returned by the next synchronisation. Internal test, to see which thread runs.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"  // aclInit and device 0 for the whole binary
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "runtime/device.h"
#include "runtime/env.h"
#include "runtime/stream.h"

namespace openaclnn::runtime {
namespace {

// The NLL of the operator document (2 x 3), target given, out pre-filled with 5.
struct DocumentCall {
  explicit DocumentCall(std::vector<int64_t> targets) {
    const int64_t n = 2;
    const int64_t c = 3;
    Allocate(&grad, {n}, ACL_FLOAT, 4);
    Allocate(&self, {n, c}, ACL_FLOAT, 4);
    Allocate(&target, {n}, ACL_INT64, 8);
    Allocate(&weight, {c}, ACL_FLOAT, 4);
    Allocate(&total, {1}, ACL_FLOAT, 4);
    Allocate(&out, {n, c}, ACL_FLOAT, 4);
    const float g[] = {3.1f, 6.5f};
    const float w[] = {1.1f, 1.2f, 1.3f};
    for (int i = 0; i < 2; ++i) {
      static_cast<float*>(grad.data)[i] = g[i];
      static_cast<int64_t*>(target.data)[i] = targets[i];
    }
    for (int i = 0; i < 3; ++i) {
      static_cast<float*>(weight.data)[i] = w[i];
    }
    static_cast<float*>(total.data)[0] = 1.0f;
    for (int i = 0; i < 6; ++i) {
      static_cast<float*>(out.data)[i] = 5.0f;
      static_cast<float*>(self.data)[i] = 0.0f;
    }
  }
  ~DocumentCall() {
    for (Piece* piece : {&grad, &self, &target, &weight, &total, &out}) {
      aclDestroyTensor(piece->tensor);
      aclrtFree(piece->data);
    }
  }

  aclnnStatus Launch(aclrtStream stream) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus status = aclnnNLLLossBackwardGetWorkspaceSize(
        grad.tensor, self.tensor, target.tensor, weight.tensor, 0, -100, total.tensor, out.tensor, &workspace,
        &executor);
    return status != 0 ? status : aclnnNLLLossBackward(nullptr, 0, executor, stream);
  }
  float Out(int i) const { return static_cast<const float*>(out.data)[i]; }

  struct Piece {
    void* data = nullptr;
    aclTensor* tensor = nullptr;
  };
  static void Allocate(Piece* piece, std::vector<int64_t> dims, aclDataType dtype, size_t element_bytes) {
    size_t count = 1;
    for (int64_t d : dims) {
      count *= static_cast<size_t>(d);
    }
    ASSERT_EQ(aclrtMalloc(&piece->data, count * element_bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    piece->tensor = aclCreateTensor(dims.data(), dims.size(), dtype, nullptr, 0, ACL_FORMAT_ND, dims.data(),
                                    dims.size(), piece->data);
  }
  Piece grad, self, target, weight, total, out;
};

TEST(LaunchBlockingTest, TheVariableIsSet) {
  ASSERT_TRUE(LaunchBlocking()) << "ctest sets OPENACLNN_LAUNCH_BLOCKING=1 for this binary";
}

TEST(LaunchBlockingTest, Phase2ReturnsWithTheWorkDone) {
  aclrtStream created = nullptr;
  ASSERT_EQ(aclrtCreateStream(&created), ACL_SUCCESS);
  for (aclrtStream stream : {static_cast<aclrtStream>(nullptr), created}) {  // The default stream and another.
    DocumentCall call({0, 2});
    ASSERT_EQ(call.Launch(stream), 0);
    // No synchronisation yet: the result is already there.
    EXPECT_EQ(call.Out(0), -(3.1f * 1.1f));
    EXPECT_EQ(call.Out(1), 0.0f);
    EXPECT_EQ(call.Out(5), -(6.5f * 1.3f));
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  }
  EXPECT_EQ(aclrtDestroyStream(created), ACL_SUCCESS);
}

TEST(LaunchBlockingTest, TasksRunInTheLaunchingThread) {
  aclrtStream handle = nullptr;
  ASSERT_EQ(aclrtCreateStream(&handle), ACL_SUCCESS);
  Status error;
  std::shared_ptr<Stream> stream = FindStream("test", handle, &error);
  ASSERT_TRUE(stream != nullptr) << error.message();
  std::thread::id ran_on;
  stream->Enqueue([&ran_on] {
    ran_on = std::this_thread::get_id();
    return Status::Ok();
  });
  EXPECT_EQ(ran_on, std::this_thread::get_id());
  stream.reset();
  EXPECT_EQ(aclrtDestroyStream(handle), ACL_SUCCESS);
}

TEST(LaunchBlockingTest, FailuresWaitForTheNextSynchronization) {
  test::ScopedStrictMode strict;  // A bad target fails the run only in strict mode (DECISIONS 8).
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  DocumentCall call({0, 4});
  ASSERT_EQ(call.Launch(stream), 0);  // The bad target is found while running, inside this call...
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
  EXPECT_EQ(call.Out(3), 0.0f);  // ...its row left zero...
  EXPECT_NE(aclrtSynchronizeStream(stream), ACL_SUCCESS);  // ...and reported here.
  const char* message = aclGetRecentErrMsg();
  ASSERT_NE(message, nullptr);
  EXPECT_NE(std::string(message).find("target[1] = 4"), std::string::npos) << message;
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);

  ASSERT_EQ(call.Launch(stream), 0);
  EXPECT_NE(aclrtSynchronizeDevice(), ACL_SUCCESS);  // Device synchronisation reports it too.
  aclGetRecentErrMsg();
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

}  // namespace
}  // namespace openaclnn::runtime
