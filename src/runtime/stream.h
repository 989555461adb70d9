// Streams: in-order task queues, each drained by its own worker thread, so launches overlap host code until
// the user synchronises. A failure raised by a task is kept and returned by the next synchronisation.
#ifndef OPENACLNN_RUNTIME_STREAM_H_
#define OPENACLNN_RUNTIME_STREAM_H_

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "core/status.h"

namespace openaclnn::runtime {

// A unit of work; a non-OK result is reported by the next Synchronize().
using Task = std::function<Status()>;

class Stream {
 public:
  explicit Stream(bool launch_blocking);
  ~Stream();  // Runs what is queued, then stops the worker.

  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  void Enqueue(Task task);

  // Waits for every task enqueued so far; returns and clears the first failure since the last call.
  Status Synchronize();

  // Waits for every task enqueued so far, leaving failures for the next Synchronize().
  void WaitIdle();

 private:
  void WorkerLoop();
  void RecordResult(Status result);  // Requires mu_.

  const bool launch_blocking_;
  std::mutex mu_;
  std::condition_variable work_cv_;
  std::condition_variable idle_cv_;
  std::deque<Task> queue_;
  uint64_t enqueued_ = 0;
  uint64_t completed_ = 0;
  bool stopping_ = false;
  Status first_failure_;
  std::thread worker_;  // Started by the first asynchronous Enqueue.
};

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_STREAM_H_
