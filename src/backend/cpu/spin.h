// Bounded busy-waiting for hand-offs between threads that usually complete within microseconds: a waiter
// spins briefly (a futex sleep and wake costs several microseconds), then falls back to blocking.
#ifndef OPENACLNN_BACKEND_CPU_SPIN_H_
#define OPENACLNN_BACKEND_CPU_SPIN_H_

#include <chrono>
#include <cstdint>

namespace openaclnn::cpu {

// Tells the core this is a spin loop (saves power, frees the sibling hyperthread).
inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  asm volatile("yield" ::: "memory");
#endif
}

// Polls ready() until it returns true or about `nanoseconds` have passed; returns the last answer.
template <typename Ready>
bool SpinUntil(Ready&& ready, int64_t nanoseconds) {
  if (ready()) {
    return true;
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
  }
}

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_SPIN_H_
