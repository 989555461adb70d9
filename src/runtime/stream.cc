#include "runtime/stream.h"

#include <exception>
#include <new>
#include <string>
#include <utility>

#include "acl/acl_base.h"
#include "core/messages.h"

namespace openaclnn::runtime {
namespace {

// Tasks never throw by contract; this keeps a broken task from taking the worker thread down.
Status RunGuarded(const Task& task) {
  try {
    return task();
  } catch (const std::bad_alloc&) {
    return Status(ACL_ERROR_BAD_ALLOC, msg::ExecutionError("stream task", "out of host memory"));
  } catch (const std::exception& e) {
    return Status(ACL_ERROR_INTERNAL_ERROR, msg::ExecutionError("stream task", e.what()));
  } catch (...) {
    return Status(ACL_ERROR_INTERNAL_ERROR, msg::ExecutionError("stream task", "unknown failure"));
  }
}

}  // namespace

Stream::Stream(bool launch_blocking) : launch_blocking_(launch_blocking) {}

Stream::~Stream() {
  {
    std::unique_lock<std::mutex> lock(mu_);
    stopping_ = true;
  }
  work_cv_.notify_all();
  if (worker_.joinable()) {
    worker_.join();
  }
}

void Stream::RecordResult(Status result) {
  if (!result.ok() && first_failure_.ok()) {
    first_failure_ = std::move(result);
  }
}

void Stream::Enqueue(Task task) {
  if (launch_blocking_) {
    Status result = RunGuarded(task);
    std::lock_guard<std::mutex> lock(mu_);
    ++enqueued_;
    ++completed_;
    RecordResult(std::move(result));
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    queue_.push_back(std::move(task));
    ++enqueued_;
    if (!worker_.joinable()) {
      worker_ = std::thread([this] { WorkerLoop(); });
    }
  }
  work_cv_.notify_one();
}

void Stream::WorkerLoop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    work_cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) {
      return;  // Stopping with nothing left to run.
    }
    Task task = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    Status result = RunGuarded(task);
    task = nullptr;  // Release what the task holds before reporting it complete.
    lock.lock();
    ++completed_;
    RecordResult(std::move(result));
    idle_cv_.notify_all();  // Waiters target different counts, so each completion may release one.
  }
}

void Stream::WaitIdle() {
  std::unique_lock<std::mutex> lock(mu_);
  const uint64_t target = enqueued_;
  idle_cv_.wait(lock, [this, target] { return completed_ >= target; });
}

Status Stream::Synchronize() {
  std::unique_lock<std::mutex> lock(mu_);
  const uint64_t target = enqueued_;
  idle_cv_.wait(lock, [this, target] { return completed_ >= target; });
  return std::exchange(first_failure_, Status::Ok());
}

}  // namespace openaclnn::runtime
