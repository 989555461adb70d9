// Test helper: runs a body on many host threads at once (released together, to maximise overlap) and collects
// what they report, for the main thread to assert on.
#ifndef OPENACLNN_TESTS_CONCURRENCY_THREAD_HARNESS_H_
#define OPENACLNN_TESTS_CONCURRENCY_THREAD_HARNESS_H_

#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace openaclnn::test {

class Failures {
 public:
  void Add(const std::string& failure) {
    std::lock_guard<std::mutex> lock(mu_);
    failures_.push_back(failure);
  }
  // "" when nothing was reported, else the first few reports.
  std::string Summary() const {
    std::lock_guard<std::mutex> lock(mu_);
    std::string text;
    for (size_t i = 0; i < failures_.size() && i < 8; ++i) {
      text += failures_[i] + "\n";
    }
    if (failures_.size() > 8) {
      text += "... and " + std::to_string(failures_.size() - 8) + " more\n";
    }
    return text;
  }

 private:
  mutable std::mutex mu_;
  std::vector<std::string> failures_;
};

// Starts `threads` threads running body(thread_index), releases them at once and joins them.
inline void RunOnThreads(int threads, const std::function<void(int)>& body) {
  std::mutex mu;
  std::condition_variable start_cv;
  bool started = false;
  std::vector<std::thread> workers;
  workers.reserve(static_cast<size_t>(threads));
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      {
        std::unique_lock<std::mutex> lock(mu);
        start_cv.wait(lock, [&] { return started; });
      }
      body(t);
    });
  }
  {
    std::lock_guard<std::mutex> lock(mu);
    started = true;
  }
  start_cv.notify_all();
  for (std::thread& worker : workers) {
    worker.join();
  }
}

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONCURRENCY_THREAD_HARNESS_H_
