#include "backend/cpu/thread_pool.h"

#include <pthread.h>

#include <cstdint>
#include <exception>
#include <system_error>
#include <thread>

#include "backend/cpu/spin.h"

namespace openaclnn::cpu {
namespace {

// How long an idle worker polls for the next job, and the caller for the workers, before sleeping. Launches
// often come back to back (a training step), and a futex sleep plus wake costs more than this.
constexpr int64_t kWorkerSpinNanos = 30'000;
constexpr int64_t kCallerSpinNanos = 200'000;

}  // namespace

struct ThreadPool::Worker {
  std::atomic<uint64_t> ticket{0};  // Incremented (under mu) for every job this worker takes part in.
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
    const int part = static_cast<int>(workers_.size()) + 1;
    try {
      worker->thread = std::thread([this, self, part] { WorkerLoop(self, part); });
    } catch (const std::system_error&) {
      return false;  // Out of threads: the caller runs the job inline.
    }
    worker->thread.detach();  // The pool lives for the whole process.
    workers_.push_back(std::move(worker));
    worker_count_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
  }
  return true;
}

void ThreadPool::WorkerLoop(Worker* self, int part) {
  uint64_t seen = 0;
  for (;;) {
    auto has_job = [self, &seen] { return self->ticket.load(std::memory_order_acquire) != seen; };
    if (!SpinUntil(has_job, kWorkerSpinNanos)) {
      std::unique_lock<std::mutex> lock(self->mu);
      self->cv.wait(lock, has_job);
    }
    seen = self->ticket.load(std::memory_order_acquire);
    (*job_)(part);
    FinishPart();
  }
}

void ThreadPool::FinishPart() {
  if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    // Taking the lock orders this notification after a caller that is about to sleep has started waiting.
    std::lock_guard<std::mutex> lock(done_mu_);
    done_cv_.notify_one();
  }
}

bool ThreadPool::TryRun(int parts, FunctionRef<void(int)> job) {
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
  pending_.store(parts - 1, std::memory_order_relaxed);
  for (int k = 1; k < parts; ++k) {
    Worker& worker = *workers_[k - 1];
    {
      std::lock_guard<std::mutex> lock(worker.mu);
      worker.ticket.fetch_add(1, std::memory_order_release);
    }
    worker.cv.notify_one();
  }
  std::exception_ptr failure;
  try {
    job(0);
  } catch (...) {
    failure = std::current_exception();  // Workers still use job_: wait for them before leaving.
  }
  auto all_done = [this] { return pending_.load(std::memory_order_acquire) == 0; };
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
