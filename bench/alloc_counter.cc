#include "alloc_counter.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace openaclnn::bench {
namespace {

std::atomic<uint64_t> g_allocations{0};

void* Allocate(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  // malloc(0) may return null; operator new must not.
  return std::malloc(size == 0 ? 1 : size);
}

}  // namespace

uint64_t AllocationCount() { return g_allocations.load(std::memory_order_relaxed); }

}  // namespace openaclnn::bench

// The replacements: the library and the benchmark share this one definition, as the language defines it for a
// program. Aligned forms keep the standard library's own pair of new and delete.
void* operator new(std::size_t size) {
  void* memory = openaclnn::bench::Allocate(size);
  if (memory == nullptr) {
    throw std::bad_alloc();
  }
  return memory;
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return openaclnn::bench::Allocate(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return openaclnn::bench::Allocate(size); }
void operator delete(void* memory) noexcept { std::free(memory); }
void operator delete[](void* memory) noexcept { std::free(memory); }
void operator delete(void* memory, std::size_t) noexcept { std::free(memory); }
void operator delete[](void* memory, std::size_t) noexcept { std::free(memory); }
void operator delete(void* memory, const std::nothrow_t&) noexcept { std::free(memory); }
void operator delete[](void* memory, const std::nothrow_t&) noexcept { std::free(memory); }
