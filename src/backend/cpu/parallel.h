// Data parallelism for kernels: a static partition of an index range over the kernel threads.
#ifndef OPENACLNN_BACKEND_CPU_PARALLEL_H_
#define OPENACLNN_BACKEND_CPU_PARALLEL_H_

#include <cstdint>
#include <functional>

namespace openaclnn::cpu {

// Threads a kernel may use (>= 1).
int KernelThreads();

// Calls fn(begin, end) on contiguous chunks covering [0, count), possibly concurrently, and returns when all are
// done. Each chunk except possibly the last has at least `grain` indices; no threads are used when count <= grain.
// Chunk boundaries vary with the thread count: callers whose results must not depend on it (reductions) must
// combine per-chunk results in a way independent of the boundaries (e.g. fixed-size blocks of their own).
void ParallelFor(int64_t count, int64_t grain, const std::function<void(int64_t begin, int64_t end)>& fn);

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_PARALLEL_H_
