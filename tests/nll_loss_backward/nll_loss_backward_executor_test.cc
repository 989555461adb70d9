// Executors and streams with aclnnNLLLossBackward: single-use and repeatable executors (DECISIONS 13), the
// workspace (DECISIONS 12), the default stream, in-order execution on one stream, two streams at once, and
// bit-identical repeated runs.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnn/opdev/op_errno.h"
#include "nll_call.h"
#include "nll_fill.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::test {
namespace {

constexpr const char* kRunApi = "aclnnNLLLossBackward";

// Phase 1 of `inputs` with `out` in place of the call's own out.
aclnnStatus PrepareInto(const NllCall& inputs, aclTensor* out, aclOpExecutor** executor) {
  uint64_t workspace_size = 0;
  const NllSpec& spec = inputs.spec();
  return aclnnNLLLossBackwardGetWorkspaceSize(inputs.grad().get(), inputs.self().get(), inputs.target().get(),
                                              inputs.weight().get(), spec.reduction, spec.ignore_index,
                                              inputs.total_weight().get(), out, &workspace_size, executor);
}

TEST(NllExecutor, SingleUseExecutorIsReleasedByItsRun) {
  ScopedStream stream;
  NllCall call(MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 5, 6, false, 0));
  FillNllPattern(call, 0);
  uint64_t workspace_size = 1;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(call.GetWorkspaceSize(&workspace_size, &executor), 0) << TakeErrorMessage();
  ASSERT_NE(executor, nullptr);
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(call.CompareOut(), "");

  // A second run of the released handle is an error, not a crash, and writes nothing.
  FillNllPattern(call, 1);
  const std::vector<uint8_t> out_before = call.out().Storage();
  TakeErrorMessage();
  EXPECT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), ACLNN_ERR_PARAM_INVALID);
  const std::string message = TakeErrorMessage();
  EXPECT_NE(message.find(kRunApi), std::string::npos) << message;
  EXPECT_NE(message.find("'executor'"), std::string::npos) << message;
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(call.out().Storage(), out_before);

  // So is destroying it or making it repeatable.
  EXPECT_NE(aclDestroyAclOpExecutor(executor), 0);
  EXPECT_NE(TakeErrorMessage().find("aclDestroyAclOpExecutor"), std::string::npos);
  EXPECT_NE(aclSetAclOpExecutorRepeatable(executor), 0);
}

TEST(NllExecutor, RepeatableExecutorRunsWithNewDataUntilDestroyed) {
  ScopedStream stream;
  NllSpec spec = MakeNllSpec(ACL_BF16, ACL_INT32, ACL_FLOAT16, 9, 17, false, 1);
  spec.out.layout.strides = TransposedStrides(spec.out.dims);
  NllCall call(spec);
  FillNllPattern(call, 0);
  uint64_t workspace_size = 1;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(call.GetWorkspaceSize(&workspace_size, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), 0) << TakeErrorMessage();
  std::vector<std::vector<double>> results;
  for (int round = 0; round < 3; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    FillNllPattern(call, round);  // New data in the same memory.
    ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0) << TakeErrorMessage();
    ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
    EXPECT_EQ(call.CompareOut(), "");
    EXPECT_TRUE(call.out().OutsideViewUntouched());
    results.push_back(call.out().Read());
  }
  // The rounds really saw different data.
  EXPECT_NE(results[0], results[1]);
  EXPECT_NE(results[1], results[2]);
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0) << TakeErrorMessage();
  // Gone now: running or destroying it again is an error.
  EXPECT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(TakeErrorMessage().find("'executor'"), std::string::npos);
  EXPECT_NE(aclDestroyAclOpExecutor(executor), 0);
}

TEST(NllExecutor, ExecutorThatIsNeverRunCanBeDestroyed) {
  NllCall call(MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 2, 3, false, 0));
  uint64_t workspace_size = 1;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(call.GetWorkspaceSize(&workspace_size, &executor), 0) << TakeErrorMessage();
  const std::vector<uint8_t> out_before = call.out().Storage();
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0) << TakeErrorMessage();
  EXPECT_EQ(call.out().Storage(), out_before);  // Phase 1 and the destruction touch no data.
}

