// Streams run launches asynchronously, in order, on their worker; waiters may run queued work themselves, and
// small launches on an idle stream run in the launching thread.
// Internal test: it reaches the Stream behind a handle to hold the queue with a gate task, which no public
// function can do, then drives the operator through the public C API (linked from the same archive).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"  // aclInit and device 0 for the whole binary
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "runtime/device.h"
#include "runtime/env.h"
#include "runtime/stream.h"

namespace openaclnn::runtime {
namespace {

// A contiguous FLOAT / INT64 tensor in its own aclrtMalloc block.
class Buffer {
 public:
  Buffer(std::vector<int64_t> dims, aclDataType dtype, const std::vector<double>& values) {
    const size_t element_bytes = dtype == ACL_INT64 ? 8 : 4;
    const size_t bytes = values.size() * element_bytes;
    EXPECT_EQ(aclrtMalloc(&data_, bytes == 0 ? 1 : bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    for (size_t i = 0; i < values.size(); ++i) {
      if (dtype == ACL_INT64) {
        static_cast<int64_t*>(data_)[i] = static_cast<int64_t>(values[i]);
      } else {
        static_cast<float*>(data_)[i] = static_cast<float>(values[i]);
      }
    }
    tensor_ = aclCreateTensor(dims.data(), dims.size(), dtype, nullptr, 0, ACL_FORMAT_ND, dims.data(), dims.size(),
                              data_);
  }
  ~Buffer() {
    aclDestroyTensor(tensor_);
    aclrtFree(data_);
  }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  aclTensor* get() const { return tensor_; }
  float at(size_t i) const { return static_cast<const float*>(data_)[i]; }

 private:
  void* data_ = nullptr;
  aclTensor* tensor_ = nullptr;
};

// NLL (rows x 3), reduction none, target = row % 3, gradOutput = 1, weight = {1, 2, 3}; out starts at 9.
class Nll {
 public:
  explicit Nll(int64_t rows, bool bad_target = false)
      : rows_(rows),
        grad_({rows}, ACL_FLOAT, std::vector<double>(rows, 1.0)),
        self_({rows, 3}, ACL_FLOAT, std::vector<double>(rows * 3, 0.0)),
        target_({rows}, ACL_INT64, Targets(rows, bad_target)),
        weight_({3}, ACL_FLOAT, {1, 2, 3}),
        total_({1}, ACL_FLOAT, {1}),
        out_({rows, 3}, ACL_FLOAT, std::vector<double>(rows * 3, 9.0)) {}

  aclOpExecutor* Prepare() {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ(aclnnNLLLossBackwardGetWorkspaceSize(grad_.get(), self_.get(), target_.get(), weight_.get(), 0, -100,
                                                   total_.get(), out_.get(), &workspace, &executor),
              0);
    return executor;
  }
  aclnnStatus Launch(aclrtStream stream) { return aclnnNLLLossBackward(nullptr, 0, Prepare(), stream); }

  bool Untouched() const {
    for (int64_t i = 0; i < rows_ * 3; ++i) {
      if (out_.at(i) != 9.0f) {
        return false;
      }
    }
    return true;
  }
  bool Done() const {
    for (int64_t r = 0; r < rows_; ++r) {
      for (int64_t c = 0; c < 3; ++c) {
        const float expected = c == r % 3 ? -static_cast<float>(c + 1) : 0.0f;
        if (out_.at(r * 3 + c) != expected) {
          return false;
        }
      }
    }
    return true;
  }

 private:
  static std::vector<double> Targets(int64_t rows, bool bad) {
    std::vector<double> targets(rows);
    for (int64_t r = 0; r < rows; ++r) {
      targets[r] = static_cast<double>(r % 3);
    }
    if (bad) {
      targets[0] = 3;
    }
    return targets;
  }

  int64_t rows_;
  Buffer grad_, self_, target_, weight_, total_, out_;
};

std::shared_ptr<Stream> StreamOf(aclrtStream handle) {
  Status error;
  std::shared_ptr<Stream> stream = FindStream("test", handle, &error);
  EXPECT_TRUE(stream != nullptr) << error.message();
  return stream;
}

// Holds a stream's queue until Open().
class Gate {
 public:
  Gate() : opened_(promise_.get_future().share()) {}
  ~Gate() { Open(); }
  void Enqueue(Stream& stream) {
    std::shared_future<void> opened = opened_;
    stream.Enqueue([opened] {
      opened.wait();
      return Status::Ok();
    });
  }
  void Open() {
    if (!open_) {
      open_ = true;
      promise_.set_value();
    }
  }

 private:
  std::promise<void> promise_;
  std::shared_future<void> opened_;
  bool open_ = false;
};

// The synchronisation after Nll(rows, bad_target=true) fails naming row 0's target; the next one is clean.
void ExpectBadTargetReportedOnce(aclrtStream handle) {
  EXPECT_NE(aclrtSynchronizeStream(handle), ACL_SUCCESS);
  const char* message = aclGetRecentErrMsg();
  ASSERT_NE(message, nullptr);
  EXPECT_NE(std::string(message).find("target[0] = 3"), std::string::npos) << message;
  EXPECT_EQ(aclrtSynchronizeStream(handle), ACL_SUCCESS);
}

TEST(StreamAsyncTest, LaunchIsQueuedAndRunsOnTheWorker) {
  ASSERT_FALSE(LaunchBlocking()) << "run this binary without OPENACLNN_LAUNCH_BLOCKING";
  aclrtStream handle = nullptr;
  ASSERT_EQ(aclrtCreateStream(&handle), ACL_SUCCESS);
  std::shared_ptr<Stream> stream = StreamOf(handle);
  Nll nll(100);
  Gate gate;
  gate.Enqueue(*stream);
  // Phase 2 returns while the stream is held: the work is queued, not run by the caller.
  ASSERT_EQ(nll.Launch(handle), 0);
  std::atomic<bool> probe_ran{false};
  std::thread::id probe_thread;
  stream->Enqueue([&] {
    probe_thread = std::this_thread::get_id();
    probe_ran.store(true, std::memory_order_release);
    return Status::Ok();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_TRUE(nll.Untouched());
  EXPECT_FALSE(probe_ran.load(std::memory_order_acquire));
  gate.Open();
  // Nobody synchronises: the worker runs the launch and then the probe on its own thread.
  while (!probe_ran.load(std::memory_order_acquire)) {
    std::this_thread::yield();
  }
  EXPECT_NE(probe_thread, std::this_thread::get_id());
  EXPECT_TRUE(nll.Done());
  EXPECT_EQ(aclrtSynchronizeStream(handle), ACL_SUCCESS);
  stream.reset();
  EXPECT_EQ(aclrtDestroyStream(handle), ACL_SUCCESS);
}

TEST(StreamAsyncTest, HostCodeOverlapsQueuedWork) {
  aclrtStream handle = nullptr;
  ASSERT_EQ(aclrtCreateStream(&handle), ACL_SUCCESS);
  std::shared_ptr<Stream> stream = StreamOf(handle);
  Nll nll(1000);
  Gate gate;
  gate.Enqueue(*stream);
  aclOpExecutor* executor = nll.Prepare();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), 0);
  for (int i = 0; i < 20; ++i) {
    ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, handle), 0);
  }
  // Twenty launches are queued behind the gate; host code (this check) runs meanwhile.
  EXPECT_TRUE(nll.Untouched());
  gate.Open();
  EXPECT_EQ(aclrtSynchronizeStream(handle), ACL_SUCCESS);
  EXPECT_TRUE(nll.Done());
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0);
  stream.reset();
  EXPECT_EQ(aclrtDestroyStream(handle), ACL_SUCCESS);
}

TEST(StreamAsyncTest, DestroyWaitsForQueuedWork) {
  aclrtStream handle = nullptr;
  ASSERT_EQ(aclrtCreateStream(&handle), ACL_SUCCESS);
  Nll nll(50);
  Gate gate;
  {
    std::shared_ptr<Stream> stream = StreamOf(handle);
    gate.Enqueue(*stream);
  }
  ASSERT_EQ(nll.Launch(handle), 0);
  std::thread opener([&gate] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    gate.Open();
  });
  EXPECT_EQ(aclrtDestroyStream(handle), ACL_SUCCESS);  // Returns only once the queue has run.
  EXPECT_TRUE(nll.Done());
  opener.join();
}

