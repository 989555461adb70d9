// Events, asynchronous copies and fills, host functions, stream queries and timeouts, contexts, the last-error
// calls, runtime options and version queries, through the public C API. The global environment of tests/support
// has called aclInit and aclrtSetDevice(0). A host function that waits on a Gate holds a stream at a known point,
// so "not yet" states are observed deterministically, without timing.
#include <gtest/gtest.h>

#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"

namespace openaclnn::test {
namespace {

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Holds a stream at a host function until Open().
class Gate {
 public:
  static void Wait(void* gate) {
    auto* self = static_cast<Gate*>(gate);
    while (!self->open_.load(std::memory_order_acquire)) {
      std::this_thread::yield();
    }
  }
  void Open() { open_.store(true, std::memory_order_release); }

 private:
  std::atomic<bool> open_{false};
};

// Pinned (aclrtMallocHost) memory, released at scope exit.
class PinnedBuffer {
 public:
  explicit PinnedBuffer(size_t bytes) : bytes_(bytes) {
    EXPECT_EQ(aclrtMallocHost(&data_, bytes), ACL_SUCCESS);
    std::memset(data_, 0, bytes);
  }
  ~PinnedBuffer() { aclrtFreeHost(data_); }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  unsigned char* get() const { return static_cast<unsigned char*>(data_); }
  size_t size() const { return bytes_; }
  bool AllBytes(unsigned char value) const {
    for (size_t i = 0; i < bytes_; ++i) {
      if (get()[i] != value) {
        return false;
      }
    }
    return true;
  }

 private:
  void* data_ = nullptr;
  size_t bytes_;
};

aclrtEventRecordedStatus RecordedStatus(aclrtEvent event) {
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  EXPECT_EQ(aclrtQueryEventStatus(event, &status), ACL_SUCCESS);
  return status;
}

aclrtStreamStatus StreamStatus(aclrtStream stream) {
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  EXPECT_EQ(aclrtStreamQuery(stream, &status), ACL_SUCCESS);
  return status;
}

// ---------------------------------------------------------------------------------------------------------------
// Events.

TEST(EventTest, RecordQuerySynchronize) {
  ScopedStream stream;
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  EXPECT_EQ(RecordedStatus(event), ACL_EVENT_RECORDED_STATUS_NOT_READY);  // Never recorded, as on CANN.
  EXPECT_EQ(aclrtSynchronizeEvent(event), ACL_SUCCESS);                     // Never recorded: at once.

  Gate gate;
  ASSERT_EQ(aclrtLaunchHostFunc(stream.get(), &Gate::Wait, &gate), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(event, stream.get()), ACL_SUCCESS);
  EXPECT_EQ(RecordedStatus(event), ACL_EVENT_RECORDED_STATUS_NOT_READY);
  EXPECT_EQ(StreamStatus(stream.get()), ACL_STREAM_STATUS_NOT_READY);
  EXPECT_EQ(aclrtSynchronizeEventWithTimeout(event, 5), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclrtSynchronizeEventWithTimeout"));
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream.get(), 5), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclrtSynchronizeStreamWithTimeout"));
  gate.Open();
  EXPECT_EQ(aclrtSynchronizeEventWithTimeout(event, -1), ACL_SUCCESS);
  EXPECT_EQ(RecordedStatus(event), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream.get(), -1), ACL_SUCCESS);
  EXPECT_EQ(StreamStatus(stream.get()), ACL_STREAM_STATUS_COMPLETE);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  aclrtEventStatus old_status = ACL_EVENT_STATUS_RESERVED;
  EXPECT_EQ(aclrtQueryEvent(event, &old_status), ACL_SUCCESS);
  EXPECT_EQ(old_status, ACL_EVENT_STATUS_COMPLETE);
#pragma GCC diagnostic pop
  EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
  EXPECT_EQ(TakeErrorMessage(), "");
}

TEST(EventTest, ExEventsReadCompleteBeforeTheirFirstRecord) {
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEventExWithFlag(&event, ACL_EVENT_SYNC), ACL_SUCCESS);
  EXPECT_EQ(RecordedStatus(event), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  ASSERT_EQ(aclrtRecordEvent(event, nullptr), ACL_SUCCESS);  // NULL: the default stream.
  EXPECT_EQ(aclrtSynchronizeEvent(event), ACL_SUCCESS);
  EXPECT_EQ(RecordedStatus(event), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
}

// Stream b waits for an event of stream a; a copy queued on b after the wait sees what a wrote before the record.
TEST(EventTest, StreamWaitEventOrdersTwoStreams) {
  ScopedStream a;
  ScopedStream b;
  PinnedBuffer source(4096);
  PinnedBuffer target(4096);
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC), ACL_SUCCESS);
  Gate gate;
  ASSERT_EQ(aclrtLaunchHostFunc(a.get(), &Gate::Wait, &gate), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(source.get(), source.size(), 0x5a, source.size(), a.get()), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(event, a.get()), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamWaitEvent(b.get(), event), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(target.get(), target.size(), source.get(), source.size(), ACL_MEMCPY_DEVICE_TO_DEVICE,
                             b.get()),
            ACL_SUCCESS);
  aclrtEventWaitStatus wait_status = ACL_EVENT_WAIT_STATUS_RESERVED;
  EXPECT_EQ(aclrtQueryEventWaitStatus(event, &wait_status), ACL_SUCCESS);
  EXPECT_EQ(wait_status, ACL_EVENT_WAIT_STATUS_NOT_READY);
  EXPECT_EQ(StreamStatus(b.get()), ACL_STREAM_STATUS_NOT_READY);
  EXPECT_TRUE(target.AllBytes(0));
  gate.Open();
  ASSERT_EQ(aclrtSynchronizeStream(b.get()), ACL_SUCCESS);
  EXPECT_TRUE(target.AllBytes(0x5a));
  EXPECT_EQ(aclrtQueryEventWaitStatus(event, &wait_status), ACL_SUCCESS);
  EXPECT_EQ(wait_status, ACL_EVENT_WAIT_STATUS_COMPLETE);
  EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
}

