// Memory-bandwidth probe for the benchmarks: how fast this machine can stream the bytes an operator must move,
// with nothing else to do. "K reads + 1 write": out[i] = in_0[i] ^ ... ^ in_{K-1}[i] over 64-bit words (K = 0
// is a fill), with normal or streaming (non-temporal) stores, on 1 or more threads. Highway picks the best
// vector target at run time, as in the library.
#ifndef OPENACLNN_BENCH_BANDWIDTH_PROBE_H_
#define OPENACLNN_BENCH_BANDWIDTH_PROBE_H_

#include <cstdint>
#include <vector>

namespace openaclnn::bench {

struct ProbeArrays {
  std::vector<const void*> inputs;  // K arrays of `bytes` bytes each (K <= 4).
  void* output = nullptr;           // `bytes` bytes.
  int64_t bytes = 0;                // A multiple of 64; arrays 64-byte aligned.
};

// Runs the probe `repetitions` times on `threads` threads (the range split evenly, threads started once and
// kept in step by a barrier) and returns each repetition's wall time in seconds.
std::vector<double> RunProbe(const ProbeArrays& arrays, bool streaming_stores, int threads, int repetitions);

// The name of the vector target the probe runs on.
const char* ProbeTarget();

}  // namespace openaclnn::bench

#endif  // OPENACLNN_BENCH_BANDWIDTH_PROBE_H_
