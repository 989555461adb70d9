// Released handles of every kind (stream, event, context, executor) are refused even after a new object of the
// same kind has been created in the released one's memory, and the new object is left untouched. The allocator
// reuses a freed block of the same size at once, so the test insists that the address really repeats; only
// under a sanitizer's quarantine, where it never does within the attempts, is the check skipped.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "device_tensor.h"
#include "framework/executor.h"
#include "runtime/device.h"
#include "runtime/event.h"
#include "sanitizer_runtime.h"

namespace openaclnn::test {
namespace {

struct Kind {
  std::function<void*()> create;
  std::function<void(void*)> destroy;
  std::function<const void*(void*)> address;
  // Returns the code of a call on the handle (0 when it worked).
  std::function<int(void*)> use;
};

// Creates and releases objects until one lands where a released one was; then checks the stale handle.
void ExpectStaleHandleRefused(const Kind& kind, int stale_code) {
  std::vector<std::pair<void*, const void*>> released;  // (handle, address it had)
  for (int attempt = 0; attempt < 64; ++attempt) {
    void* fresh = kind.create();
    ASSERT_NE(fresh, nullptr);
    const void* fresh_address = kind.address(fresh);
    ASSERT_NE(fresh_address, nullptr);
    for (const auto& [stale, stale_address] : released) {
      if (stale_address != fresh_address) {
        continue;
      }
      EXPECT_NE(stale, fresh) << "a handle was reused";
      EXPECT_EQ(kind.use(stale), stale_code) << "the stale handle acted on the new object";
      EXPECT_NE(TakeErrorMessage(), "");
      EXPECT_EQ(kind.address(fresh), fresh_address) << "the new object was released through the stale handle";
      EXPECT_EQ(kind.use(fresh), 0) << TakeErrorMessage();
      kind.destroy(fresh);
      return;
    }
    released.emplace_back(fresh, fresh_address);
    kind.destroy(fresh);
  }
  if (SanitizerAllocatorRuns()) {
    GTEST_SKIP() << "the sanitizer's allocator quarantines freed memory: no address was reused";
  }
  FAIL() << "no address was reused in 64 attempts";
}

TEST(HandleReuseTest, Streams) {
  Kind kind;
  kind.create = [] {
    aclrtStream stream = nullptr;
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    return stream;
  };
  kind.destroy = [](void* stream) { EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS); };
  kind.address = [](void* stream) -> const void* {
    Status error;
    return runtime::FindStream("test", stream, &error).get();
  };
  kind.use = [](void* stream) { return aclrtSynchronizeStream(stream); };
  ExpectStaleHandleRefused(kind, ACL_ERROR_RT_STREAM_CONTEXT);
  // Destroying through a stale handle is refused too.
  aclrtStream stale = kind.create();
  kind.destroy(stale);
  EXPECT_EQ(aclrtDestroyStream(stale), ACL_ERROR_RT_STREAM_CONTEXT);
  TakeErrorMessage();
}

TEST(HandleReuseTest, Events) {
  Kind kind;
  kind.create = [] {
    aclrtEvent event = nullptr;
    EXPECT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
    return event;
  };
  kind.destroy = [](void* event) { EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS); };
  kind.address = [](void* event) { return runtime::EventObjectAddress(event); };
  kind.use = [](void* event) {
    const int code = aclrtRecordEvent(event, nullptr);
    return code != ACL_SUCCESS ? code : aclrtSynchronizeEvent(event);
  };
  ExpectStaleHandleRefused(kind, ACL_ERROR_RT_PARAM_INVALID);
}

TEST(HandleReuseTest, Contexts) {
  aclrtContext primary = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&primary), ACL_SUCCESS);
  Kind kind;
  kind.create = [primary] {
    aclrtContext context = nullptr;
    EXPECT_EQ(aclrtCreateContext(&context, 0), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetCurrentContext(primary), ACL_SUCCESS);
    return context;
  };
  kind.destroy = [](void* context) { EXPECT_EQ(aclrtDestroyContext(context), ACL_SUCCESS); };
  kind.address = [](void* context) { return runtime::ContextObjectAddress(context); };
  kind.use = [primary](void* context) {
    const int code = aclrtSetCurrentContext(context);
    aclrtSetCurrentContext(primary);
    return code;
  };
  ExpectStaleHandleRefused(kind, ACL_ERROR_RT_PARAM_INVALID);
}

// A BCE backward phase 1 on four floats (workspace 0), kept repeatable so it can be used more than once.
class BceExecutors {
 public:
  BceExecutors()
      : grad_({4}, ACL_FLOAT), self_({4}, ACL_FLOAT), target_({4}, ACL_FLOAT), out_({4}, ACL_FLOAT) {
    grad_.Fill({1, 1, 1, 1});
    self_.Fill({0.25, 0.5, 0.75, 0.5});
    target_.Fill({0, 1, 0, 1});
  }
  void* Create() {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad_.get(), self_.get(), target_.get(), nullptr, 0,
                                                               out_.get(), &workspace, &executor),
              0);
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(executor), 0);
    return executor;
  }
  int Run(void* executor) {
    const int code = aclnnBinaryCrossEntropyBackward(nullptr, 0, static_cast<aclOpExecutor*>(executor), nullptr);
    return code != 0 ? code : aclrtSynchronizeStream(nullptr);
  }

 private:
  DeviceTensor grad_;
  DeviceTensor self_;
  DeviceTensor target_;
  DeviceTensor out_;
};

TEST(HandleReuseTest, Executors) {
  BceExecutors executors;
  Kind kind;
  kind.create = [&executors] { return executors.Create(); };
  kind.destroy = [](void* executor) {
    EXPECT_EQ(aclDestroyAclOpExecutor(static_cast<aclOpExecutor*>(executor)), 0);
  };
  kind.address = [](void* executor) -> const void* { return FindExecutor(static_cast<aclOpExecutor*>(executor)).get(); };
  kind.use = [&executors](void* executor) { return executors.Run(executor); };
  ExpectStaleHandleRefused(kind, ACLNN_ERR_PARAM_INVALID);
}

}  // namespace
}  // namespace openaclnn::test
