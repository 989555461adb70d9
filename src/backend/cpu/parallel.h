// Data parallelism for kernels: a static partition of an index range over the kernel threads.
//
// The thread count is OPENACLNN_NUM_THREADS when set (a positive integer), else the number of CPUs this process
// may run on (sched_getaffinity); openaclnnSetNumThreads overrides both at run time. Work smaller than
// kMinParallelBytes per thread stays on the calling thread: starting threads costs more than it saves there.
#ifndef OPENACLNN_BACKEND_CPU_PARALLEL_H_
#define OPENACLNN_BACKEND_CPU_PARALLEL_H_

#include <cstdint>

#include "backend/cpu/function_ref.h"
#include "core/status.h"

namespace openaclnn::cpu {

inline constexpr const char* kNumThreadsEnv = "OPENACLNN_NUM_THREADS";
inline constexpr int kMaxKernelThreads = 256;

// Each thread of a parallel kernel gets at least this many bytes of output (see docs/PERFORMANCE.md).
inline constexpr int64_t kMinParallelBytes = int64_t{512} << 10;

// Threads a kernel may use (>= 1).
int KernelThreads();

// The default: OPENACLNN_NUM_THREADS if set and valid, else the CPUs available to the process.
int DefaultKernelThreads();

// 1..kMaxKernelThreads sets the count, 0 restores the default; anything else is an error for `api`.
Status SetKernelThreads(const char* api, int64_t threads);

// A transcendental function evaluated in double (exp, log, log1p) costs about as much time as streaming this many
// bytes of output, so compute-bound kernels split sooner than streaming ones.
inline constexpr int64_t kBytesPerTranscendental = 16;

// The one grain policy (minimum indices per thread) every parallel kernel uses: each thread gets at least
// kMinParallelBytes of work. A kernel states its work per index as the bytes it streams, which is what it writes or,
// for a reduction that writes almost nothing, what it reads, plus the transcendental functions it evaluates.
int64_t GrainForBytes(int64_t bytes_per_index, int64_t transcendentals_per_index = 0);

// Calls fn(begin, end) on contiguous chunks covering [0, count), possibly concurrently, and returns when all are
// done. Each chunk has at least `grain` indices, so no threads are used when count < 2 * grain; the chunks are
// as equal as possible (a static partition). When the pool is busy with another launch, the whole range runs on
// the calling thread. Chunk boundaries vary with the thread count: callers whose results must not depend on it
// (reductions) must combine per-chunk results in a way independent of the boundaries. fn must not throw.
void ParallelFor(int64_t count, int64_t grain, FunctionRef<void(int64_t begin, int64_t end)> fn);

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_PARALLEL_H_
