// Google Benchmark suite of the kernels alone: the launch phase 1 planned, run directly on the calling thread
// (its kernel threads included) without the stream. Compares each kernel target with the reference kernels
// and shows what the stream hand-off adds in the API suite. Arguments as in api_bench.cc, plus the kernel
// target by index (0 reference, 1 the best SIMD target, 2 the next, ...).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "bench_tensors.h"
#include "framework/executor.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::bench {
namespace {

bool UseTarget(benchmark::State& state, int64_t index, int64_t threads) {
  BenchStream();
  const char* name = openaclnnGetKernelTargetName(static_cast<int32_t>(index));
  if (name == nullptr) {
    state.SkipWithError("no such kernel target here");
    return false;
  }
  openaclnnSetKernelTarget(name);
  openaclnnSetNumThreads(static_cast<int32_t>(threads));
  state.SetLabel(name);
  return true;
}

void RunLaunch(aclOpExecutor* executor) {
  const openaclnn::Status status = executor->launch->Run();
  benchmark::DoNotOptimize(status.ok());
}

// rows, classes, dtype, threads, target index
void BM_NllKernel(benchmark::State& state) {
  if (!UseTarget(state, state.range(4), state.range(3))) {
    return;
  }
  NllProblem problem(state.range(0), state.range(1), static_cast<aclDataType>(state.range(2)));
  aclOpExecutor* executor = problem.Plan();
  for (auto _ : state) {
    RunLaunch(executor);
  }
  aclDestroyAclOpExecutor(executor);
  state.SetBytesProcessed(state.iterations() * problem.MovedBytes());
}
BENCHMARK(BM_NllKernel)
    ->ArgNames({"rows", "classes", "dtype", "threads", "target"})
    ->ArgsProduct({{64, 4096}, {32000}, {0, 27}, {1, 2}, {0, 1, 2, 3, 4}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// rows, cols, dtype, weight kind, reduction, threads, target index
void BM_BceKernel(benchmark::State& state) {
  if (!UseTarget(state, state.range(6), state.range(5))) {
    return;
  }
  BceProblem problem(state.range(0), state.range(1), static_cast<aclDataType>(state.range(2)),
                     static_cast<int>(state.range(3)), state.range(4));
  aclOpExecutor* executor = problem.Plan();
  for (auto _ : state) {
    RunLaunch(executor);
  }
  aclDestroyAclOpExecutor(executor);
  state.SetBytesProcessed(state.iterations() * problem.MovedBytes());
}
BENCHMARK(BM_BceKernel)
    ->ArgNames({"rows", "cols", "dtype", "weight", "reduction", "threads", "target"})
    ->ArgsProduct({{256, 16384}, {1024}, {0, 1, 27}, {0, 1}, {0, 1}, {1, 2}, {0, 1, 2, 3, 4}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Normal against streaming stores by output size (the threshold of backend/cpu/store_policy.h): NLL backward on
// (rows, 8192) fp32, one thread. Arguments: output MiB, streaming (0/1).
void BM_NllStoreKind(benchmark::State& state) {
  if (!UseTarget(state, 1, 1)) {
    return;
  }
  openaclnnSetStreamingStoreThreshold(state.range(1) != 0 ? 0 : INT64_MAX);
  const int64_t rows = state.range(0) * (int64_t{1} << 20) / (8192 * 4);
  NllProblem problem(rows, 8192, ACL_FLOAT);
  aclOpExecutor* executor = problem.Plan();
  for (auto _ : state) {
    RunLaunch(executor);
  }
  aclDestroyAclOpExecutor(executor);
  openaclnnSetStreamingStoreThreshold(-1);
  state.SetBytesProcessed(state.iterations() * problem.MovedBytes());
}
BENCHMARK(BM_NllStoreKind)
    ->ArgNames({"MiB", "streaming"})
    ->ArgsProduct({{1, 2, 4, 8, 16, 32, 64, 256}, {0, 1}})
    ->UseRealTime();

}  // namespace
}  // namespace openaclnn::bench

BENCHMARK_MAIN();
