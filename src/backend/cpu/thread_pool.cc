#include "backend/cpu/thread_pool.h"

#include <pthread.h>

#include <cstdint>
#include <exception>
#include <system_error>
#include <thread>

#include "backend/cpu/parallel.h"
#include "backend/cpu/spin.h"

namespace openaclnn::cpu {
namespace {

// How long an idle worker polls for the next job, and the caller for the workers, before sleeping. Launches
// often come back to back (a training step), and a futex sleep plus wake costs more than this.
constexpr int64_t kWorkerSpinNanos = 30'000;
constexpr int64_t kCallerSpinNanos = 200'000;

}  // namespace

struct ThreadPool::Worker {
  std::atomic<uint64_t> ticket{0};  // The number of the latest job this worker was woken for (set under mu).
  std::mutex mu;
  std::condition_variable cv;
  std::thread thread;
};

namespace {

// The process's pool. The child of a fork() has none of the parent's workers (and a job the parent was running
// may hold the pool busy), so it gets a fresh pool that starts its own workers; the parent's is abandoned.
std::atomic<ThreadPool*>& Instance() {
  static std::atomic<ThreadPool*> pool{[] {
    pthread_atfork(nullptr, nullptr, [] { Instance().store(new ThreadPool(), std::memory_order_release); });
    return new ThreadPool();
  }()};
  return pool;
}

}  // namespace

ThreadPool& ThreadPool::Get() { return *Instance().load(std::memory_order_acquire); }

int ThreadPool::WorkerCount() const { return worker_count_.load(std::memory_order_relaxed); }

bool ThreadPool::EnsureWorkers(int count) {
  while (static_cast<int>(workers_.size()) < count) {
    auto worker = std::make_unique<Worker>();
    Worker* self = worker.get();
    try {
      worker->thread = std::thread([this, self] { WorkerLoop(self); });
    } catch (const std::system_error&) {
      return false;  // Out of threads: the caller runs the job inline.
    }
    worker->thread.detach();  // The pool lives for the whole process.
    workers_.push_back(std::move(worker));
    worker_count_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
  }
  return true;
}

void ThreadPool::WorkerLoop(Worker* self) {
  uint64_t seen = 0;
  for (;;) {
    auto has_job = [self, &seen] { return self->ticket.load(std::memory_order_acquire) != seen; };
    if (!SpinUntil(has_job, kWorkerSpinNanos)) {
      std::unique_lock<std::mutex> lock(self->mu);
      self->cv.wait(lock, has_job);
    }
    seen = self->ticket.load(std::memory_order_acquire);
    // Parts left to claim, if any: a worker that wakes after the caller took every part finds none and touches
    // nothing of the job, nor of any job started after it.
    int part = 0;
    while (Claim(seen, kRunningOne, &part)) {
      (*job_)(part);
      FinishPart();
    }
  }
}

bool ThreadPool::Claim(uint64_t job, uint64_t running, int* part) {
  const uint64_t job_tag = job & ((uint64_t{1} << kJobBits) - 1);
  uint64_t claims = claims_.load(std::memory_order_acquire);
  for (;;) {
    if ((claims >> kJobShift) != job_tag) {
      return false;
    }
    const uint64_t next = (claims >> kNextShift) & kFieldMask;
    const uint64_t parts = (claims >> kPartsShift) & kFieldMask;
    if (next >= parts) {
      return false;
    }
    if (claims_.compare_exchange_weak(claims, claims + (uint64_t{1} << kNextShift) + running,
                                      std::memory_order_acq_rel, std::memory_order_acquire)) {
      *part = static_cast<int>(next);
      return true;
    }
  }
}

void ThreadPool::FinishPart() {
  const uint64_t before = claims_.fetch_sub(kRunningOne, std::memory_order_acq_rel);
  if ((before & kFieldMask) == 1) {
    // Taking the lock orders this notification after a caller that is about to sleep has started waiting.
    std::lock_guard<std::mutex> lock(done_mu_);
    done_cv_.notify_one();
  }
}

bool ThreadPool::TryRun(int parts, FunctionRef<void(int)> job) {
  static_assert(kMaxKernelThreads <= kFieldMask, "a job's part counts must fit their fields of claims_");
  if (parts < 2) {
    return false;
  }
  bool expected = false;
  if (!busy_.compare_exchange_strong(expected, true, std::memory_order_acquire)) {
    return false;
  }
  bool started = false;
  try {
    started = EnsureWorkers(parts - 1);
  } catch (const std::bad_alloc&) {
    started = false;
  }
  if (!started) {
    busy_.store(false, std::memory_order_release);
    return false;
  }
  job_ = &job;
  const uint64_t job_number = ++jobs_;
  claims_.store((job_number << kJobShift) | (static_cast<uint64_t>(parts) << kPartsShift),
                std::memory_order_release);
  for (int k = 1; k < parts; ++k) {
    Worker& worker = *workers_[k - 1];
    {
      std::lock_guard<std::mutex> lock(worker.mu);
      worker.ticket.store(job_number, std::memory_order_release);
    }
    worker.cv.notify_one();
  }
  // The caller claims parts too, the first one free and then any a worker has not taken yet, so a worker that is
  // slow to wake (a busy machine) delays nothing: the caller waits only for parts a worker is actually running.
  std::exception_ptr failure;
  int part = 0;
  while (Claim(job_number, 0, &part)) {
    try {
      job(part);
    } catch (...) {
      failure = std::current_exception();  // Workers still use job_: wait for them before leaving.
    }
  }
  auto all_done = [this] { return (claims_.load(std::memory_order_acquire) & kFieldMask) == 0; };
  if (!SpinUntil(all_done, kCallerSpinNanos)) {
    std::unique_lock<std::mutex> lock(done_mu_);
    done_cv_.wait(lock, all_done);
  }
  job_ = nullptr;
  busy_.store(false, std::memory_order_release);
  if (failure) {
    std::rethrow_exception(failure);
  }
  return true;
}

}  // namespace openaclnn::cpu