// A failing launch: a bad target in strict mode (DECISIONS 8, 15).
TEST(StreamAsyncTest, RunFailureIsReportedBySynchronizeWhileQueued) {
  test::ScopedStrictMode strict;
  aclrtStream handle = nullptr;
  ASSERT_EQ(aclrtCreateStream(&handle), ACL_SUCCESS);
  std::shared_ptr<Stream> stream = StreamOf(handle);
  Nll bad(6, /*bad_target=*/true);
  Gate gate;
  gate.Enqueue(*stream);
  ASSERT_EQ(bad.Launch(handle), 0);  // Phase 2 cannot see the bad target.
  gate.Open();
  ExpectBadTargetReportedOnce(handle);
  stream.reset();
  EXPECT_EQ(aclrtDestroyStream(handle), ACL_SUCCESS);
}

TEST(StreamAsyncTest, SmallLaunchOnAnIdleStreamStillReportsFailuresAtSynchronize) {
  test::ScopedStrictMode strict;
  aclrtStream handle = nullptr;
  ASSERT_EQ(aclrtCreateStream(&handle), ACL_SUCCESS);
  Nll good(4);
  Nll bad(4, /*bad_target=*/true);
  // Small work on an idle stream runs in phase 2 itself; its failure still waits for the synchronisation.
  ASSERT_EQ(good.Launch(handle), 0);
  EXPECT_TRUE(good.Done());
  ASSERT_EQ(bad.Launch(handle), 0);
  ExpectBadTargetReportedOnce(handle);
  EXPECT_EQ(aclrtDestroyStream(handle), ACL_SUCCESS);
}

