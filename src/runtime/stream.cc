#include "runtime/stream.h"

#include <pthread.h>

#include <chrono>
#include <cstdint>
#include <exception>
#include <mutex>
#include <new>
#include <string>
#include <unordered_set>
#include <utility>

#include "acl/acl_base.h"
#include "backend/cpu/spin.h"
#include "core/messages.h"

namespace openaclnn::runtime {
namespace {

// How long a thread polls before it sleeps. Long enough to cover the gap between a launch and the next call
// of a host loop (phase 1 of the next operator, a synchronisation), short enough to cost nothing measurable
// when the stream really is idle. Polls yield between rounds (cpu::SpinYield): on a loaded machine the thread
// being waited for may need this CPU.
constexpr int64_t kSpinBudgetNanos = 50'000;

// A failure status built without letting bad_alloc escape (then without its message).
Status TaskFailure(int32_t code, const char* what) noexcept {
  try {
    return Status(code, msg::ExecutionError("stream task", what));
  } catch (...) {
    return Status(code, std::string());
  }
}

// The result of a task dropped unrun because an earlier one failed under ACL_STOP_ON_FAILURE.
Status SkippedTask() noexcept {
  return TaskFailure(ACL_ERROR_RT_STREAM_NOT_COMPLETE,
                     "not run: an earlier task of this stream failed and the stream stops on "
                     "failure (ACL_STOP_ON_FAILURE)");
}

// Tasks never throw by contract; this keeps a broken task from taking the worker thread down.
template <typename Fn>
Status RunGuarded(const Fn& task) noexcept {
  try {
    return task();
  } catch (const std::bad_alloc&) {
    return TaskFailure(ACL_ERROR_BAD_ALLOC, "out of host memory");
  } catch (const std::exception& e) {
    return TaskFailure(ACL_ERROR_INTERNAL_ERROR, e.what());
  } catch (...) {
    return TaskFailure(ACL_ERROR_INTERNAL_ERROR, "unknown failure");
  }
}

// The stream's mutex is held for tens of nanoseconds at a time, by the worker and by launching and waiting
// threads. A thread that blocks on it makes the holder pay a futex wake-up when it unlocks, so acquire it by
// retrying for a short while first.
void Acquire(std::unique_lock<std::mutex>& lock) {
  if (cpu::SpinningHelps()) {
    for (int i = 0; i < 256; ++i) {
      if (lock.try_lock()) {
        return;
      }
      cpu::CpuRelax();
    }
  }
  lock.lock();
}

std::unique_lock<std::mutex> Locked(std::mutex& mu) {
  std::unique_lock<std::mutex> lock(mu, std::defer_lock);
  Acquire(lock);
  return lock;
}

// Every live stream, for the fork handlers.
struct StreamRegistry {
  std::mutex mu;
  std::unordered_set<Stream*> streams;
};

StreamRegistry& Registry() {
  static auto* registry = new StreamRegistry();  // Never destroyed: streams may outlive statics.
  return *registry;
}

}  // namespace

Stream::Stream(bool launch_blocking) : launch_blocking_(launch_blocking) {
  static std::once_flag fork_handlers;
  std::call_once(fork_handlers, [] { pthread_atfork(&PrepareFork, &ParentAfterFork, &ChildAfterFork); });
  StreamRegistry& registry = Registry();
  std::lock_guard<std::mutex> lock(registry.mu);
  registry.streams.insert(this);
}

void Stream::PrepareFork() {
  StreamRegistry& registry = Registry();
  registry.mu.lock();
  for (Stream* stream : registry.streams) {
    stream->mu_.lock();
  }
}

void Stream::ParentAfterFork() {
  StreamRegistry& registry = Registry();
  for (Stream* stream : registry.streams) {
    stream->mu_.unlock();
  }
  registry.mu.unlock();
}

void Stream::ChildAfterFork() {
  StreamRegistry& registry = Registry();
  for (Stream* stream : registry.streams) {
    stream->ForgetParentWork();
    stream->mu_.unlock();  // This thread took it in PrepareFork.
  }
  registry.mu.unlock();
}

void Stream::ForgetParentWork() {
  // The parent's threads do not exist here: their waits on the condition variables are stale, so start over.
  new (&work_cv_) std::condition_variable();
  new (&idle_cv_) std::condition_variable();
  (void)worker_.release();  // Not joinable in this process; the parent's std::thread object is left as it is.
  // The tasks are the parent's; running them here would repeat its work. They are kept (unrun, never destroyed:
  // an event record among them must not claim completion) and counted as done.
  new std::deque<Task>(std::move(queue_));
  queue_.clear();
  completed_.store(enqueued_.load(std::memory_order_relaxed), std::memory_order_relaxed);
  running_ = false;
  worker_sleeping_ = false;
  sleeping_waiters_ = 0;
}

Stream::~Stream() {
  {
    StreamRegistry& registry = Registry();
    std::lock_guard<std::mutex> lock(registry.mu);
    registry.streams.erase(this);
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_.store(true, std::memory_order_release);
  }
  work_cv_.notify_all();
  if (worker_ && worker_->joinable()) {
    worker_->join();  // The worker runs everything still queued before it exits.
  }
  // Without a worker (launch blocking, or nothing was ever launched) nothing is left; drain defensively.
  std::unique_lock<std::mutex> lock = Locked(mu_);
  DrainTo(enqueued_.load(std::memory_order_relaxed), lock);
}

void Stream::RunFront(std::unique_lock<std::mutex>& lock) {
  Task task = std::move(queue_.front());
  queue_.pop_front();
  const bool skip = BeginTask(lock);
  Status result = skip ? SkippedTask() : RunGuarded(task);
  task = nullptr;  // Release what the task holds before reporting it complete.
  EndTask(std::move(result), lock);
}

bool Stream::RunHereIfIdle(cpu::FunctionRef<Status()> task) {
  std::unique_lock<std::mutex> lock = Locked(mu_);
  if (running_ || !queue_.empty()) {
    return false;
  }
  // Counted as enqueued and completed like any task, so synchronisations and events see it.
  enqueued_.store(enqueued_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
  const bool skip = BeginTask(lock);
  EndTask(skip ? SkippedTask() : RunGuarded(task), lock);
  // Tasks queued while this one ran belong to the worker, as after DrainTo.
  if (worker_sleeping_ && !queue_.empty()) {
    work_cv_.notify_one();
  }
  return true;
}

bool Stream::BeginTask(std::unique_lock<std::mutex>& lock) {
  running_ = true;
  const bool skip = stopped_;
  lock.unlock();
  return skip;
}

void Stream::EndTask(Status result, std::unique_lock<std::mutex>& lock) {
  Acquire(lock);
  running_ = false;
  completed_.store(completed_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
  if (!result.ok()) {
    stopped_ = stop_on_failure_;
    if (first_failure_.ok()) {
      first_failure_ = std::move(result);
    }
  }
  if (sleeping_waiters_ > 0) {
    idle_cv_.notify_all();  // Waiters target different counts, and one may take the next task.
  }
}

void Stream::SetStopOnFailure(bool stop) {
  std::unique_lock<std::mutex> lock = Locked(mu_);
  stop_on_failure_ = stop;
  stopped_ = stopped_ && stop;
}

void Stream::Enqueue(Task task, Dispatch dispatch) {
  std::unique_lock<std::mutex> lock = Locked(mu_);
  const bool idle = !running_ && queue_.empty();
  queue_.push_back(std::move(task));
  const uint64_t target = enqueued_.load(std::memory_order_relaxed) + 1;
  enqueued_.store(target, std::memory_order_release);
  if (launch_blocking_ || (dispatch == Dispatch::kHereIfIdle && idle)) {
    DrainTo(target, lock);
    return;
  }
  if (!worker_) {
    worker_ = std::make_unique<std::thread>([this] { WorkerLoop(); });
    return;  // It takes the task as soon as this thread releases the lock.
  }
  if (worker_sleeping_) {
    work_cv_.notify_one();
  }
}

void Stream::DrainTo(uint64_t target, std::unique_lock<std::mutex>& lock) {
  while (completed_.load(std::memory_order_relaxed) < target) {
    if (!running_ && !queue_.empty()) {
      RunFront(lock);
      continue;
    }
    // Another thread runs the task this one waits for: poll for its completion, then sleep.
    const uint64_t seen = completed_.load(std::memory_order_relaxed);
    lock.unlock();
    const bool progressed =
        cpu::SpinUntil([this, seen] { return completed_.load(std::memory_order_acquire) != seen; }, kSpinBudgetNanos,
                       cpu::SpinYield::kBetweenRounds);
    Acquire(lock);
    if (progressed) {
      continue;
    }
    ++sleeping_waiters_;
    idle_cv_.wait(lock, [this, seen] { return completed_.load(std::memory_order_relaxed) != seen; });
    --sleeping_waiters_;
  }
  // Tasks queued after target belong to the worker.
  if (worker_sleeping_ && !running_ && !queue_.empty()) {
    work_cv_.notify_one();
  }
}

void Stream::WorkerLoop() {
  std::unique_lock<std::mutex> lock = Locked(mu_);
  for (;;) {
    if (!running_ && !queue_.empty()) {
      RunFront(lock);
      continue;
    }
    if (stopping_.load(std::memory_order_relaxed) && queue_.empty() && !running_) {
      return;
    }
    // Nothing to take now: poll for the next launch (or the end of a task a waiter runs), then sleep.
    const uint64_t enqueued = enqueued_.load(std::memory_order_relaxed);
    const uint64_t completed = completed_.load(std::memory_order_relaxed);
    lock.unlock();
    const bool changed = cpu::SpinUntil(
        [this, enqueued, completed] {
          return enqueued_.load(std::memory_order_acquire) != enqueued ||
                 completed_.load(std::memory_order_acquire) != completed || stopping_.load(std::memory_order_acquire);
        },
        kSpinBudgetNanos, cpu::SpinYield::kBetweenRounds);
    Acquire(lock);
    if (changed) {
      continue;
    }
    worker_sleeping_ = true;
    work_cv_.wait(lock, [this] {
      return stopping_.load(std::memory_order_relaxed) || (!running_ && !queue_.empty());
    });
    worker_sleeping_ = false;
  }
}

void Stream::WaitIdle() {
  std::unique_lock<std::mutex> lock = Locked(mu_);
  DrainTo(enqueued_.load(std::memory_order_relaxed), lock);
}

bool Stream::WaitIdleFor(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::unique_lock<std::mutex> lock = Locked(mu_);
  const uint64_t target = enqueued_.load(std::memory_order_relaxed);
  if (worker_sleeping_ && !running_ && !queue_.empty()) {
    work_cv_.notify_one();
  }
  ++sleeping_waiters_;
  const bool done = idle_cv_.wait_until(
      lock, deadline, [this, target] { return completed_.load(std::memory_order_relaxed) >= target; });
  --sleeping_waiters_;
  return done;
}

bool Stream::Idle() {
  std::unique_lock<std::mutex> lock = Locked(mu_);
  return !running_ && queue_.empty();
}

void Stream::DiscardQueued() {
  std::deque<Task> dropped;
  {
    std::unique_lock<std::mutex> lock = Locked(mu_);
    dropped.swap(queue_);
    completed_.store(completed_.load(std::memory_order_relaxed) + dropped.size(), std::memory_order_release);
    if (sleeping_waiters_ > 0) {
      idle_cv_.notify_all();
    }
  }
  dropped.clear();  // Outside the lock: a dropped task's destructor may complete an event.
}

Status Stream::Synchronize() {
  std::unique_lock<std::mutex> lock = Locked(mu_);
  DrainTo(enqueued_.load(std::memory_order_relaxed), lock);
  return std::exchange(first_failure_, Status::Ok());
}

}  // namespace openaclnn::runtime
