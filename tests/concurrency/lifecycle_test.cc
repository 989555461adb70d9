// Streams and the device going away while work and resources are live: a stream destroyed with queued work,
// aclrtResetDevice and aclFinalize with queued streams, memory and executors, and both racing threads that are
// synchronising. Nothing may hang, crash, leak or touch freed memory (the asan and tsan presets run this too).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "acl_environment.h"
#include "launch_case.h"
#include "thread_harness.h"

namespace openaclnn::test {
namespace {

std::vector<std::unique_ptr<LaunchCase>> MakeCases(uint64_t first_seed, int count) {
  std::vector<std::unique_ptr<LaunchCase>> cases;
  for (int i = 0; i < count; ++i) {
    cases.push_back(std::make_unique<LaunchCase>(first_seed + static_cast<uint64_t>(i)));
  }
  return cases;
}

void ExpectAllCorrect(const std::vector<std::unique_ptr<LaunchCase>>& cases) {
  for (const auto& launched : cases) {
    EXPECT_EQ(launched->Check(), "");
  }
}

aclrtStream NewStream() {
  aclrtStream stream = nullptr;
  EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS) << TakeErrorMessage();
  return stream;
}

TEST(StreamLifecycleTest, DestroyedStreamFinishesItsQueuedWork) {
  aclrtStream stream = NewStream();
  std::vector<std::unique_ptr<LaunchCase>> cases = MakeCases(500, 24);
  for (auto& launched : cases) {
    ASSERT_EQ(launched->Launch(stream), 0) << launched->name() << ": " << TakeErrorMessage();
  }
  ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS) << TakeErrorMessage();
  ExpectAllCorrect(cases);
  EXPECT_NE(aclrtSynchronizeStream(stream), ACL_SUCCESS);  // The handle is gone.
  EXPECT_NE(TakeErrorMessage().find("aclrtSynchronizeStream"), std::string::npos);
}

TEST(StreamLifecycleTest, ThreadsCreateLaunchAndDestroyStreams) {
  Failures failures;
  RunOnThreads(6, [&](int thread) {
    for (int round = 0; round < 6; ++round) {
      aclrtStream stream = nullptr;
      if (aclrtCreateStream(&stream) != ACL_SUCCESS) {
        failures.Add("aclrtCreateStream failed: " + TakeErrorMessage());
        return;
      }
      std::vector<std::unique_ptr<LaunchCase>> cases = MakeCases(600 + 100 * thread + 10 * round, 3);
      for (auto& launched : cases) {
        if (launched->Launch(stream) != 0) {
          failures.Add(launched->name() + ": " + TakeErrorMessage());
        }
      }
      if (aclrtDestroyStream(stream) != ACL_SUCCESS) {
        failures.Add("aclrtDestroyStream failed: " + TakeErrorMessage());
      }
      for (const auto& launched : cases) {
        const std::string mismatch = launched->Check();
        if (!mismatch.empty()) {
          failures.Add(mismatch);
        }
      }
    }
  });
  EXPECT_EQ(failures.Summary(), "");
}