// ---------------------------------------------------------------------------------------------------------------
// The Stream class itself.

TEST(StreamTest, TasksRunInEnqueueOrderAcrossThreadsAndWaiters) {
  Stream stream(/*launch_blocking=*/false);
  std::vector<std::pair<int, int>> log;  // (enqueuing thread, its sequence number), in execution order.
  std::atomic<int> running{0};
  std::atomic<bool> overlapped{false};
  auto enqueue_some = [&](int thread_index, int count) {
    for (int i = 0; i < count; ++i) {
      stream.Enqueue([&, thread_index, i] {
        if (running.fetch_add(1) != 0) {
          overlapped.store(true);
        }
        log.emplace_back(thread_index, i);
        running.fetch_sub(1);
        return Status::Ok();
      });
      if (i % 7 == 0) {
        EXPECT_TRUE(stream.Synchronize().ok());  // Waiters may run tasks themselves.
      }
    }
  };
  std::thread a(enqueue_some, 0, 500);
  std::thread b(enqueue_some, 1, 500);
  a.join();
  b.join();
  EXPECT_TRUE(stream.Synchronize().ok());
  EXPECT_FALSE(overlapped.load());
  ASSERT_EQ(log.size(), 1000u);
  int next[2] = {0, 0};
  for (const auto& [thread_index, i] : log) {
    EXPECT_EQ(i, next[thread_index]) << "thread " << thread_index;  // Each thread's tasks in its order.
    next[thread_index] = i + 1;
  }
  EXPECT_EQ(next[0], 500);
  EXPECT_EQ(next[1], 500);
}

TEST(StreamTest, FirstFailureIsKeptUntilSynchronize) {
  Stream stream(/*launch_blocking=*/false);
  stream.Enqueue([] { return Status::Ok(); });
  stream.Enqueue([] { return Status(507011, "first"); });
  stream.Enqueue([] { return Status(507012, "second"); });
  stream.WaitIdle();  // Does not consume failures.
  const Status first = stream.Synchronize();
  EXPECT_EQ(first.code(), 507011);
  EXPECT_EQ(first.message(), "first");
  EXPECT_TRUE(stream.Synchronize().ok());
}

TEST(StreamTest, ThrowingTaskBecomesAnInternalError) {
  Stream stream(/*launch_blocking=*/false);
  stream.Enqueue([]() -> Status { throw std::runtime_error("boom"); });
  const Status status = stream.Synchronize();
  EXPECT_EQ(status.code(), ACL_ERROR_INTERNAL_ERROR);
  EXPECT_NE(status.message().find("boom"), std::string::npos);
}

TEST(StreamTest, BlockingStreamRunsInTheCaller) {
  Stream stream(/*launch_blocking=*/true);
  std::thread::id ran_on;
  stream.Enqueue([&ran_on] {
    ran_on = std::this_thread::get_id();
    return Status(500001, "kept");
  });
  EXPECT_EQ(ran_on, std::this_thread::get_id());
  EXPECT_EQ(stream.Synchronize().code(), 500001);
}

TEST(StreamTest, HereIfIdleRunsInTheCallerWhenNothingIsPending) {
  Stream stream(/*launch_blocking=*/false);
  std::thread::id ran_on;
  stream.Enqueue(
      [&ran_on] {
        ran_on = std::this_thread::get_id();
        return Status(500002, "kept for the synchronisation");
      },
      Dispatch::kHereIfIdle);
  EXPECT_EQ(ran_on, std::this_thread::get_id());
  EXPECT_EQ(stream.Synchronize().code(), 500002);
  EXPECT_TRUE(stream.Synchronize().ok());
}

TEST(StreamTest, HereIfIdleQueuesBehindPendingWork) {
  Stream stream(/*launch_blocking=*/false);
  Gate gate;
  gate.Enqueue(stream);
  std::atomic<bool> ran{false};
  stream.Enqueue(
      [&ran] {
        ran.store(true, std::memory_order_release);
        return Status::Ok();
      },
      Dispatch::kHereIfIdle);
  // Running it now would overtake the held task: it waits in the queue instead, and Enqueue has returned.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(ran.load(std::memory_order_acquire));
  gate.Open();
  EXPECT_TRUE(stream.Synchronize().ok());
  EXPECT_TRUE(ran.load(std::memory_order_acquire));
}

