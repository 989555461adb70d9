// Streams: in-order task queues, each drained by its own worker thread, so launches overlap host code until
// the user synchronises. A failure raised by a task is kept and returned by the next synchronisation.
//
// Tasks run one at a time, in enqueue order, but not always on the worker: a thread that waits for the stream
// (Synchronize, WaitIdle) runs the queued tasks itself when nobody else is running one, because it would
// otherwise sit idle while the worker wakes up. Waking a sleeping thread costs microseconds (far more than a
// small kernel), so both sides spin briefly before sleeping: the worker after its last task, a waiter while
// the worker finishes. A launch-and-synchronise loop then never enters the kernel's scheduler.
//
// A small task may also run in the launching thread, when the stream is idle (Dispatch::kHereIfIdle): handing
// a few microseconds of work to the worker costs about as much again, partly in moving the task's data from
// the launching core's caches to the worker's. Order is kept (the stream was idle), and a failure is still
// reported by the next synchronisation, not by the launch.
//
// fork(): the child has none of the parent's threads. Every stream is registered, and around fork() the
// registry and each stream's lock are held (so no other thread is inside a stream's state); in the child each
// inherited stream forgets its worker and the parent's pending tasks (they are the parent's work, which the
// parent still runs), so it starts empty: synchronising it returns at once, new work starts a new worker, and
// destroying it joins nothing.
#ifndef OPENACLNN_RUNTIME_STREAM_H_
#define OPENACLNN_RUNTIME_STREAM_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "backend/cpu/function_ref.h"
#include "core/status.h"

namespace openaclnn::runtime {

// A unit of work; a non-OK result is reported by the next Synchronize().
using Task = std::function<Status()>;

// Where Enqueue may run a task.
enum class Dispatch {
  kWorker,      // Always queued for the worker (or a waiter).
  kHereIfIdle,  // In the calling thread when nothing is queued or running, else queued.
};

class Stream {
 public:
  // launch_blocking: Enqueue runs the task (and anything queued before it) before returning.
  explicit Stream(bool launch_blocking);
  ~Stream();  // Runs what is queued, then stops the worker.

  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  void Enqueue(Task task, Dispatch dispatch = Dispatch::kWorker);

  // Enqueue(task, Dispatch::kHereIfIdle)'s idle case without a Task: when nothing is queued or running, runs
  // `task` in the calling thread as one of the stream's tasks (counted, its failure reported, skipped after a
  // failure under stop on failure) and returns true; otherwise does nothing and returns false. Small launches
  // take this path so that their hand-over needs no allocation.
  bool RunHereIfIdle(cpu::FunctionRef<Status()> task);

  // Waits for every task enqueued so far; returns and clears the first failure since the last call.
  Status Synchronize();

  // Waits for every task enqueued so far, leaving failures for the next Synchronize().
  void WaitIdle();

  // Like WaitIdle, but sleeps at most `timeout` and never runs a task itself; false when it expired.
  bool WaitIdleFor(std::chrono::milliseconds timeout);

  // True when no task is queued or running (aclrtStreamQuery).
  bool Idle();

  // ACL_STOP_ON_FAILURE: once a task fails, later tasks are dropped unrun and every synchronisation reports
  // 507004 (ACL_ERROR_RT_STREAM_NOT_COMPLETE) for them. ACL_CONTINUE_ON_FAILURE (the default) runs them.
  void SetStopOnFailure(bool stop);

  // Drops the tasks not started yet (aclrtDestroyStreamForce); a running task finishes. The dropped tasks are
  // destroyed unrun, which is how an event record among them learns it will never happen.
  void DiscardQueued();

 private:
  // Runs or waits until `target` tasks have completed. Requires lock to hold mu_.
  void DrainTo(uint64_t target, std::unique_lock<std::mutex>& lock);
  // Pops the front task and runs it with mu_ released. Requires lock, !running_ and a non-empty queue.
  void RunFront(std::unique_lock<std::mutex>& lock);
  // A task's start (running_ set, lock released; true when stop on failure skips it) and end (lock retaken,
  // completion counted, a failure recorded, waiters woken). Requires lock to hold mu_ / to be released.
  bool BeginTask(std::unique_lock<std::mutex>& lock);
  void EndTask(Status result, std::unique_lock<std::mutex>& lock);
  void WorkerLoop();
  // In the child after fork(): drops the parent's worker and pending tasks. Requires holding mu_.
  void ForgetParentWork();
  static void PrepareFork();
  static void ParentAfterFork();
  static void ChildAfterFork();

  const bool launch_blocking_;
  std::mutex mu_;
  std::condition_variable work_cv_;  // The worker sleeps here.
  std::condition_variable idle_cv_;  // Waiters sleep here.
  std::deque<Task> queue_;
  std::atomic<uint64_t> enqueued_{0};   // Written under mu_; read without it while spinning.
  std::atomic<uint64_t> completed_{0};  // Likewise.
  bool running_ = false;                // A task is running (on the worker or a waiter).
  std::atomic<bool> stopping_{false};   // Written under mu_.
  bool worker_sleeping_ = false;
  int sleeping_waiters_ = 0;
  Status first_failure_;
  bool stop_on_failure_ = false;
  bool stopped_ = false;  // stop_on_failure_ and a task failed.
  // Started by the first asynchronous Enqueue. A pointer, so the child of a fork() can abandon the parent's.
  std::unique_ptr<std::thread> worker_;
};

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_STREAM_H_