TEST(EventTest, ElapsedTimesAreMonotonic) {
  ScopedStream stream;
  constexpr int kEvents = 6;
  std::vector<aclrtEvent> events(kEvents);
  PinnedBuffer buffer(1 << 16);
  for (int i = 0; i < kEvents; ++i) {
    ASSERT_EQ(aclrtCreateEvent(&events[i]), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(buffer.get(), buffer.size(), i, buffer.size(), stream.get()), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(events[i], stream.get()), ACL_SUCCESS);
  }
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  float previous = 0.0f;
  uint64_t previous_stamp = 0;
  for (int i = 0; i < kEvents; ++i) {
    float ms = -1.0f;
    ASSERT_EQ(aclrtEventElapsedTime(&ms, events[0], events[i]), ACL_SUCCESS);
    EXPECT_GE(ms, previous) << i;
    previous = ms;
    uint64_t stamp = 0;
    ASSERT_EQ(aclrtEventGetTimestamp(events[i], &stamp), ACL_SUCCESS);
    EXPECT_GE(stamp, previous_stamp) << i;
    previous_stamp = stamp;
  }
  EXPECT_TRUE(buffer.AllBytes(kEvents - 1));
  for (aclrtEvent event : events) {
    EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
  }
}

TEST(EventTest, ElapsedTimeNeedsCompletedTimedRecords) {
  ScopedStream stream;
  aclrtEvent timed = nullptr;
  aclrtEvent untimed = nullptr;
  aclrtEvent never = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&timed), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateEventWithFlag(&untimed, ACL_EVENT_SYNC), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateEvent(&never), ACL_SUCCESS);
  float ms = 0.0f;
  EXPECT_EQ(aclrtEventElapsedTime(&ms, never, never), ACL_ERROR_RT_INTERNAL_ERROR);  // Never recorded.
  EXPECT_TRUE(Contains(TakeErrorMessage(), "never recorded"));
  Gate gate;
  ASSERT_EQ(aclrtLaunchHostFunc(stream.get(), &Gate::Wait, &gate), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(timed, stream.get()), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(untimed, stream.get()), ACL_SUCCESS);
  EXPECT_EQ(aclrtEventElapsedTime(&ms, timed, timed), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);  // Not complete.
  EXPECT_TRUE(Contains(TakeErrorMessage(), "not completed"));
  gate.Open();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(aclrtEventElapsedTime(&ms, timed, timed), ACL_SUCCESS);
  EXPECT_EQ(ms, 0.0f);
  EXPECT_EQ(aclrtEventElapsedTime(&ms, timed, untimed), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);  // No TIME_LINE.
  EXPECT_TRUE(Contains(TakeErrorMessage(), "ACL_EVENT_TIME_LINE"));
  for (aclrtEvent event : {timed, untimed, never}) {
    EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
  }
}

