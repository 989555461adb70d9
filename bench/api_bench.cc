// Google Benchmark suite of the full API path, as a CANN program calls it: phase 1 + phase 2 +
// aclrtSynchronizeStream per iteration. bytes_per_second counts the bytes the operator must move (inputs read
// once, out written once). Arguments name the shape, data type (0 FLOAT, 1 FLOAT16, 27 BFLOAT16), threads and
// kernels (0 best SIMD target, 1 reference); BM_Softmax also the operator and dim.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "bench_tensors.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::bench {
namespace {

void Configure(benchmark::State& state, int threads, bool reference) {
  BenchStream();
  UseKernels(reference);
  if (openaclnnSetNumThreads(threads) != 0) {
    state.SkipWithError("openaclnnSetNumThreads failed");
  }
}

// rows, classes, dtype, threads, reference
void BM_NllBackward(benchmark::State& state) {
  Configure(state, static_cast<int>(state.range(3)), state.range(4) != 0);
  NllProblem problem(state.range(0), state.range(1), static_cast<aclDataType>(state.range(2)));
  aclrtStream stream = BenchStream();
  for (auto _ : state) {
    aclOpExecutor* executor = problem.Plan();
    aclnnNLLLossBackward(nullptr, 0, executor, stream);
    aclrtSynchronizeStream(stream);
  }
  state.SetBytesProcessed(state.iterations() * problem.MovedBytes());
}
BENCHMARK(BM_NllBackward)
    ->ArgNames({"rows", "classes", "dtype", "threads", "reference"})
    ->Args({64, 1000, 0, 1, 0})
    ->Args({64, 1000, 0, 1, 1})
    ->Args({4096, 32000, 0, 1, 0})
    ->Args({4096, 32000, 0, 2, 0})
    ->Args({4096, 32000, 0, 1, 1})
    ->Args({4096, 32000, 27, 1, 0})
    ->Args({4096, 32000, 1, 1, 0})
    ->Args({4096, 32000, 27, 2, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// aclnnNLLLoss2dBackward on (N, C, H, W) NCHW maps with a weight (the compare_torch case: reduction mean, INT64
// targets): N, C, H, W, dtype, threads, reduction (0 none, 1 mean), target dtype (9 INT64, 3 INT32, 4 UINT8).
// self is never read (one element with zero strides). Counter ns_per_element: wall time per element of out.
void BM_Nll2dBackward(benchmark::State& state) {
  Configure(state, static_cast<int>(state.range(5)), false);
  const std::vector<int64_t> dims = {state.range(0), state.range(1), state.range(2), state.range(3)};
  const auto dtype = static_cast<aclDataType>(state.range(4));
  const int64_t reduction = state.range(6);
  BenchTensor self(dims, dtype, {0, 0, 0, 0}, 1);
  BenchTensor target({dims[0], dims[2], dims[3]}, static_cast<aclDataType>(state.range(7)));
  target.FillTargets(dims[1]);
  BenchTensor weight({dims[1]}, dtype);
  weight.FillFloat(0.75f);
  const std::vector<int64_t> grad_dims =
      reduction == 0 ? std::vector<int64_t>{dims[0], dims[2], dims[3]} : std::vector<int64_t>{};
  BenchTensor grad(grad_dims, dtype);
  grad.FillFloat(1.0f);
  BenchTensor total_weight({}, dtype);
  total_weight.FillFloat(1000.0f);
  BenchTensor out(dims, dtype);
  aclrtStream stream = BenchStream();
  for (auto _ : state) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    aclnnNLLLoss2dBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(), reduction, -100,
                                           total_weight.get(), out.get(), &workspace, &executor);
    aclnnNLLLoss2dBackward(nullptr, workspace, executor, stream);
    aclrtSynchronizeStream(stream);
  }
  state.SetBytesProcessed(state.iterations() * (out.bytes() + target.bytes() + weight.bytes() + grad.bytes()));
  const double elements = static_cast<double>(dims[0] * dims[1] * dims[2] * dims[3]);
  state.counters["ns_per_element"] = benchmark::Counter(
      elements * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Nll2dBackward)
    ->ArgNames({"n", "c", "h", "w", "dtype", "threads", "reduction", "target"})
    ->ArgsProduct({{8}, {21}, {512}, {512}, {0, 27}, {1, 2}, {1}, {9}})
    ->ArgsProduct({{8}, {21}, {512}, {512}, {0}, {1}, {0, 1}, {9, 3, 4}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The softmax family on (rows, length): op (0 softmax, 1 log-softmax, 2 softmax backward, 3 log-softmax
// backward), rows, length, dim (1: contiguous rows; 0: strided rows of `rows` elements), dtype, threads, reference.
// Counter ns_per_element: wall time per element of out (Google Benchmark prints it as seconds per 10^9 elements,
// with an "s" suffix: the same number).
void BM_Softmax(benchmark::State& state) {
  Configure(state, static_cast<int>(state.range(5)), state.range(6) != 0);
  const int64_t op = state.range(0);
  const auto dtype = static_cast<aclDataType>(state.range(4));
  const int64_t dim = state.range(3);
  BenchTensor self({state.range(1), state.range(2)}, dtype);
  BenchTensor output({state.range(1), state.range(2)}, dtype);
  BenchTensor out({state.range(1), state.range(2)}, dtype);
  self.FillFloat(0.5f);
  output.FillFloat(op == 3 ? -3.0f : 0.1f);
  aclrtStream stream = BenchStream();
  for (auto _ : state) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    switch (op) {
      case 0:
        aclnnSoftmaxGetWorkspaceSize(self.get(), dim, out.get(), &workspace, &executor);
        aclnnSoftmax(nullptr, workspace, executor, stream);
        break;
      case 1:
        aclnnLogSoftmaxGetWorkspaceSize(self.get(), dim, out.get(), &workspace, &executor);
        aclnnLogSoftmax(nullptr, workspace, executor, stream);
        break;
      case 2:
        aclnnSoftmaxBackwardGetWorkspaceSize(self.get(), output.get(), dim, out.get(), &workspace, &executor);
        aclnnSoftmaxBackward(nullptr, workspace, executor, stream);
        break;
      default:
        aclnnLogSoftmaxBackwardGetWorkspaceSize(self.get(), output.get(), dim, out.get(), &workspace, &executor);
        aclnnLogSoftmaxBackward(nullptr, workspace, executor, stream);
        break;
    }
    aclrtSynchronizeStream(stream);
  }
  const int64_t operands = op < 2 ? 2 : 3;  // Inputs read once, out written once.
  state.SetBytesProcessed(state.iterations() * operands * out.bytes());
  const double elements = static_cast<double>(state.range(1) * state.range(2));
  state.counters["ns_per_element"] = benchmark::Counter(
      elements * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Softmax)
    ->ArgNames({"op", "rows", "length", "dim", "dtype", "threads", "reference"})
    ->ArgsProduct({{0, 1, 2, 3}, {256}, {32000}, {1}, {0, 27}, {1}, {0}})
    ->Args({1, 256, 32000, 1, 0, 1, 1})
    ->Args({1, 256, 32000, 1, 0, 2, 0})
    ->Args({1, 21, 262144, 0, 0, 1, 0})
    ->Args({1, 21, 262144, 0, 0, 1, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// rows, cols, dtype, weight kind (0 none, 1 same shape, 2 per column), reduction, threads, reference
void BM_BceBackward(benchmark::State& state) {
  Configure(state, static_cast<int>(state.range(5)), state.range(6) != 0);
  BceProblem problem(state.range(0), state.range(1), static_cast<aclDataType>(state.range(2)),
                     static_cast<int>(state.range(3)), state.range(4));
  aclrtStream stream = BenchStream();
  for (auto _ : state) {
    aclOpExecutor* executor = problem.Plan();
    aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream);
    aclrtSynchronizeStream(stream);
  }
  state.SetBytesProcessed(state.iterations() * problem.MovedBytes());
}
BENCHMARK(BM_BceBackward)
    ->ArgNames({"rows", "cols", "dtype", "weight", "reduction", "threads", "reference"})
    ->Args({1024, 1024, 0, 0, 0, 1, 0})
    ->Args({1024, 1024, 0, 0, 0, 1, 1})
    ->Args({1024, 1024, 0, 1, 1, 1, 0})
    ->Args({16384, 1024, 0, 0, 0, 1, 0})
    ->Args({16384, 1024, 0, 0, 0, 2, 0})
    ->Args({16384, 1024, 0, 1, 1, 1, 0})
    ->Args({16384, 1024, 0, 2, 2, 1, 0})
    ->Args({16384, 1024, 0, 1, 1, 1, 1})
    ->Args({16384, 1024, 1, 0, 0, 1, 0})
    ->Args({16384, 1024, 27, 0, 0, 1, 0})
    ->Args({16384, 1024, 27, 1, 1, 2, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The cost of one small call (1000 elements): what a training loop pays per launch beyond the data.
void BM_SmallCallNll(benchmark::State& state) {
  Configure(state, 0, false);
  NllProblem problem(10, 100, ACL_FLOAT);
  aclrtStream stream = BenchStream();
  for (auto _ : state) {
    aclOpExecutor* executor = problem.Plan();
    aclnnNLLLossBackward(nullptr, 0, executor, stream);
    aclrtSynchronizeStream(stream);
  }
}
BENCHMARK(BM_SmallCallNll)->UseRealTime();

void BM_SmallCallBce(benchmark::State& state) {
  Configure(state, 0, false);
  BceProblem problem(1, 1000, ACL_FLOAT, 1, 1);
  aclrtStream stream = BenchStream();
  for (auto _ : state) {
    aclOpExecutor* executor = problem.Plan();
    aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream);
    aclrtSynchronizeStream(stream);
  }
}
BENCHMARK(BM_SmallCallBce)->UseRealTime();

// Phase 1 alone (validation, planning, executor creation), and phase 2 + synchronize alone on a repeatable
// executor: where a small call's time goes.
void BM_SmallCallBcePhase1(benchmark::State& state) {
  Configure(state, 0, false);
  BceProblem problem(1, 1000, ACL_FLOAT, 1, 1);
  for (auto _ : state) {
    aclOpExecutor* executor = problem.Plan();
    aclDestroyAclOpExecutor(executor);
  }
}
BENCHMARK(BM_SmallCallBcePhase1)->UseRealTime();

void BM_SmallCallBceRepeatable(benchmark::State& state) {
  Configure(state, 0, false);
  BceProblem problem(1, 1000, ACL_FLOAT, 1, 1);
  aclrtStream stream = BenchStream();
  aclOpExecutor* executor = problem.Plan();
  aclSetAclOpExecutorRepeatable(executor);
  for (auto _ : state) {
    aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream);
    aclrtSynchronizeStream(stream);
  }
  aclDestroyAclOpExecutor(executor);
}
BENCHMARK(BM_SmallCallBceRepeatable)->UseRealTime();

// aclnnMseLoss, the pointwise-loss engine's forward, on (rows, cols) FLOAT self and target: the deterministic mean
// and sum (reduction 1, 2) and reduction none, small and in cache, on 1 and 2 threads.
void BM_MseForward(benchmark::State& state) {
  Configure(state, static_cast<int>(state.range(3)), false);
  const std::vector<int64_t> dims = {state.range(0), state.range(1)};
  const int64_t reduction = state.range(2);
  BenchTensor self(dims, ACL_FLOAT);
  BenchTensor target(dims, ACL_FLOAT);
  BenchTensor out(reduction == 0 ? dims : std::vector<int64_t>{}, ACL_FLOAT);
  self.FillFloat(0.75f);
  target.FillFloat(0.25f);
  aclrtStream stream = BenchStream();
  for (auto _ : state) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    aclnnMseLossGetWorkspaceSize(self.get(), target.get(), reduction, out.get(), &workspace, &executor);
    aclnnMseLoss(nullptr, 0, executor, stream);
    aclrtSynchronizeStream(stream);
  }
  state.SetBytesProcessed(state.iterations() * (self.bytes() + target.bytes() + out.bytes()));
  state.counters["ns_per_element"] = benchmark::Counter(static_cast<double>(dims[0] * dims[1]) * 1e-9,
                                                       benchmark::Counter::kIsIterationInvariantRate |
                                                           benchmark::Counter::kInvert);
}
BENCHMARK(BM_MseForward)
    ->ArgNames({"rows", "cols", "reduction", "threads"})
    ->Args({1, 1024, 1, 1})
    ->Args({1, 1024, 2, 1})
    ->Args({1, 1024, 0, 1})
    ->Args({1024, 1024, 1, 1})
    ->Args({1024, 1024, 1, 2})
    ->Args({1024, 1024, 2, 1})
    ->Args({1024, 1024, 2, 2})
    ->Args({1024, 1024, 0, 1})
    ->Args({1024, 1024, 0, 2})
    ->UseRealTime();

// aclnnKlDivBackward (logTarget false: a product per element) on (rows, cols) FLOAT operands, gradOutput full-size
// for reduction none and a scalar for mean, on 1 and 2 threads; ns_per_element as for BM_Softmax.
void BM_KlDivBackward(benchmark::State& state) {
  Configure(state, static_cast<int>(state.range(3)), false);
  const std::vector<int64_t> dims = {state.range(0), state.range(1)};
  const int64_t reduction = state.range(2);
  BenchTensor grad(reduction == 0 ? dims : std::vector<int64_t>{}, ACL_FLOAT);
  BenchTensor self(dims, ACL_FLOAT);
  BenchTensor target(dims, ACL_FLOAT);
  BenchTensor out(dims, ACL_FLOAT);
  grad.FillFloat(0.5f);
  self.FillFloat(-1.5f);
  target.FillFloat(0.25f);
  aclrtStream stream = BenchStream();
  for (auto _ : state) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    aclnnKlDivBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), reduction, false, out.get(), &workspace,
                                       &executor);
    aclnnKlDivBackward(nullptr, 0, executor, stream);
    aclrtSynchronizeStream(stream);
  }
  state.SetBytesProcessed(state.iterations() * (grad.bytes() + target.bytes() + out.bytes()));
  state.counters["ns_per_element"] = benchmark::Counter(static_cast<double>(dims[0] * dims[1]) * 1e-9,
                                                       benchmark::Counter::kIsIterationInvariantRate |
                                                           benchmark::Counter::kInvert);
}
BENCHMARK(BM_KlDivBackward)
    ->ArgNames({"rows", "cols", "reduction", "threads"})
    ->Args({1, 1024, 0, 1})
    ->Args({1024, 1024, 0, 1})
    ->Args({1024, 1024, 0, 2})
    ->Args({1024, 1024, 1, 1})
    ->Args({1024, 1024, 1, 2})
    ->UseRealTime();

// aclnnCrossEntropyLoss (op 0) or aclnnCrossEntropyLossGrad (op 1) on (rows, classes) logits: mean, no weight,
// ignoreIndex -100 (no row ignored; targets i * 7919 % classes), dtype, threads. The logits are all 0.5 (every
// element ties with the maximum: the same work per element as any row) and the log-probabilities all -3. Counter
// ns_per_element: wall time per logit (printed with an "s" suffix, as for BM_Softmax).
void BM_CrossEntropy(benchmark::State& state) {
  Configure(state, static_cast<int>(state.range(4)), false);
  const int64_t op = state.range(0);
  const int64_t rows = state.range(1);
  const int64_t classes = state.range(2);
  const auto dtype = static_cast<aclDataType>(state.range(3));
  BenchTensor logits({rows, classes}, dtype);
  BenchTensor target({rows}, ACL_INT64);
  BenchTensor loss({}, dtype);
  BenchTensor zloss({}, dtype);
  BenchTensor lse({rows}, dtype);
  BenchTensor grad_loss({}, dtype);
  BenchTensor out({rows, classes}, dtype);
  logits.FillFloat(op == 0 ? 0.5f : -3.0f);
  target.FillTargets(classes);
  grad_loss.FillFloat(1.0f);
  char reduction[] = "mean";
  aclrtStream stream = BenchStream();
  for (auto _ : state) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    if (op == 0) {
      aclnnCrossEntropyLossGetWorkspaceSize(logits.get(), target.get(), nullptr, reduction, -100, 0.0, 0.0, false,
                                            loss.get(), out.get(), zloss.get(), lse.get(), &workspace, &executor);
      aclnnCrossEntropyLoss(nullptr, workspace, executor, stream);
    } else {
      aclnnCrossEntropyLossGradGetWorkspaceSize(grad_loss.get(), logits.get(), target.get(), nullptr, nullptr, nullptr,
                                                reduction, -100, 0.0, 0.0, out.get(), &workspace, &executor);
      aclnnCrossEntropyLossGrad(nullptr, workspace, executor, stream);
    }
    aclrtSynchronizeStream(stream);
  }
  state.SetBytesProcessed(state.iterations() * (logits.bytes() + out.bytes()));
  const double elements = static_cast<double>(rows * classes);
  state.counters["ns_per_element"] = benchmark::Counter(
      elements * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_CrossEntropy)
    ->ArgNames({"op", "rows", "classes", "dtype", "threads"})
    ->ArgsProduct({{0, 1}, {64}, {128256}, {27, 0}, {1}})
    ->Args({0, 64, 128256, 27, 2})
    ->Args({1, 64, 128256, 27, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace openaclnn::bench

BENCHMARK_MAIN();