// The last aclrtResetDevice drains and releases every stream (docs/ARCHITECTURE.md); memory and executors stay.
TEST(DeviceLifecycleTest, ResetDeviceWithQueuedStreamsMemoryAndExecutors) {
  aclrtStream first = NewStream();
  aclrtStream second = NewStream();
  std::vector<std::unique_ptr<LaunchCase>> queued = MakeCases(700, 12);
  for (size_t i = 0; i < queued.size(); ++i) {
    ASSERT_EQ(queued[i]->Launch(i % 3 == 2 ? nullptr : (i % 3 == 0 ? first : second)), 0) << TakeErrorMessage();
  }
  LaunchCase single_use(720);
  LaunchCase repeatable(721);
  ASSERT_EQ(single_use.Prepare(), 0) << TakeErrorMessage();
  ASSERT_EQ(repeatable.Prepare(/*repeatable=*/true), 0) << TakeErrorMessage();
  void* block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 4096, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);

  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS) << TakeErrorMessage();
  ExpectAllCorrect(queued);
  EXPECT_NE(aclrtSynchronizeStream(first), ACL_SUCCESS);
  EXPECT_NE(aclrtDestroyStream(second), ACL_SUCCESS);
  EXPECT_NE(aclrtCreateStream(&first), ACL_SUCCESS);  // No device is open now.
  EXPECT_NE(TakeErrorMessage(), "");

  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << TakeErrorMessage();
  ScopedStream fresh;
  ASSERT_EQ(single_use.Run(fresh.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(repeatable.Run(fresh.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(fresh.get()), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(single_use.Check(), "");
  EXPECT_EQ(repeatable.Check(), "");
  EXPECT_EQ(repeatable.DestroyExecutor(), 0) << TakeErrorMessage();
  EXPECT_EQ(aclrtFree(block), ACL_SUCCESS) << TakeErrorMessage();
}

TEST(DeviceLifecycleTest, ResetDeviceWhileAnotherThreadSynchronises) {
  aclrtStream stream = NewStream();
  std::vector<std::unique_ptr<LaunchCase>> queued = MakeCases(800, 16);
  for (auto& launched : queued) {
    ASSERT_EQ(launched->Launch(stream), 0) << TakeErrorMessage();
  }
  std::atomic<bool> reset_done{false};
  Failures failures;
  RunOnThreads(3, [&](int thread) {
    if (thread == 0) {
      if (aclrtResetDevice(0) != ACL_SUCCESS) {
        failures.Add("aclrtResetDevice failed: " + TakeErrorMessage());
      }
      reset_done.store(true);
      return;
    }
    // Until the reset is seen: each call either succeeds or reports the released stream, never hangs.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!reset_done.load() && std::chrono::steady_clock::now() < deadline) {
      const aclError status = thread == 1 ? aclrtSynchronizeStream(stream) : aclrtSynchronizeDevice();
      const std::string message = TakeErrorMessage();
      if (status != ACL_SUCCESS && message.empty()) {
        failures.Add("a failed synchronisation left no message");
      }
    }
  });
  EXPECT_EQ(failures.Summary(), "");
  ExpectAllCorrect(queued);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << TakeErrorMessage();
}

// aclFinalize drains every stream before it frees every block still allocated: queued kernels never write freed
// memory (the asan preset would report it), and the released handles are refused afterwards.
TEST(DeviceLifecycleTest, FinalizeWithQueuedStreamsMemoryAndExecutors) {
  aclrtStream stream = NewStream();
  std::vector<std::unique_ptr<LaunchCase>> queued = MakeCases(900, 12);
  for (size_t i = 0; i < queued.size(); ++i) {
    ASSERT_EQ(queued[i]->Launch(i % 2 == 0 ? stream : nullptr), 0) << TakeErrorMessage();
  }
  auto prepared = std::make_unique<LaunchCase>(920);
  ASSERT_EQ(prepared->Prepare(/*repeatable=*/true), 0) << TakeErrorMessage();
  void* device_block = nullptr;
  void* host_block = nullptr;
  ASSERT_EQ(aclrtMalloc(&device_block, 1 << 21, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMallocHost(&host_block, 100), ACL_SUCCESS);

  ASSERT_EQ(aclFinalize(), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_NE(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_NE(aclrtFree(device_block), ACL_SUCCESS);    // Freed by aclFinalize: refused, not freed twice.
  EXPECT_NE(aclrtFreeHost(host_block), ACL_SUCCESS);
  EXPECT_EQ(prepared->DestroyExecutor(), 0) << TakeErrorMessage();  // Executors outlive the runtime.
  // The cases' memory went with aclFinalize: release their descriptors before any new block can reuse the
  // addresses their destructors would free.
  queued.clear();
  prepared.reset();
  TakeErrorMessage();

  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS) << TakeErrorMessage();
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << TakeErrorMessage();
  ScopedStream fresh;
  LaunchCase after(930);
  ASSERT_EQ(after.Launch(fresh.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(fresh.get()), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(after.Check(), "");
}

// A thread still synchronising a stream while another finalises: the stream's queued work must be finished before
// memory is freed, whoever ends up holding the stream last.
TEST(DeviceLifecycleTest, FinalizeWhileAnotherThreadSynchronises) {
  aclrtStream stream = NewStream();
  std::vector<std::unique_ptr<LaunchCase>> queued = MakeCases(1000, 16);
  for (auto& launched : queued) {
    ASSERT_EQ(launched->Launch(stream), 0) << TakeErrorMessage();
  }
  std::atomic<bool> finalized{false};
  Failures failures;
  RunOnThreads(2, [&](int thread) {
    if (thread == 0) {
      if (aclFinalize() != ACL_SUCCESS) {
        failures.Add("aclFinalize failed: " + TakeErrorMessage());
      }
      finalized.store(true);
      return;
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!finalized.load() && std::chrono::steady_clock::now() < deadline) {
      aclrtSynchronizeStream(stream);
      TakeErrorMessage();
    }
  });
  EXPECT_EQ(failures.Summary(), "");
  queued.clear();  // Their memory went with aclFinalize.
  TakeErrorMessage();
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS) << TakeErrorMessage();
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << TakeErrorMessage();
}

}  // namespace
}  // namespace openaclnn::test