TEST(EventTest, ResetReturnsTheEventToItsInitialState) {
  ScopedStream stream;
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEventWithFlag(&event, ACL_EVENT_SYNC), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(event, stream.get()), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(RecordedStatus(event), ACL_EVENT_RECORDED_STATUS_COMPLETE);
  ASSERT_EQ(aclrtResetEvent(event, stream.get()), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(RecordedStatus(event), ACL_EVENT_RECORDED_STATUS_NOT_READY);
  EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
}

// Destroying an event whose record is still queued is allowed; the stream finishes normally.
TEST(EventTest, DestroyBeforeCompletion) {
  ScopedStream stream;
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  Gate gate;
  ASSERT_EQ(aclrtLaunchHostFunc(stream.get(), &Gate::Wait, &gate), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(event, stream.get()), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamWaitEvent(nullptr, event), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeEvent(event), ACL_ERROR_RT_PARAM_INVALID);  // Released handle.
  EXPECT_TRUE(Contains(TakeErrorMessage(), "not a live event"));
  gate.Open();
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
}

// ---------------------------------------------------------------------------------------------------------------
// Asynchronous copies and fills, host functions, forced stream teardown.

TEST(AsyncCopyTest, CopiesAndFillsRunInStreamOrder) {
  ScopedStream stream;
  PinnedBuffer first(1 << 20);
  PinnedBuffer second(1 << 20);
  void* device = nullptr;
  ASSERT_EQ(aclrtMalloc(&device, first.size(), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  Gate gate;
  ASSERT_EQ(aclrtLaunchHostFunc(stream.get(), &Gate::Wait, &gate), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(first.get(), first.size(), 0x11, first.size(), stream.get()), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(device, first.size(), first.get(), first.size(), ACL_MEMCPY_HOST_TO_DEVICE,
                             stream.get()),
            ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(first.get(), first.size(), 0x22, first.size(), stream.get()), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(second.get(), second.size(), device, first.size(), ACL_MEMCPY_DEVICE_TO_HOST,
                             stream.get()),
            ACL_SUCCESS);
  EXPECT_TRUE(second.AllBytes(0));  // Held at the gate: nothing ran yet.
  gate.Open();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_TRUE(first.AllBytes(0x22));
  EXPECT_TRUE(second.AllBytes(0x11));
  EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
}

// Pageable (malloc) memory: the call returns after the copy is done, as CANN does.
TEST(AsyncCopyTest, PageableMemoryIsCopiedBeforeTheCallReturns) {
  ScopedStream stream;
  std::vector<unsigned char> source(4096, 7);
  std::vector<unsigned char> target(4096, 0);
  ASSERT_EQ(aclrtMemcpyAsync(target.data(), target.size(), source.data(), source.size(), ACL_MEMCPY_HOST_TO_HOST,
                             stream.get()),
            ACL_SUCCESS);
  EXPECT_EQ(target, source);
}

TEST(AsyncCopyTest, ForcedDestroyDropsQueuedWork) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  PinnedBuffer buffer(4096);
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  Gate gate;
  ASSERT_EQ(aclrtLaunchHostFunc(stream, &Gate::Wait, &gate), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(buffer.get(), buffer.size(), 9, buffer.size(), stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(event, stream), ACL_SUCCESS);
  std::thread opener([&gate] {
    usleep(2000);
    gate.Open();  // The running host function finishes; the queued fill and record never run.
  });
  EXPECT_EQ(aclrtDestroyStreamForce(stream), ACL_SUCCESS);
  opener.join();
  EXPECT_TRUE(buffer.AllBytes(0));
  EXPECT_EQ(aclrtSynchronizeEvent(event), ACL_SUCCESS);  // A dropped record never blocks anyone.
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_STREAM_CONTEXT);
  TakeErrorMessage();
  EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
}

TEST(HostFuncTest, RunsOncePerLaunchInOrder) {
  ScopedStream stream;
  struct Log {
    std::vector<int> order;
    int next = 0;
  } log;
  const aclrtHostFunc append = [](void* arg) {
    auto* l = static_cast<Log*>(arg);
    l->order.push_back(l->next++);
  };
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(aclrtLaunchHostFunc(stream.get(), append, &log), ACL_SUCCESS);
  }
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(log.order, (std::vector<int>{0, 1, 2, 3, 4}));
}

// ---------------------------------------------------------------------------------------------------------------
// Streams with a configuration, failure modes, callbacks served by a user thread.

TEST(StreamConfigTest, FlagsPriorityAndIds) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStreamWithConfig(&stream, 3, ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC | 0x1000),
            ACL_SUCCESS);
  uint32_t flags = 0;
  uint32_t priority = 0;
  ASSERT_EQ(aclrtStreamGetFlags(stream, &flags), ACL_SUCCESS);
  EXPECT_EQ(flags, ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC);  // Unknown bits are dropped.
  ASSERT_EQ(aclrtStreamGetPriority(stream, &priority), ACL_SUCCESS);
  EXPECT_EQ(priority, 3u);
  aclrtStream other = nullptr;
  ASSERT_EQ(aclrtCreateStream(&other), ACL_SUCCESS);
  int32_t id = -1;
  int32_t other_id = -1;
  int32_t default_id = -1;
  ASSERT_EQ(aclrtStreamGetId(stream, &id), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamGetId(other, &other_id), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamGetId(nullptr, &default_id), ACL_SUCCESS);
  EXPECT_GE(id, 0);
  EXPECT_NE(id, other_id);
  EXPECT_NE(id, default_id);
  EXPECT_EQ(aclrtCreateStreamWithConfig(&other, 0, ACL_STREAM_PERSISTENT), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "ACL_STREAM_PERSISTENT"));
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(other), ACL_SUCCESS);
}

