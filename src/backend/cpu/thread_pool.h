// The kernel thread pool: a fixed set of worker threads that runs one statically partitioned job at a time.
// The calling thread always runs part 0 itself, so a job makes progress even when no worker is free, and a
// caller that finds the pool busy (another stream's launch holds it) runs its whole job inline instead of
// waiting: launches on concurrent streams can never deadlock on the pool.
#ifndef OPENACLNN_BACKEND_CPU_THREAD_POOL_H_
#define OPENACLNN_BACKEND_CPU_THREAD_POOL_H_

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

#include "backend/cpu/function_ref.h"

namespace openaclnn::cpu {

class ThreadPool {
 public:
  // The process's pool. Never destroyed: stream worker threads may still launch kernels while statics are torn
  // down at exit.
  static ThreadPool& Get();

  ThreadPool() = default;
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Runs job(part) for every part in [0, parts), part 0 in the calling thread and part k on worker k (started on
  // first use), and returns when all are done. Returns false without running anything when parts < 2, when the
  // pool is busy with another job, or when a worker thread cannot be started: the caller then does the work
  // itself. job must not throw.
  bool TryRun(int parts, FunctionRef<void(int)> job);

  // Worker threads started so far.
  int WorkerCount() const;

 private:
  struct Worker;

  bool EnsureWorkers(int count);  // Requires holding busy_.
  void WorkerLoop(Worker* self, int part);
  void FinishPart();

  std::atomic<bool> busy_{false};
  std::vector<std::unique_ptr<Worker>> workers_;  // Grown only by the holder of busy_.
  std::atomic<int> worker_count_{0};
  const FunctionRef<void(int)>* job_ = nullptr;   // Published to workers through their ticket.
  std::atomic<int> pending_{0};                   // Worker parts of the current job not yet finished.
  std::mutex done_mu_;
  std::condition_variable done_cv_;
};

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_THREAD_POOL_H_
