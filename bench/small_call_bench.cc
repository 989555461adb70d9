// Google Benchmark suite of the per-call cost of small operator calls (1024 FLOAT elements, in cache), where the
// framework's work (checks, planning, executor registry, stream hand-over) weighs as much as the data. Each
// benchmark also reports allocs_per_call: heap allocations per iteration, counted by alloc_counter.cc. Built as
// its own program because it replaces the process's operator new.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "alloc_counter.h"
#include "bench_tensors.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::bench {
namespace {

const std::vector<int64_t> kDims = {1, 1024};

// Runs `call` once per iteration and reports the allocations it made per iteration.
template <typename Call>
void MeasureCalls(benchmark::State& state, Call&& call) {
  BenchStream();
  UseKernels(false);
  if (openaclnnSetNumThreads(1) != 0) {
    state.SkipWithError("openaclnnSetNumThreads failed");
    return;
  }
  call();  // Warm: the stream, the thread pool and the kernel dispatch are set up once per process.
  const uint64_t before = AllocationCount();
  for (auto _ : state) {
    call();
  }
  const double allocations = static_cast<double>(AllocationCount() - before);
  state.counters["allocs_per_call"] = allocations / static_cast<double>(state.iterations());
}

struct MseTensors {
  MseTensors() : stream(BenchStream()), self(kDims, ACL_FLOAT), target(kDims, ACL_FLOAT), out(kDims, ACL_FLOAT), grad(kDims, ACL_FLOAT) {
    self.FillFloat(0.75f);
    target.FillFloat(0.25f);
    grad.FillFloat(1.0f);
  }
  aclrtStream stream;  // First: the tensors' memory needs the device BenchStream opens.
  BenchTensor self, target, out, grad;
};

void BM_MseLossNone(benchmark::State& state) {
  MseTensors t;
  aclrtStream stream = BenchStream();
  MeasureCalls(state, [&] {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    aclnnMseLossGetWorkspaceSize(t.self.get(), t.target.get(), 0, t.out.get(), &workspace, &executor);
    aclnnMseLoss(nullptr, 0, executor, stream);
    aclrtSynchronizeStream(stream);
  });
}
BENCHMARK(BM_MseLossNone)->UseRealTime();

// Phase 1 alone: checks, plan and executor, then its release.
void BM_MseLossNonePhase1(benchmark::State& state) {
  MseTensors t;
  MeasureCalls(state, [&] {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    aclnnMseLossGetWorkspaceSize(t.self.get(), t.target.get(), 0, t.out.get(), &workspace, &executor);
    aclDestroyAclOpExecutor(executor);
  });
}
BENCHMARK(BM_MseLossNonePhase1)->UseRealTime();

// Phase 2 and the synchronisation alone, on a repeatable executor.
void BM_MseLossNonePhase2(benchmark::State& state) {
  MseTensors t;
  aclrtStream stream = BenchStream();
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  aclnnMseLossGetWorkspaceSize(t.self.get(), t.target.get(), 0, t.out.get(), &workspace, &executor);
  aclSetAclOpExecutorRepeatable(executor);
  MeasureCalls(state, [&] {
    aclnnMseLoss(nullptr, 0, executor, stream);
    aclrtSynchronizeStream(stream);
  });
  aclDestroyAclOpExecutor(executor);
}
BENCHMARK(BM_MseLossNonePhase2)->UseRealTime();

void BM_MseLossBackwardMean(benchmark::State& state) {
  MseTensors t;
  aclrtStream stream = BenchStream();
  MeasureCalls(state, [&] {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    aclnnMseLossBackwardGetWorkspaceSize(t.grad.get(), t.self.get(), t.target.get(), 1, t.out.get(), &workspace,
                                         &executor);
    aclnnMseLossBackward(nullptr, 0, executor, stream);
    aclrtSynchronizeStream(stream);
  });
}
BENCHMARK(BM_MseLossBackwardMean)->UseRealTime();

void BM_LogitGrad(benchmark::State& state) {
  MseTensors t;
  t.self.FillFloat(0.25f);
  aclrtStream stream = BenchStream();
  MeasureCalls(state, [&] {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    aclnnLogitGradGetWorkspaceSize(t.self.get(), t.grad.get(), -1.0, t.out.get(), &workspace, &executor);
    aclnnLogitGrad(nullptr, 0, executor, stream);
    aclrtSynchronizeStream(stream);
  });
}
BENCHMARK(BM_LogitGrad)->UseRealTime();

}  // namespace
}  // namespace openaclnn::bench

BENCHMARK_MAIN();