// The stop-on-failure behaviour itself needs a failing task: see stream_async_test (internal).
TEST(StreamConfigTest, FailureModeArguments) {
  ScopedStream stream;
  ASSERT_EQ(aclrtSetStreamFailureMode(stream.get(), ACL_STOP_ON_FAILURE), ACL_SUCCESS);
  PinnedBuffer buffer(256);
  ASSERT_EQ(aclrtMemsetAsync(buffer.get(), buffer.size(), 4, buffer.size(), stream.get()), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_TRUE(buffer.AllBytes(4));  // Nothing failed: everything runs.
  EXPECT_EQ(aclrtSetStreamFailureMode(stream.get(), ACL_CONTINUE_ON_FAILURE), ACL_SUCCESS);
}

struct CallbackLog {
  std::atomic<int> calls{0};
  std::atomic<bool> stop{false};
};

TEST(CallbackTest, SubscribedThreadRunsCallbacksInStreamOrder) {
  ScopedStream stream;
  CallbackLog log;
  std::atomic<uint64_t> thread_id{0};
  std::thread server([&log, &thread_id] {
    thread_id.store(static_cast<uint64_t>(pthread_self()));
    while (!log.stop.load()) {
      // Until the main thread has subscribed this thread, the answer is 107012.
      const aclError code = aclrtProcessReport(10);
      if (code == ACL_ERROR_RT_THREAD_SUBSCRIBE) {
        std::this_thread::yield();
      } else if (code != ACL_SUCCESS && code != ACL_ERROR_RT_REPORT_TIMEOUT) {
        ADD_FAILURE() << "aclrtProcessReport returned " << code;
        return;
      }
      aclGetRecentErrMsg();
    }
  });
  while (thread_id.load() == 0) {
    std::this_thread::yield();
  }
  EXPECT_EQ(aclrtProcessReport(10), ACL_ERROR_RT_THREAD_SUBSCRIBE);  // This thread is not subscribed.
  TakeErrorMessage();
  aclrtCallback no_callback = nullptr;
  EXPECT_EQ(aclrtLaunchCallback(no_callback, nullptr, ACL_CALLBACK_BLOCK, stream.get()), ACL_ERROR_RT_PARAM_INVALID);
  const aclrtCallback count = [](void* arg) { static_cast<CallbackLog*>(arg)->calls.fetch_add(1); };
  EXPECT_EQ(aclrtLaunchCallback(count, &log, ACL_CALLBACK_BLOCK, stream.get()), ACL_ERROR_RT_STREAM_NO_CB_REG);
  TakeErrorMessage();
  ASSERT_EQ(aclrtSubscribeReport(thread_id.load(), stream.get()), ACL_SUCCESS);
  EXPECT_EQ(aclrtSubscribeReport(thread_id.load() + 1, stream.get()), ACL_ERROR_RT_STREAM_SUBSCRIBE);
  TakeErrorMessage();
  PinnedBuffer buffer(64);
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(aclrtLaunchCallback(count, &log, ACL_CALLBACK_BLOCK, stream.get()), ACL_SUCCESS);
  }
  // A blocking callback holds the stream: the fill after it sees all three calls done.
  ASSERT_EQ(aclrtMemsetAsync(buffer.get(), buffer.size(), 1, buffer.size(), stream.get()), ACL_SUCCESS);
  ASSERT_EQ(aclrtLaunchCallback(count, &log, ACL_CALLBACK_NO_BLOCK, stream.get()), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_TRUE(buffer.AllBytes(1));
  EXPECT_GE(log.calls.load(), 3);
  ASSERT_EQ(aclrtUnSubscribeReport(thread_id.load(), stream.get()), ACL_SUCCESS);
  EXPECT_EQ(aclrtUnSubscribeReport(thread_id.load(), stream.get()), ACL_ERROR_RT_STREAM_NO_CB_REG);
  TakeErrorMessage();
  // The non-blocking one may still be in the server's hands; it runs before the server stops.
  while (log.calls.load() < 4) {
    std::this_thread::yield();
  }
  log.stop.store(true);
  server.join();
  EXPECT_EQ(log.calls.load(), 4);
}

// ---------------------------------------------------------------------------------------------------------------
// Contexts.

TEST(ContextTest, CreateMakesCurrentAndOwnsStreams) {
  aclrtContext primary = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&primary), ACL_SUCCESS);
  ASSERT_NE(primary, nullptr);
  aclrtContext context = nullptr;
  ASSERT_EQ(aclrtCreateContext(&context, 0), ACL_SUCCESS);
  aclrtContext current = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&current), ACL_SUCCESS);
  EXPECT_EQ(current, context);
  EXPECT_NE(context, primary);
  int32_t device = -1;
  EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(device, 0);

  aclrtStream default_stream = nullptr;
  ASSERT_EQ(aclrtCtxGetCurrentDefaultStream(&default_stream), ACL_SUCCESS);
  ASSERT_NE(default_stream, nullptr);
  EXPECT_EQ(aclrtSynchronizeStream(default_stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(default_stream), ACL_ERROR_INVALID_PARAM);  // Goes with its context.
  EXPECT_TRUE(Contains(TakeErrorMessage(), "default stream"));

  aclrtStream owned = nullptr;
  ASSERT_EQ(aclrtCreateStream(&owned), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetCurrentContext(primary), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(owned), ACL_ERROR_RT_STREAM_CONTEXT);  // Not in the current context.
  EXPECT_TRUE(Contains(TakeErrorMessage(), "another context"));
  aclrtStream primary_default = nullptr;
  ASSERT_EQ(aclrtCtxGetCurrentDefaultStream(&primary_default), ACL_SUCCESS);
  EXPECT_NE(primary_default, default_stream);

  EXPECT_EQ(aclrtDestroyContext(context), ACL_SUCCESS);  // Releases its streams.
  EXPECT_EQ(aclrtSynchronizeStream(owned), ACL_ERROR_RT_STREAM_CONTEXT);
  EXPECT_EQ(aclrtSynchronizeStream(default_stream), ACL_ERROR_RT_STREAM_CONTEXT);
  EXPECT_EQ(aclrtSetCurrentContext(context), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtDestroyContext(context), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtDestroyContext(primary), ACL_ERROR_RT_PARAM_INVALID);  // The default context.
  TakeErrorMessage();
  int32_t active = -1;
  EXPECT_EQ(aclrtGetPrimaryCtxState(0, nullptr, &active), ACL_SUCCESS);
  EXPECT_EQ(active, 1);
}

