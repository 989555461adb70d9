#include "runtime/event.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "core/messages.h"
#include "runtime/device.h"
#include "runtime/handle_table.h"

namespace openaclnn::runtime {
namespace {

using Clock = std::chrono::steady_clock;

// One record of an event: done once the stream has reached it (or dropped it unrun, see Completer).
struct Marker {
  std::mutex mu;
  std::condition_variable done_cv;
  bool done = false;
  bool ran = false;  // Reached by the stream, not dropped: only then is `stamp` a real completion time.
  Clock::time_point stamp;

  void Complete(bool reached) {
    {
      std::lock_guard<std::mutex> lock(mu);
      if (done) {
        return;
      }
      done = true;
      ran = reached;
      stamp = Clock::now();
    }
    done_cv.notify_all();
  }

  bool IsDone() {
    std::lock_guard<std::mutex> lock(mu);
    return done;
  }

  // timeout_ms < 0: forever. False when it expired.
  bool Wait(int32_t timeout_ms) {
    std::unique_lock<std::mutex> lock(mu);
    if (timeout_ms < 0) {
      done_cv.wait(lock, [this] { return done; });
      return true;
    }
    return done_cv.wait_for(lock, std::chrono::milliseconds(timeout_ms), [this] { return done; });
  }
};

// Captured by the record task: completes the marker when the task runs, and also when the task is destroyed
// unrun (aclrtDestroyStreamForce, a released stream), so nobody waits forever for a record that cannot happen.
struct Completer {
  explicit Completer(std::shared_ptr<Marker> m) : marker(std::move(m)) {}
  ~Completer() { marker->Complete(/*reached=*/false); }
  Completer(const Completer&) = delete;
  Completer& operator=(const Completer&) = delete;
  std::shared_ptr<Marker> marker;
};

struct Event {
  EventKind kind = EventKind::kDefault;
  uint32_t flags = 0;
  std::mutex mu;
  std::shared_ptr<Marker> latest;           // Null until recorded (and again after a reset).
  std::atomic<int64_t> pending_waits{0};    // aclrtStreamWaitEvent tasks not finished yet.
};

HandleTable<Event>& Events() {
  static auto* events = new HandleTable<Event>();  // Never destroyed: stream tasks may outlive statics.
  return *events;
}

Clock::time_point RuntimeEpoch() {
  static const Clock::time_point epoch = Clock::now();
  return epoch;
}

bool Has(uint32_t flags, uint32_t bit) { return (flags & bit) != 0; }

std::shared_ptr<Event> FindEvent(const char* api, const char* arg, aclrtEvent handle, Status* error) {
  if (handle == nullptr) {
    *error = Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(api, std::string("argument '") + arg + "' is NULL."));
    return nullptr;
  }
  std::shared_ptr<Event> event = Events().Find(handle);
  if (!event) {
    *error = Status(ACL_ERROR_RT_PARAM_INVALID,
                    msg::RuntimeError(api, std::string("argument '") + arg +
                                               "' is not a live event (destroyed, or never created)."));
  }
  return event;
}

// For the query functions: the live event, with its 'status' output checked (CANN's order: event, then status).
std::shared_ptr<Event> FindQueriedEvent(const char* api, aclrtEvent handle, const void* status, Status* error) {
  std::shared_ptr<Event> event = FindEvent(api, "event", handle, error);
  if (event && status == nullptr) {
    *error = Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(api, "argument 'status' is NULL."));
    return nullptr;
  }
  return event;
}

std::shared_ptr<Marker> Latest(Event& event) {
  std::lock_guard<std::mutex> lock(event.mu);
  return event.latest;
}

Status Unsupported(const char* api, const std::string& why) {
  return Status(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, msg::RuntimeError(api, why));
}

bool ValidFlags(EventKind kind, uint32_t flags) {
  if (kind == EventKind::kWithFlag) {
    // Some of SYNC, CAPTURE_STREAM_PROGRESS, the internal 0x4 and TIME_LINE; or DEVICE_USE_ONLY or EXTERNAL alone.
    return flags == ACL_EVENT_DEVICE_USE_ONLY || flags == ACL_EVENT_EXTERNAL || (flags != 0 && (flags & ~0x0fu) == 0);
  }
  return flags == ACL_EVENT_IPC || (flags != 0 && (flags & ~0x0fu) == 0);
}

}  // namespace

