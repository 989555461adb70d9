// Counts the heap allocations of the whole process (global operator new replaced in alloc_counter.cc), so a
// benchmark can report how many allocations one operator call makes: the part of a small call's cost that
// grows with the allocator's contention and that no timing on a shared machine shows reliably.
#ifndef OPENACLNN_BENCH_ALLOC_COUNTER_H_
#define OPENACLNN_BENCH_ALLOC_COUNTER_H_

#include <cstdint>

namespace openaclnn::bench {

// Allocations through operator new (every form but the aligned ones) since the process started.
uint64_t AllocationCount();

}  // namespace openaclnn::bench

#endif  // OPENACLNN_BENCH_ALLOC_COUNTER_H_