TEST(ContextTest, ContextsAreSharedAcrossThreads) {
  aclrtContext primary = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&primary), ACL_SUCCESS);
  aclrtContext context = nullptr;
  ASSERT_EQ(aclrtCreateContext(&context, 0), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  std::thread other([context, stream] {
    EXPECT_EQ(aclrtSetCurrentContext(context), ACL_SUCCESS);
    aclrtContext seen = nullptr;
    EXPECT_EQ(aclrtGetCurrentContext(&seen), ACL_SUCCESS);
    EXPECT_EQ(seen, context);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);  // Its context is current here too.
  });
  other.join();
  ASSERT_EQ(aclrtSetCurrentContext(primary), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyContext(context), ACL_SUCCESS);
}

TEST(ContextTest, ContextOptionsNeedASetFirst) {
  int64_t value = -1;
  EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_ERROR_RT_SYSPARAMOPT_NOT_SET);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclrtCtxGetSysParamOpt"));
  EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 1);
  EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0), ACL_SUCCESS);  // Last Set wins.
  EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Last error, options, versions.

TEST(LastErrorTest, KeepsRuntimeFailuresOnly) {
  aclrtGetLastError(ACL_RT_THREAD_LEVEL);  // Clears whatever earlier tests left.
  EXPECT_EQ(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM);  // An ACL-layer check: not kept.
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
  EXPECT_EQ(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_RT_INVALID_DEVICEID);  // Peek keeps it.
  std::thread other([] { EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS); });  // Per thread.
  other.join();
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);  // Get cleared it.
  TakeErrorMessage();
}