TEST(NllExecutor, TensorsMayBeDestroyedAfterPhase1) {
  // Phase 1 keeps what it needs from the aclTensor descriptors; only the memory must stay.
  ScopedStream stream;
  const std::vector<float> grad = {2, 3};
  const std::vector<int64_t> target = {1, 0};
  const std::vector<float> weight = {5, 7};
  const std::vector<float> total = {1};
  void* memory[5] = {};
  const size_t bytes[5] = {8, 16, 8, 4, 16};
  const void* host[4] = {grad.data(), target.data(), weight.data(), total.data()};
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(aclrtMalloc(&memory[i], bytes[i], ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    if (i < 4) {
      ASSERT_EQ(aclrtMemcpy(memory[i], bytes[i], host[i], bytes[i], ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    }
  }
  const int64_t n[1] = {2};
  const int64_t one[1] = {1};
  const int64_t matrix[2] = {2, 2};
  const int64_t transposed[2] = {1, 2};  // out is written column-major.
  aclTensor* grad_t = aclCreateTensor(n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, n, 1, memory[0]);
  aclTensor* target_t = aclCreateTensor(n, 1, ACL_INT64, nullptr, 0, ACL_FORMAT_ND, n, 1, memory[1]);
  aclTensor* weight_t = aclCreateTensor(n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, n, 1, memory[2]);
  aclTensor* total_t = aclCreateTensor(one, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, one, 1, memory[3]);
  // self shares out's memory: only its shape and data type are used.
  aclTensor* self_t = aclCreateTensor(matrix, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, matrix, 2, memory[4]);
  aclTensor* out_t = aclCreateTensor(matrix, 2, ACL_FLOAT, transposed, 0, ACL_FORMAT_ND, matrix, 2, memory[4]);
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnNLLLossBackwardGetWorkspaceSize(grad_t, self_t, target_t, weight_t, 0, -100, total_t, out_t,
                                                 &workspace_size, &executor),
            0)
      << TakeErrorMessage();
  for (aclTensor* tensor : {grad_t, target_t, weight_t, total_t, self_t, out_t}) {
    ASSERT_EQ(aclDestroyTensor(tensor), 0);
  }
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
  float out[4] = {};
  ASSERT_EQ(aclrtMemcpy(out, sizeof(out), memory[4], sizeof(out), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  // Storage is column-major: out[0][1] = -(2 * 7) at element 2, out[1][0] = -(3 * 5) at element 1.
  EXPECT_EQ(out[0], 0.0f);
  EXPECT_EQ(out[1], -15.0f);
  EXPECT_EQ(out[2], -14.0f);
  EXPECT_EQ(out[3], 0.0f);
  for (void* block : memory) aclrtFree(block);
}

TEST(NllExecutor, DataAtOddByteAddresses) {
  // Nothing requires device addresses to be aligned to the element size: every tensor here starts one byte past
  // an aligned block, for every kernel implementation.
  ScopedStream stream;
  constexpr int64_t kRows = 5;
  constexpr int64_t kClasses = 70;
  void* blocks[6] = {};
  for (void*& block : blocks) ASSERT_EQ(aclrtMalloc(&block, 4096, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  auto at = [&](int i) { return static_cast<char*>(blocks[i]) + 1; };
  for (int64_t n = 0; n < kRows; ++n) {
    const int32_t t = static_cast<int32_t>(n * 13 + 2);
    const uint16_t g = 0x3C00 + static_cast<uint16_t>(n);  // FLOAT16 1.0, 1.0009766, ...
    std::memcpy(at(0) + n * 4, &t, 4);
    std::memcpy(at(1) + n * 2, &g, 2);
  }
  for (int64_t c = 0; c < kClasses; ++c) {
    const uint16_t w = 0x4000;  // FLOAT16 2.0
    std::memcpy(at(2) + c * 2, &w, 2);
  }
  const int64_t rows[1] = {kRows};
  const int64_t classes[1] = {kClasses};
  const int64_t matrix[2] = {kRows, kClasses};
  const int64_t one[1] = {1};
  aclTensor* target = aclCreateTensor(rows, 1, ACL_INT32, nullptr, 0, ACL_FORMAT_ND, rows, 1, at(0));
  aclTensor* grad = aclCreateTensor(rows, 1, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, rows, 1, at(1));
  aclTensor* weight = aclCreateTensor(classes, 1, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, classes, 1, at(2));
  aclTensor* total = aclCreateTensor(one, 1, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, one, 1, at(3));
  aclTensor* self = aclCreateTensor(matrix, 2, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, matrix, 2, at(4));
  aclTensor* out = aclCreateTensor(matrix, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, matrix, 2, at(5));
  for (int32_t i = 0; i < openaclnnGetKernelTargetCount(); ++i) {
    const std::string kernel = openaclnnGetKernelTargetName(i);
    ASSERT_EQ(openaclnnSetKernelTarget(kernel.c_str()), 0);
    std::memset(blocks[5], 0x5A, 4096);
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    ASSERT_EQ(aclnnNLLLossBackwardGetWorkspaceSize(grad, self, target, weight, 0, -100, total, out, &workspace_size,
                                                   &executor),
              0)
        << TakeErrorMessage();
    ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0) << TakeErrorMessage();
    ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
    const auto* bytes = static_cast<const unsigned char*>(blocks[5]);
    EXPECT_EQ(bytes[0], 0x5A) << kernel;
    EXPECT_EQ(bytes[1 + kRows * kClasses * 4], 0x5A) << kernel;
    for (int64_t n = 0; n < kRows; ++n) {
      for (int64_t c = 0; c < kClasses; ++c) {
        float value = 0;
        std::memcpy(&value, at(5) + (n * kClasses + c) * 4, 4);
        const float expected = c == n * 13 + 2 ? -((1.0f + static_cast<float>(n) / 1024.0f) * 2.0f) : 0.0f;
        EXPECT_EQ(value, expected) << kernel << " out[" << n << "][" << c << "]";
      }
    }
  }
  EXPECT_EQ(openaclnnSetKernelTarget(nullptr), 0);
  for (aclTensor* tensor : {target, grad, weight, total, self, out}) aclDestroyTensor(tensor);
  for (void* block : blocks) aclrtFree(block);
}

TEST(NllExecutor, NullExecutorInPhase2Is161001) {
  ScopedStream stream;
  TakeErrorMessage();
  EXPECT_EQ(aclnnNLLLossBackward(nullptr, 0, nullptr, stream.get()), ACLNN_ERR_PARAM_NULLPTR);
  const std::string message = TakeErrorMessage();
  EXPECT_NE(message.find(kRunApi), std::string::npos) << message;
  EXPECT_NE(message.find("'executor'"), std::string::npos) << message;
}

TEST(NllExecutor, WorkspaceIsZeroAndMayBeNullOrGiven) {
  ScopedStream stream;
  NllCall call(MakeNllSpec(ACL_FLOAT16, ACL_UINT8, ACL_FLOAT, 4, 5, false, 2));
  FillNllPattern(call, 2);
  uint64_t workspace_size = 77;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(call.GetWorkspaceSize(&workspace_size, &executor), 0) << TakeErrorMessage();
  EXPECT_EQ(workspace_size, 0u);
  // The sample's pattern: no workspace allocated when the size is 0.
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, workspace_size, executor, stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(call.CompareOut(), "");
  // A caller that allocates a workspace anyway is fine too.
  void* workspace = nullptr;
  ASSERT_EQ(aclrtMalloc(&workspace, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  FillNllPattern(call, 3);
  ASSERT_EQ(call.GetWorkspaceSize(&workspace_size, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclnnNLLLossBackward(workspace, 256, executor, stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(call.CompareOut(), "");
  aclrtFree(workspace);
}

TEST(NllExecutor, Phase2OnTheDefaultStream) {
  NllCall call(MakeNllSpec(ACL_FLOAT, ACL_INT32, ACL_BF16, 33, 65, false, 0));
  FillNllPattern(call, 1);
  ASSERT_EQ(call.Launch(nullptr), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(call.CompareOut(), "");
  // aclrtSynchronizeDevice waits for the default stream as well.
  FillNllPattern(call, 2);
  ASSERT_EQ(call.Launch(nullptr), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(call.CompareOut(), "");
}

TEST(NllExecutor, LaunchesOnOneStreamRunInOrder) {
  // Several launches write the same out from different inputs; after one synchronisation the last one wins.
  // The tensors are large enough that each launch takes a while, so out-of-order or overlapping execution would
  // leave another launch's values behind.
  ScopedStream stream;
  const NllSpec spec = MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 1500, 301, false, 0);
  NllCall first(spec);
  NllCall second(spec);
  NllCall last(spec);
  FillNllPattern(first, 0);
  FillNllPattern(second, 1);
  FillNllPattern(last, 2);
  aclTensor* out = first.out().get();
  for (const NllCall* inputs : {&first, &second, &first, &second, &first, &last}) {
    aclOpExecutor* executor = nullptr;
    ASSERT_EQ(PrepareInto(*inputs, out, &executor), 0) << TakeErrorMessage();
    ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0) << TakeErrorMessage();
  }
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(CompareNllOutput(last.Reference(), first.out().Read(), ACL_FLOAT, ACL_FLOAT, 0), "");
}

TEST(NllExecutor, TwoStreamsRunConcurrently) {
  ScopedStream stream_a;
  ScopedStream stream_b;
  NllCall a(MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 1200, 257, false, 0));
  NllSpec spec_b = MakeNllSpec(ACL_FLOAT16, ACL_INT32, ACL_BF16, 257, 1200, false, 1);
  spec_b.out.layout.strides = TransposedStrides(spec_b.out.dims);
  NllCall b(spec_b);
  FillNllPattern(a, 1);
  FillNllPattern(b, 2);
  for (int round = 0; round < 4; ++round) {
    ASSERT_EQ(a.Launch(stream_a.get()), 0) << TakeErrorMessage();
    ASSERT_EQ(b.Launch(stream_b.get()), 0) << TakeErrorMessage();
  }
  // Synchronising one stream does not depend on the other; each gets its own results.
  ASSERT_EQ(aclrtSynchronizeStream(stream_b.get()), ACL_SUCCESS) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream_a.get()), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(a.CompareOut(), "");
  EXPECT_EQ(b.CompareOut(), "");
  EXPECT_TRUE(b.out().OutsideViewUntouched());
}

TEST(NllExecutor, RepeatedRunsAreBitIdentical) {
  // Deterministic (document, DECISIONS 7): the same inputs give the same bytes, whatever the scheduling.
  ScopedStream stream;
  NllSpec spec = MakeNllSpec(ACL_FLOAT16, ACL_INT64, ACL_BF16, 4099, 129, false, 1);
  spec.out.layout.strides = PaddedStrides(spec.out.dims, 1);
  NllCall call(spec);
  FillNllPattern(call, 3);
  ASSERT_EQ(call.Launch(stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  const std::vector<uint8_t> first = call.out().Storage();
  EXPECT_EQ(call.CompareOut(), "");
  for (int run = 0; run < 3; ++run) {
    ASSERT_EQ(call.Launch(stream.get()), 0) << TakeErrorMessage();
    ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
    EXPECT_EQ(call.out().Storage(), first) << "run " << run;
  }
}

TEST(NllExecutor, EveryKernelTargetAndThreadCountGivesTheSameBytes) {
  // DECISIONS 7 over the implementations this build and CPU offer ("reference" is index 0) and thread counts,
  // on outputs large enough (>= 1 MiB) to be split over threads.
  ScopedStream stream;
  NllSpec none = MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT16, 2049, 257, false, 0);
  none.out.layout.strides = TransposedStrides(none.out.dims);
  NllSpec mean = MakeNllSpec(ACL_BF16, ACL_INT32, ACL_FLOAT, 1031, 515, false, 1);
  mean.out.layout = {PaddedStrides(mean.out.dims, 3), 5, 3};
  for (const NllSpec& spec : {none, mean}) {
    NllCall call(spec);
    FillNllPattern(call, 1);
    std::vector<uint8_t> first;
    for (int32_t i = 0; i < openaclnnGetKernelTargetCount(); ++i) {
      const std::string kernel = openaclnnGetKernelTargetName(i);
      ASSERT_EQ(openaclnnSetKernelTarget(kernel.c_str()), 0) << TakeErrorMessage();
      for (int32_t threads : {1, 2, 3, 5}) {
        ASSERT_EQ(openaclnnSetNumThreads(threads), 0) << TakeErrorMessage();
        ASSERT_EQ(call.Launch(stream.get()), 0) << TakeErrorMessage();
        ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
        if (first.empty()) {
          first = call.out().Storage();
          EXPECT_EQ(call.CompareOut(), "");
        } else {
          EXPECT_EQ(call.out().Storage(), first) << kernel << " with " << threads << " threads";
        }
      }
    }
  }
  EXPECT_EQ(openaclnnSetKernelTarget(nullptr), 0);
  EXPECT_EQ(openaclnnSetNumThreads(0), 0);
}

}  // namespace
}  // namespace openaclnn::test