Status CreateEvent(aclrtEvent* event, EventKind kind, uint32_t flags) {
  const char* api = kind == EventKind::kDefault ? "aclrtCreateEvent"
                    : kind == EventKind::kWithFlag ? "aclrtCreateEventWithFlag"
                                                   : "aclrtCreateEventExWithFlag";
  if (event == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(api, "argument 'event' is NULL."));
  }
  if (kind != EventKind::kDefault && !ValidFlags(kind, flags)) {
    return Status(ACL_ERROR_RT_PARAM_INVALID,
                  msg::RuntimeError(api, "argument 'flag' is " + std::to_string(flags) +
                                             (kind == EventKind::kWithFlag
                                                  ? "; expected a combination of ACL_EVENT_SYNC, "
                                                    "ACL_EVENT_CAPTURE_STREAM_PROGRESS and ACL_EVENT_TIME_LINE, or "
                                                    "ACL_EVENT_DEVICE_USE_ONLY or ACL_EVENT_EXTERNAL alone."
                                                  : "; expected a combination of ACL_EVENT_SYNC, "
                                                    "ACL_EVENT_CAPTURE_STREAM_PROGRESS and ACL_EVENT_TIME_LINE, or "
                                                    "ACL_EVENT_IPC alone.")));
  }
  if (kind == EventKind::kEx && flags == ACL_EVENT_IPC) {
    return Unsupported(api, "argument 'flag' is ACL_EVENT_IPC: interprocess events are not supported by the CPU "
                            "backend.");
  }
  auto created = std::make_shared<Event>();
  created->kind = kind;
  // aclrtCreateEvent's events carry CANN's internal 0x0E: waitable and timed.
  created->flags = kind == EventKind::kDefault ? (ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE) : flags;
  *event = Events().Insert(std::move(created));
  return Status::Ok();
}

Status DestroyEvent(aclrtEvent event) {
  Status error;
  if (!FindEvent("aclrtDestroyEvent", "event", event, &error)) {
    return error;
  }
  // Records and waits still queued keep their markers: destroying before completion is allowed.
  Events().Remove(event);
  return Status::Ok();
}

Status RecordEvent(aclrtEvent event, aclrtStream stream) {
  constexpr const char* kApi = "aclrtRecordEvent";
  Status error;
  std::shared_ptr<Event> found = FindEvent(kApi, "event", event, &error);
  if (!found) {
    return error;
  }
  std::shared_ptr<Stream> target = FindStream(kApi, stream, &error);
  if (!target) {
    return error;
  }
  auto marker = std::make_shared<Marker>();
  {
    std::lock_guard<std::mutex> lock(found->mu);
    found->latest = marker;  // Re-recording replaces the captured set; waits already queued keep the old one.
  }
  auto completer = std::make_shared<Completer>(marker);
  target->Enqueue(
      [completer] {
        completer->marker->Complete(/*reached=*/true);
        return Status::Ok();
      },
      Dispatch::kHereIfIdle);
  return Status::Ok();
}

Status RecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag) {
  constexpr const char* kApi = "aclrtRecordEventWithFlag";
  if (flag != ACL_EVENT_RECORD_DEFAULT && flag != ACL_EVENT_RECORD_EXTERNAL) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(kApi, "argument 'flag' is " + std::to_string(flag) +
                                              "; expected ACL_EVENT_RECORD_DEFAULT (0) or ACL_EVENT_RECORD_EXTERNAL "
                                              "(1)."));
  }
  if (flag == ACL_EVENT_RECORD_EXTERNAL) {
    Status error;
    if (!FindEvent(kApi, "event", event, &error)) {
      return error;
    }
    return Unsupported(kApi, "argument 'flag' is ACL_EVENT_RECORD_EXTERNAL, which needs a stream in graph capture; "
                             "the CPU backend has no graph capture.");
  }
  return RecordEvent(event, stream);
}

Status ResetEvent(aclrtEvent event, aclrtStream stream) {
  constexpr const char* kApi = "aclrtResetEvent";
  Status error;
  std::shared_ptr<Event> found = FindEvent(kApi, "event", event, &error);
  if (!found) {
    return error;
  }
  if (found->kind == EventKind::kEx) {
    return Unsupported(kApi, "argument 'event' comes from aclrtCreateEventExWithFlag; such events are reused by "
                             "recording them again, not reset.");
  }
  if (found->kind == EventKind::kWithFlag && !Has(found->flags, ACL_EVENT_SYNC)) {
    return Unsupported(kApi, "argument 'event' was created without ACL_EVENT_SYNC, so it cannot be reset.");
  }
  std::shared_ptr<Stream> target = FindStream(kApi, stream, &error);
  if (!target) {
    return error;
  }
  std::weak_ptr<Event> weak = found;
  target->Enqueue(
      [weak] {
        if (std::shared_ptr<Event> alive = weak.lock()) {
          std::lock_guard<std::mutex> lock(alive->mu);
          alive->latest = nullptr;
        }
        return Status::Ok();
      },
      Dispatch::kHereIfIdle);
  return Status::Ok();
}

