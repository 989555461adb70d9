#include "runtime/callbacks.h"

#include <pthread.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "core/messages.h"
#include "runtime/device.h"

namespace openaclnn::runtime {
namespace {

// One queued callback; `done` is set once the subscribed thread has run it.
struct Call {
  aclrtCallback fn = nullptr;
  void* user_data = nullptr;
  std::mutex mu;
  std::condition_variable done_cv;
  bool done = false;
};

// The callbacks waiting for one subscribed thread.
struct Mailbox {
  std::mutex mu;
  std::condition_variable arrived_cv;
  std::deque<std::shared_ptr<Call>> calls;
  int streams = 0;  // Streams this thread serves.
};

struct Subscriptions {
  std::mutex mu;
  std::map<const void*, uint64_t> stream_thread;                // Stream handle -> subscribed thread.
  std::map<uint64_t, std::shared_ptr<Mailbox>> thread_mailbox;  // Thread -> its callbacks.
};

Subscriptions& Subs() {
  static auto* subscriptions = new Subscriptions();  // Never destroyed: stream tasks may outlive statics.
  return *subscriptions;
}

uint64_t ThisThread() { return static_cast<uint64_t>(pthread_self()); }

// The handle a subscription is keyed by: the stream's own, or the current default stream's for NULL.
Status StreamKey(const char* api, aclrtStream stream, const void** key) {
  if (stream != nullptr) {
    Status error;
    if (!FindStream(api, stream, &error)) {
      return error;
    }
    *key = stream;
    return Status::Ok();
  }
  aclrtStream default_stream = nullptr;
  OPENACLNN_RETURN_IF_ERROR(GetCurrentDefaultStream(&default_stream));
  *key = default_stream;
  return Status::Ok();
}

}  // namespace

Status SubscribeReport(uint64_t thread_id, aclrtStream stream) {
  constexpr const char* kApi = "aclrtSubscribeReport";
  const void* key = nullptr;
  OPENACLNN_RETURN_IF_ERROR(StreamKey(kApi, stream, &key));
  Subscriptions& subs = Subs();
  std::lock_guard<std::mutex> lock(subs.mu);
  auto bound = subs.stream_thread.find(key);
  if (bound != subs.stream_thread.end()) {
    return Status(ACL_ERROR_RT_STREAM_SUBSCRIBE,
                  msg::RuntimeError(kApi, std::string("argument 'stream' already has a subscribed thread") +
                                              (bound->second == thread_id ? " (this one)." : ".")));
  }
  std::shared_ptr<Mailbox>& mailbox = subs.thread_mailbox[thread_id];
  if (!mailbox) {
    mailbox = std::make_shared<Mailbox>();
  }
  ++mailbox->streams;
  subs.stream_thread.emplace(key, thread_id);
  return Status::Ok();
}

Status UnsubscribeReport(uint64_t thread_id, aclrtStream stream) {
  constexpr const char* kApi = "aclrtUnSubscribeReport";
  const void* key = nullptr;
  OPENACLNN_RETURN_IF_ERROR(StreamKey(kApi, stream, &key));
  // The stream's queued callbacks are handed over first, so none is left waiting for a thread that stopped
  // (unless the subscribed thread itself asks: it could not run them while it waits here).
  Status error;
  std::shared_ptr<Stream> target = FindStream(kApi, stream, &error);
  if (target && thread_id != ThisThread()) {
    target->WaitIdle();
  }
  Subscriptions& subs = Subs();
  std::lock_guard<std::mutex> lock(subs.mu);
  auto bound = subs.stream_thread.find(key);
  if (bound == subs.stream_thread.end() || bound->second != thread_id) {
    return Status(ACL_ERROR_RT_STREAM_NO_CB_REG,
                  msg::RuntimeError(kApi, "argument 'threadId' is not subscribed to argument 'stream'."));
  }
  subs.stream_thread.erase(bound);
  auto mailbox = subs.thread_mailbox.find(thread_id);
  if (mailbox != subs.thread_mailbox.end() && --mailbox->second->streams == 0) {
    // The subscribed thread may be taking its calls right now: they are read under the mailbox's own lock
    // (always taken after the subscriptions' lock, never before it), released before the map lets go of it.
    const std::shared_ptr<Mailbox> box = mailbox->second;
    bool empty = false;
    {
      std::lock_guard<std::mutex> mailbox_lock(box->mu);
      empty = box->calls.empty();
    }
    if (empty) {
      subs.thread_mailbox.erase(mailbox);
    }
  }
  return Status::Ok();
}

Status LaunchCallback(aclrtCallback fn, void* user_data, int32_t block_type, aclrtStream stream) {
  constexpr const char* kApi = "aclrtLaunchCallback";
  if (block_type != ACL_CALLBACK_NO_BLOCK && block_type != ACL_CALLBACK_BLOCK) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(kApi, "argument 'blockType' is " + std::to_string(block_type) +
                                              "; expected ACL_CALLBACK_NO_BLOCK (0) or ACL_CALLBACK_BLOCK (1)."));
  }
  if (fn == nullptr) {
    return Status(ACL_ERROR_RT_PARAM_INVALID, msg::RuntimeError(kApi, "argument 'fn' is NULL."));
  }
  const void* key = nullptr;
  OPENACLNN_RETURN_IF_ERROR(StreamKey(kApi, stream, &key));
  std::shared_ptr<Mailbox> mailbox;
  {
    Subscriptions& subs = Subs();
    std::lock_guard<std::mutex> lock(subs.mu);
    auto bound = subs.stream_thread.find(key);
    if (bound != subs.stream_thread.end()) {
      mailbox = subs.thread_mailbox[bound->second];
    }
  }
  if (!mailbox) {
    return Status(ACL_ERROR_RT_STREAM_NO_CB_REG,
                  msg::RuntimeError(kApi, "argument 'stream' has no subscribed thread; call aclrtSubscribeReport "
                                          "first."));
  }
  Status error;
  std::shared_ptr<Stream> target = FindStream(kApi, stream, &error);
  if (!target) {
    return error;
  }
  const bool block = block_type == ACL_CALLBACK_BLOCK;
  target->Enqueue(
      [mailbox, fn, user_data, block] {
        auto call = std::make_shared<Call>();
        call->fn = fn;
        call->user_data = user_data;
        {
          std::lock_guard<std::mutex> lock(mailbox->mu);
          mailbox->calls.push_back(call);
        }
        mailbox->arrived_cv.notify_all();
        if (block) {  // Later tasks of the stream wait until the subscribed thread has run it.
          std::unique_lock<std::mutex> lock(call->mu);
          call->done_cv.wait(lock, [&call] { return call->done; });
        }
        return Status::Ok();
      },
      Dispatch::kWorker);
  return Status::Ok();
}

