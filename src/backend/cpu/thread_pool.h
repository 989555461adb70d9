// The kernel thread pool: a fixed set of worker threads that runs one statically partitioned job at a time.
// Parts are claimed: the calling thread runs parts itself until none is left, and each woken worker claims what
// remains of the job it was woken for (never of a later one: every claim names its job), so a job makes progress
// even when no worker is free, and a worker slow to wake (a busy machine) costs the caller nothing but the parts
// it already runs. A caller that finds the pool busy (another stream's launch holds it) runs its whole job inline
// instead of waiting: launches on concurrent streams can never deadlock on the pool.
#ifndef OPENACLNN_BACKEND_CPU_THREAD_POOL_H_
#define OPENACLNN_BACKEND_CPU_THREAD_POOL_H_

#include <atomic>
#include <cstdint>
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

  // Runs job(part) once for every part in [0, parts), each on the calling thread or on one of parts - 1 workers
  // (started on first use), whichever claims it first, and returns when all are done. Returns false without
  // running anything when parts < 2, when the pool is busy with another job, or when a worker thread cannot be
  // started: the caller then does the work itself. job must not throw.
  bool TryRun(int parts, FunctionRef<void(int)> job);

  // Worker threads started so far.
  int WorkerCount() const;

 private:
  struct Worker;

  bool EnsureWorkers(int count);  // Requires holding busy_.
  void WorkerLoop(Worker* self);
  // Takes the next unclaimed part of job number `job` into *part (false when none is left, or when the current
  // job is a later one), adding `running` to the count of parts running on workers (kRunningOne for a worker, 0
  // for the caller, which waits for them).
  bool Claim(uint64_t job, uint64_t running, int* part);
  void FinishPart();  // A worker's part is done.

  // claims_: the current job's number (its low kJobBits), part count, next unclaimed part and worker parts still
  // running, in one word so that a claim is one compare-and-swap. The number keeps a worker woken for a job that
  // ended before it got a CPU out of the next one: that job's count of threads is its caller's to choose. A
  // stale worker could only match again after 2^kJobBits further jobs, all while it waits for a CPU.
  static constexpr int kNextShift = 12;
  static constexpr int kPartsShift = 24;
  static constexpr int kJobShift = 36;
  static constexpr int kJobBits = 64 - kJobShift;
  static constexpr uint64_t kFieldMask = 0xfff;  // Each count field; kMaxKernelThreads fits.
  static constexpr uint64_t kRunningOne = 1;

  std::atomic<bool> busy_{false};
  std::vector<std::unique_ptr<Worker>> workers_;  // Grown only by the holder of busy_.
  std::atomic<int> worker_count_{0};
  uint64_t jobs_ = 0;  // Jobs started; written only by the holder of busy_.
  const FunctionRef<void(int)>* job_ = nullptr;   // Published to workers through claims_.
  std::atomic<uint64_t> claims_{0};
  std::mutex done_mu_;
  std::condition_variable done_cv_;
};

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_THREAD_POOL_H_
