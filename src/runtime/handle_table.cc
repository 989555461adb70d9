#include "runtime/handle_table.h"

#include <atomic>

namespace openaclnn::runtime {

void* NextHandle() {
  // Handles start far above small integers a caller might pass by mistake, step by 16 so they look like
  // aligned pointers to tools that print them, and are never dereferenced.
  static std::atomic<uintptr_t> next{uintptr_t{0x0ac1} << 32};
  return reinterpret_cast<void*>(next.fetch_add(16, std::memory_order_relaxed));
}

}  // namespace openaclnn::runtime