Status ProcessReport(int32_t timeout_ms) {
  constexpr const char* kApi = "aclrtProcessReport";
  OPENACLNN_RETURN_IF_ERROR(CheckWaitTimeout(kApi, timeout_ms, ACL_ERROR_INVALID_PARAM));
  std::shared_ptr<Mailbox> mailbox;
  {
    Subscriptions& subs = Subs();
    std::lock_guard<std::mutex> lock(subs.mu);
    auto found = subs.thread_mailbox.find(ThisThread());
    if (found != subs.thread_mailbox.end()) {
      mailbox = found->second;
    }
  }
  if (!mailbox) {
    return Status(ACL_ERROR_RT_THREAD_SUBSCRIBE,
                  msg::RuntimeError(kApi, "the calling thread is not subscribed to any stream; call "
                                          "aclrtSubscribeReport with its thread id first."));
  }
  std::deque<std::shared_ptr<Call>> calls;
  {
    std::unique_lock<std::mutex> lock(mailbox->mu);
    const auto arrived = [&mailbox] { return !mailbox->calls.empty(); };
    if (timeout_ms < 0) {
      mailbox->arrived_cv.wait(lock, arrived);
    } else if (!mailbox->arrived_cv.wait_for(lock, std::chrono::milliseconds(timeout_ms), arrived)) {
      return Status(ACL_ERROR_RT_REPORT_TIMEOUT,
                    msg::RuntimeError(kApi, "no callback arrived within " + std::to_string(timeout_ms) + " ms."));
    }
    calls.swap(mailbox->calls);
  }
  for (const std::shared_ptr<Call>& call : calls) {
    call->fn(call->user_data);
    {
      std::lock_guard<std::mutex> lock(call->mu);
      call->done = true;
    }
    call->done_cv.notify_all();
  }
  return Status::Ok();
}

}  // namespace openaclnn::runtime