TEST(StreamTest, RunHereIfIdleRunsInTheCallerAndKeepsTheFailure) {
  Stream stream(/*launch_blocking=*/false);
  std::thread::id ran_on;
  auto task = [&ran_on] {
    ran_on = std::this_thread::get_id();
    return Status(500003, "kept for the synchronisation");
  };
  EXPECT_TRUE(stream.RunHereIfIdle(task));
  EXPECT_EQ(ran_on, std::this_thread::get_id());
  EXPECT_TRUE(stream.Idle());
  const Status failure = stream.Synchronize();
  EXPECT_EQ(failure.code(), 500003);
  EXPECT_EQ(failure.message(), "kept for the synchronisation");
  EXPECT_TRUE(stream.Synchronize().ok());
}

TEST(StreamTest, RunHereIfIdleDeclinesBehindPendingWork) {
  Stream stream(/*launch_blocking=*/false);
  Gate gate;
  gate.Enqueue(stream);
  bool ran = false;
  auto task = [&ran] {
    ran = true;
    return Status::Ok();
  };
  // Running it now would overtake the held task: it is left to the caller to queue.
  EXPECT_FALSE(stream.RunHereIfIdle(task));
  EXPECT_FALSE(ran);
  gate.Open();
  EXPECT_TRUE(stream.Synchronize().ok());
  EXPECT_FALSE(ran);
}

TEST(StreamTest, RunHereIfIdleTurnsAThrowIntoAnInternalError) {
  Stream stream(/*launch_blocking=*/false);
  auto task = []() -> Status { throw std::runtime_error("boom here"); };
  EXPECT_TRUE(stream.RunHereIfIdle(task));
  const Status status = stream.Synchronize();
  EXPECT_EQ(status.code(), ACL_ERROR_INTERNAL_ERROR);
  EXPECT_NE(status.message().find("boom here"), std::string::npos);
}

TEST(StreamTest, DestructorRunsQueuedTasks) {
  std::atomic<int> ran{0};
  {
    Stream stream(/*launch_blocking=*/false);
    for (int i = 0; i < 100; ++i) {
      stream.Enqueue([&ran] {
        ran.fetch_add(1);
        return Status::Ok();
      });
    }
  }
  EXPECT_EQ(ran.load(), 100);
}

// ACL_STOP_ON_FAILURE: after a failed task the stream runs nothing more, and reports the skipped tasks;
// ACL_CONTINUE_ON_FAILURE (the default) runs them.
TEST(StreamFailureModeTest, StopOnFailureSkipsLaterTasks) {
  for (const bool stop : {true, false}) {
    aclrtStream handle = nullptr;
    ASSERT_EQ(aclrtCreateStream(&handle), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetStreamFailureMode(handle, stop ? ACL_STOP_ON_FAILURE : ACL_CONTINUE_ON_FAILURE), ACL_SUCCESS);
    std::shared_ptr<Stream> stream = StreamOf(handle);
    std::atomic<int> ran{0};
    stream->Enqueue([] { return Status(ACL_ERROR_RT_AICORE_EXCEPTION, "injected failure"); });
    stream->Enqueue([&ran] {
      ran.fetch_add(1);
      return Status::Ok();
    });
    EXPECT_EQ(stream->Synchronize().code(), ACL_ERROR_RT_AICORE_EXCEPTION);
    stream->Enqueue([&ran] {
      ran.fetch_add(1);
      return Status::Ok();
    });
    // A small launch run in the calling thread follows the same rule.
    stream->WaitIdle();  // Keeps the failure for the synchronisation below.
    auto here = [&ran] {
      ran.fetch_add(1);
      return Status::Ok();
    };
    EXPECT_TRUE(stream->RunHereIfIdle(here));
    const Status later = stream->Synchronize();
    if (stop) {
      EXPECT_EQ(ran.load(), 0);
      EXPECT_EQ(later.code(), ACL_ERROR_RT_STREAM_NOT_COMPLETE);
      EXPECT_NE(later.message().find("ACL_STOP_ON_FAILURE"), std::string::npos) << later.message();
    } else {
      EXPECT_EQ(ran.load(), 3);
      EXPECT_TRUE(later.ok());
    }
    stream.reset();
    EXPECT_EQ(aclrtDestroyStream(handle), ACL_SUCCESS);
  }
}

}  // namespace
}  // namespace openaclnn::runtime