Status QueryEvent(aclrtEvent event, aclrtEventStatus* status) {
  constexpr const char* kApi = "aclrtQueryEvent";
  Status error;
  std::shared_ptr<Event> found = FindQueriedEvent(kApi, event, status, &error);
  if (!found) {
    return error;
  }
  if (found->kind == EventKind::kEx) {
    return Unsupported(kApi, "argument 'event' comes from aclrtCreateEventExWithFlag; query it with "
                             "aclrtQueryEventStatus.");
  }
  std::shared_ptr<Marker> marker = Latest(*found);
  *status = marker == nullptr || marker->IsDone() ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
  return Status::Ok();
}

Status QueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) {
  constexpr const char* kApi = "aclrtQueryEventStatus";
  Status error;
  std::shared_ptr<Event> found = FindQueriedEvent(kApi, event, status, &error);
  if (!found) {
    return error;
  }
  if (Has(found->flags, ACL_EVENT_EXTERNAL)) {
    return Unsupported(kApi, "argument 'event' is an ACL_EVENT_EXTERNAL event, which cannot be queried.");
  }
  std::shared_ptr<Marker> marker = Latest(*found);
  bool complete = false;
  if (marker == nullptr) {
    complete = found->kind == EventKind::kEx;  // CANN: never-recorded Ex events read complete, others not.
  } else {
    complete = marker->IsDone();
  }
  *status = complete ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
  return Status::Ok();
}

Status QueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus* status) {
  constexpr const char* kApi = "aclrtQueryEventWaitStatus";
  Status error;
  std::shared_ptr<Event> found = FindQueriedEvent(kApi, event, status, &error);
  if (!found) {
    return error;
  }
  if (found->kind == EventKind::kEx || Has(found->flags, ACL_EVENT_EXTERNAL)) {
    return Unsupported(kApi, "argument 'event' comes from aclrtCreateEventExWithFlag or is ACL_EVENT_EXTERNAL; the "
                             "waits of such events cannot be queried.");
  }
  *status = found->pending_waits.load(std::memory_order_acquire) == 0 ? ACL_EVENT_WAIT_STATUS_COMPLETE
                                                                       : ACL_EVENT_WAIT_STATUS_NOT_READY;
  return Status::Ok();
}

namespace {

Status WaitForEvent(aclrtEvent event, int32_t timeout_ms, const char* api) {
  Status error;
  std::shared_ptr<Event> found = FindEvent(api, "event", event, &error);
  if (!found) {
    return error;
  }
  if (Has(found->flags, ACL_EVENT_EXTERNAL)) {
    return Unsupported(api, "argument 'event' is an ACL_EVENT_EXTERNAL event, which cannot be synchronised.");
  }
  std::shared_ptr<Marker> marker = Latest(*found);
  if (marker != nullptr && !marker->Wait(timeout_ms)) {
    return Status(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT,
                  msg::RuntimeError(api, "the event did not complete within " + std::to_string(timeout_ms) + " ms."));
  }
  return Status::Ok();
}

}  // namespace

Status SynchronizeEvent(aclrtEvent event) { return WaitForEvent(event, -1, "aclrtSynchronizeEvent"); }

Status SynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout_ms) {
  constexpr const char* kApi = "aclrtSynchronizeEventWithTimeout";
  OPENACLNN_RETURN_IF_ERROR(CheckWaitTimeout(kApi, timeout_ms, ACL_ERROR_RT_PARAM_INVALID));
  return WaitForEvent(event, timeout_ms, kApi);
}

