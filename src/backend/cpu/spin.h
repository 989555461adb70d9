// Bounded busy-waiting for hand-offs between threads that usually complete within microseconds: a waiter
// spins briefly (a futex sleep and wake costs several microseconds), then falls back to blocking. Used by the
// kernel thread pool and by the streams.
#ifndef OPENACLNN_BACKEND_CPU_SPIN_H_
#define OPENACLNN_BACKEND_CPU_SPIN_H_

#include <chrono>
#include <cstdint>
#include <thread>

namespace openaclnn::cpu {

// Tells the core this is a spin loop (saves power, frees the sibling hyperthread).
inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  asm volatile("yield" ::: "memory");
#endif
}

// With one CPU a spinning thread only delays the thread it waits for.
inline bool SpinningHelps() {
  static const bool helps = std::thread::hardware_concurrency() > 1;
  return helps;
}

// kBetweenRounds gives the CPU away after each round of polls: for waits on threads that may be waiting for a
// CPU themselves on a loaded machine (a stream's worker), rather than on threads known to be running (the
// pool's workers during a job).
enum class SpinYield { kNever, kBetweenRounds };

// Polls ready() until it returns true or about `nanoseconds` have passed; returns the last answer. Where
// spinning cannot help (one CPU) it asks once.
template <typename Ready>
bool SpinUntil(Ready&& ready, int64_t nanoseconds, SpinYield yield = SpinYield::kNever) {
  if (ready()) {
    return true;
  }
  if (!SpinningHelps()) {
    return false;
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::nanoseconds(nanoseconds);
  for (;;) {
    for (int i = 0; i < 32; ++i) {
      CpuRelax();
      if (ready()) {
        return true;
      }
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      return ready();
    }
    if (yield == SpinYield::kBetweenRounds) {
      std::this_thread::yield();
    }
  }
}

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_SPIN_H_
