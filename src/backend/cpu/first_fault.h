// The first fault of a parallel kernel: the lowest index at which any chunk noted one, and what it found there.
// ParallelFor's chunks run in any order and their boundaries move with the thread count, so a report has to name the
// lowest index over all chunks to be the same for every thread count. Each chunk notes into its own FirstFault
// (no locking on the hot path) and merges it once into the launch's SharedFirstFault; this is the one place
// operators combine their chunks' faults (bad class targets, reduced sums beyond out's range).
#ifndef OPENACLNN_BACKEND_CPU_FIRST_FAULT_H_
#define OPENACLNN_BACKEND_CPU_FIRST_FAULT_H_

#include <cstdint>
#include <mutex>

namespace openaclnn::cpu {

template <typename Value>
struct FirstFault {
  int64_t index = -1;  // -1: nothing noted.
  Value value{};

  bool found() const { return index >= 0; }
  void Note(int64_t at, Value found_value) {
    if (index < 0 || at < index) {
      index = at;
      value = found_value;
    }
  }
};

template <typename Value>
class SharedFirstFault {
 public:
  void Merge(const FirstFault<Value>& local) {
    if (!local.found()) {
      return;
    }
    std::lock_guard<std::mutex> lock(mu_);
    first_.Note(local.index, local.value);
  }
  // Read once every chunk has returned (ParallelFor has joined them).
  const FirstFault<Value>& first() const { return first_; }

 private:
  std::mutex mu_;
  FirstFault<Value> first_;
};

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_FIRST_FAULT_H_