namespace {

// The completion time of an event's latest record, for timing; a failure status otherwise.
Status CompletionTime(const char* api, const char* arg, Event& event, Clock::time_point* stamp) {
  if (Has(event.flags, ACL_EVENT_EXTERNAL)) {
    return Unsupported(api, std::string("argument '") + arg + "' is an ACL_EVENT_EXTERNAL event, which has no "
                                                        "timestamp.");
  }
  std::shared_ptr<Marker> marker = Latest(event);
  if (marker == nullptr) {
    return Status(ACL_ERROR_RT_INTERNAL_ERROR,
                  msg::RuntimeError(api, std::string("argument '") + arg + "' was never recorded."));
  }
  if (!Has(event.flags, ACL_EVENT_TIME_LINE)) {
    return Status(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID,
                  msg::RuntimeError(api, std::string("argument '") + arg +
                                             "' was created without ACL_EVENT_TIME_LINE, so it has no timestamp."));
  }
  std::lock_guard<std::mutex> lock(marker->mu);
  if (!marker->done || !marker->ran) {
    return Status(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID,
                  msg::RuntimeError(api, std::string("argument '") + arg +
                                             (marker->done ? "' was dropped with its stream before completing."
                                                           : "' has not completed yet; synchronise it (or its "
                                                             "stream) first.")));
  }
  *stamp = marker->stamp;
  return Status::Ok();
}

}  // namespace

Status EventElapsedTime(float* ms, aclrtEvent start, aclrtEvent end) {
  constexpr const char* kApi = "aclrtEventElapsedTime";
  if (ms == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'ms' is NULL."));
  }
  Status error;
  std::shared_ptr<Event> first = FindEvent(kApi, "startEvent", start, &error);
  if (!first) {
    return error;
  }
  std::shared_ptr<Event> second = FindEvent(kApi, "endEvent", end, &error);
  if (!second) {
    return error;
  }
  Clock::time_point begin;
  Clock::time_point finish;
  OPENACLNN_RETURN_IF_ERROR(CompletionTime(kApi, "startEvent", *first, &begin));
  OPENACLNN_RETURN_IF_ERROR(CompletionTime(kApi, "endEvent", *second, &finish));
  *ms = std::chrono::duration<float, std::milli>(finish - begin).count();
  return Status::Ok();
}

Status EventGetTimestamp(aclrtEvent event, uint64_t* timestamp) {
  constexpr const char* kApi = "aclrtEventGetTimestamp";
  Status error;
  std::shared_ptr<Event> found = FindEvent(kApi, "event", event, &error);
  if (!found) {
    return error;
  }
  if (timestamp == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'timestamp' is NULL."));
  }
  const Clock::time_point epoch = RuntimeEpoch();
  Clock::time_point stamp;
  OPENACLNN_RETURN_IF_ERROR(CompletionTime(kApi, "event", *found, &stamp));
  *timestamp = stamp < epoch ? 0
                             : static_cast<uint64_t>(
                                   std::chrono::duration_cast<std::chrono::microseconds>(stamp - epoch).count());
  return Status::Ok();
}

Status StreamWaitEvent(aclrtStream stream, aclrtEvent event) {
  constexpr const char* kApi = "aclrtStreamWaitEvent";
  Status error;
  std::shared_ptr<Event> found = FindEvent(kApi, "event", event, &error);
  if (!found) {
    return error;
  }
  if (found->kind == EventKind::kWithFlag) {
    if (Has(found->flags, ACL_EVENT_DEVICE_USE_ONLY)) {
      return Status(ACL_ERROR_RT_PARAM_INVALID,
                    msg::RuntimeError(kApi, "argument 'event' is an ACL_EVENT_DEVICE_USE_ONLY event."));
    }
    if (!Has(found->flags, ACL_EVENT_SYNC)) {
      return Unsupported(kApi, "argument 'event' was created without ACL_EVENT_SYNC, so streams cannot wait on it.");
    }
  }
  std::shared_ptr<Stream> target = FindStream(kApi, stream, &error);
  if (!target) {
    return error;
  }
  std::shared_ptr<Marker> marker = Latest(*found);
  if (marker == nullptr) {
    return Status::Ok();  // Never recorded: nothing to wait for (as CUDA does; CANN's answer is not documented).
  }
  found->pending_waits.fetch_add(1, std::memory_order_acq_rel);
  // The count drops when the wait task finishes or is dropped unrun.
  auto done = std::shared_ptr<void>(nullptr, [weak = std::weak_ptr<Event>(found)](void*) {
    if (std::shared_ptr<Event> alive = weak.lock()) {
      alive->pending_waits.fetch_sub(1, std::memory_order_acq_rel);
    }
  });
  // Never run in this thread: the wait may block until another stream reaches the record.
  target->Enqueue(
      [marker, done] {
        marker->Wait(-1);
        return Status::Ok();
      },
      Dispatch::kWorker);
  return Status::Ok();
}

const void* EventObjectAddress(aclrtEvent event) { return Events().Find(event).get(); }

}  // namespace openaclnn::runtime