TEST(SysParamTest, OptionsAreStoredAndChangeNothing) {
  int64_t value = -1;
  EXPECT_EQ(aclrtGetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 0);  // Before any Set.
  EXPECT_EQ(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  EXPECT_EQ(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 1);
  EXPECT_EQ(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0), ACL_SUCCESS);
}

class VersionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/openaclnn-version-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    root_ = pattern;
    const char* old = std::getenv("ASCEND_HOME_PATH");
    had_old_ = old != nullptr;
    if (had_old_) {
      old_ = old;
    }
    setenv("ASCEND_HOME_PATH", root_.c_str(), 1);
  }
  void TearDown() override {
    if (had_old_) {
      setenv("ASCEND_HOME_PATH", old_.c_str(), 1);
    } else {
      unsetenv("ASCEND_HOME_PATH");
    }
    std::system(("rm -rf '" + root_ + "'").c_str());
  }
  void Install(const std::string& package, const std::string& version) {
    const std::string folder = root_ + "/share/info/" + package;
    ASSERT_EQ(std::system(("mkdir -p '" + folder + "'").c_str()), 0);
    std::ofstream(folder + "/version.info") << "Version=" << version << "\nversion_dir=x\n";
  }

  std::string root_;
  std::string old_;
  bool had_old_ = false;
};

TEST_F(VersionTest, ReadsInstalledPackages) {
  Install("hccl", "9.0.0-rc.2");
  char text[ACL_PKG_VERSION_MAX_SIZE] = {};
  char hccl[] = "hccl";
  ASSERT_EQ(aclsysGetVersionStr(hccl, text), ACL_SUCCESS);
  EXPECT_STREQ(text, "9.0.0-rc.2");
  int32_t number = 0;
  ASSERT_EQ(aclsysGetVersionNum(hccl, &number), ACL_SUCCESS);
  EXPECT_EQ(number, 89999902);
  Install("ops_nn", "8.5.0");
  char dashed[] = "ops-nn";  // '-' and '_' are tried both ways.
  ASSERT_EQ(aclsysGetVersionNum(dashed, &number), ACL_SUCCESS);
  EXPECT_EQ(number, 80500000);
  Install("toolkit", "8.1.0-beta.3");
  char toolkit[] = "toolkit";
  ASSERT_EQ(aclsysGetVersionNum(toolkit, &number), ACL_SUCCESS);
  EXPECT_EQ(number, 80099803);
  Install("broken", "latest");
  char broken[] = "broken";
  EXPECT_EQ(aclsysGetVersionNum(broken, &number), ACL_ERROR_INTERNAL_ERROR);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "latest"));
  char missing[] = "not_installed";
  EXPECT_EQ(aclsysGetVersionStr(missing, text), ACL_ERROR_INVALID_FILE);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "not_installed"));
}

TEST_F(VersionTest, OwnPackagesAnswerWithTheLibraryVersion) {
  char text[ACL_PKG_VERSION_MAX_SIZE] = {};
  char runtime[] = "runtime";
  ASSERT_EQ(aclsysGetVersionStr(runtime, text), ACL_SUCCESS);
  int32_t major = -1;
  int32_t minor = -1;
  int32_t patch = -1;
  ASSERT_EQ(aclrtGetVersion(&major, &minor, &patch), ACL_SUCCESS);
  EXPECT_EQ(std::string(text), std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch));
}

}  // namespace
}  // namespace openaclnn::test
