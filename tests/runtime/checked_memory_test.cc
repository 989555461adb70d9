// Checked memory mode (OPENACLNN_CHECKED_MEMORY=1, set by ctest for this binary): phase 1 rejects a tensor whose
// bytes are not inside one live aclrtMalloc / aclrtMallocHost block, and every run re-checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "device_tensor.h"

namespace openaclnn::test {
namespace {

constexpr aclnnStatus kInvalid = 161002;
constexpr const char* kPhase1 = "aclnnNLLLossBackwardGetWorkspaceSize";

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string Hex(const void* address) {
  char text[32];
  std::snprintf(text, sizeof(text), "0x%llx",
                static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(address)));
  return text;
}

// An aclTensor over memory the test manages itself.
class RawTensor {
 public:
  RawTensor(std::vector<int64_t> dims, aclDataType dtype, void* data, std::vector<int64_t> strides = {},
            int64_t offset = 0) {
    tensor_ = aclCreateTensor(dims.data(), dims.size(), dtype, strides.empty() ? nullptr : strides.data(), offset,
                              ACL_FORMAT_ND, dims.data(), dims.size(), data);
  }
  ~RawTensor() { aclDestroyTensor(tensor_); }
  RawTensor(const RawTensor&) = delete;
  RawTensor& operator=(const RawTensor&) = delete;
  aclTensor* get() const { return tensor_; }

 private:
  aclTensor* tensor_ = nullptr;
};

// The operands of a 2 x 3 FLOAT NLL call, each in its own device block; any of them can be replaced.
class NllOperands {
 private:
  DeviceTensor grad_{{2}, ACL_FLOAT}, self_{{2, 3}, ACL_FLOAT}, target_{{2}, ACL_INT64}, weight_{{3}, ACL_FLOAT},
      total_{{1}, ACL_FLOAT}, out_{{2, 3}, ACL_FLOAT};

 public:
  NllOperands() {
    grad_.Fill({1, 2});
    self_.Fill({0, 0, 0, 0, 0, 0});
    target_.Fill({2, 0});
    weight_.Fill({1, 10, 100});
    total_.Fill({4});
  }

  // Declared after the tensors they point into, so they are initialised after them.
  aclTensor* grad = grad_.get();
  aclTensor* self = self_.get();
  aclTensor* target = target_.get();
  aclTensor* weight = weight_.get();
  aclTensor* total = total_.get();
  aclTensor* out = out_.get();

  aclnnStatus Phase1(int64_t reduction, aclOpExecutor** executor) {
    uint64_t workspace = 0;
    return aclnnNLLLossBackwardGetWorkspaceSize(grad, self, target, weight, reduction, -100, total, out, &workspace,
                                                executor);
  }
  const DeviceTensor& device_out() const { return out_; }
};

TEST(CheckedMemoryTest, TensorsInsideBlocksPass) {
  ScopedStream stream;
  NllOperands call;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(call.Phase1(0, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(call.device_out().Read(), (std::vector<double>{0, 0, -100, -2, 0, 0}));
}

TEST(CheckedMemoryTest, HostBlocksCountToo) {
  ScopedStream stream;
  NllOperands call;
  void* host = nullptr;
  ASSERT_EQ(aclrtMallocHost(&host, 6 * sizeof(float)), ACL_SUCCESS);
  RawTensor out({2, 3}, ACL_FLOAT, host);
  call.out = out.get();
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(call.Phase1(0, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(static_cast<float*>(host)[2], -100.0f);
  EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
}

TEST(CheckedMemoryTest, MemoryFromElsewhereIsRejected) {
  NllOperands call;
  std::vector<float> plain(6, 3.0f);
  RawTensor out({2, 3}, ACL_FLOAT, plain.data());
  call.out = out.get();
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(call.Phase1(0, &executor), kInvalid);
  EXPECT_EQ(executor, nullptr);
  const std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, kPhase1)) << message;
  EXPECT_TRUE(Contains(message, "'out'")) << message;
  EXPECT_TRUE(Contains(message, "bytes [" + Hex(plain.data()) + ", ")) << message;
  EXPECT_TRUE(Contains(message, "(24 bytes)")) << message;
  EXPECT_TRUE(Contains(message, "nearest live block")) << message;
  EXPECT_TRUE(Contains(message, "OPENACLNN_CHECKED_MEMORY")) << message;
  EXPECT_EQ(plain, std::vector<float>(6, 3.0f));
}

TEST(CheckedMemoryTest, ExtentPastTheEndOfItsBlock) {
  NllOperands call;
  void* block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);  // Five floats for six.
  {
    RawTensor out({2, 3}, ACL_FLOAT, block);
    call.out = out.get();
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ(call.Phase1(0, &executor), kInvalid);
    const std::string message = TakeErrorMessage();
    EXPECT_TRUE(Contains(message, "'out'")) << message;
    EXPECT_TRUE(Contains(message, "ends 4 bytes past the end of the nearest live block, the aclrtMalloc block [" +
                                      Hex(block)))
        << message;
    EXPECT_TRUE(Contains(message, "(20 bytes)")) << message;
  }
  {
    // Offset and strides count: a (2) view with stride 2 at offset 1 reaches element 3 (bytes 4..16) and fits...
    RawTensor grad({2}, ACL_FLOAT, block, {2}, 1);
    call.grad = grad.get();
    call.out = call.self;  // Any valid out of the right shape; it is not run.
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ(call.Phase1(0, &executor), 0) << TakeErrorMessage();
    EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0);
    // ...at offset 3 it reaches element 5 (bytes 12..24), past the 20-byte block.
    RawTensor shifted({2}, ACL_FLOAT, block, {2}, 3);
    call.grad = shifted.get();
    EXPECT_EQ(call.Phase1(0, &executor), kInvalid);
    const std::string message = TakeErrorMessage();
    EXPECT_TRUE(Contains(message, "'gradOutput'")) << message;
    EXPECT_TRUE(Contains(message, "bytes [" + Hex(static_cast<char*>(block) + 12) + ", ")) << message;
  }
  EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

TEST(CheckedMemoryTest, AnExtentMustLieInOneBlock) {
  NllOperands call;
  void* first = nullptr;
  void* second = nullptr;
  ASSERT_EQ(aclrtMalloc(&first, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&second, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  char* low = static_cast<char*>(std::min(first, second));
  char* high = static_cast<char*>(std::max(first, second));
  // Two weights: one at the start of each block. Both elements are in live memory; the extent between is not.
  const int64_t stride = (high - low) / static_cast<int64_t>(sizeof(float));
  RawTensor weight({2}, ACL_FLOAT, low, {stride});
  RawTensor self({2, 2}, ACL_FLOAT, low);  // Shapes only; self's data is never read.
  RawTensor out({2, 2}, ACL_FLOAT, high + 16);
  call.weight = weight.get();
  call.self = self.get();
  call.out = out.get();
  DeviceTensor target({2}, ACL_INT64);
  target.Fill({0, 1});
  call.target = target.get();
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(call.Phase1(0, &executor), kInvalid);
  const std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "'weight'")) << message;
  EXPECT_TRUE(Contains(message, "bytes [" + Hex(low) + ", " + Hex(high + 4) + ")")) << message;
  EXPECT_TRUE(Contains(message, "past the end of the nearest live block, the aclrtMalloc block [" + Hex(low)))
      << message;
  EXPECT_EQ(aclrtFree(first), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(second), ACL_SUCCESS);
}

TEST(CheckedMemoryTest, UseAfterFreeInPhase1) {
  NllOperands call;
  void* block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 3 * sizeof(float), ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
  RawTensor weight({3}, ACL_FLOAT, block);
  call.weight = weight.get();
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(call.Phase1(0, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclDestroyAclOpExecutor(executor), 0);
  ASSERT_EQ(aclrtFree(block), ACL_SUCCESS);
  executor = nullptr;
  EXPECT_EQ(call.Phase1(0, &executor), kInvalid);
  EXPECT_EQ(executor, nullptr);
  const std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "'weight'")) << message;
  EXPECT_TRUE(Contains(message, "already released by aclrtFree (use after free)")) << message;
  EXPECT_TRUE(Contains(message, "[" + Hex(block) + ", ")) << message;
}

TEST(CheckedMemoryTest, ReusedAddressesAreLiveAgain) {
  NllOperands call;
  void* old_block = nullptr;
  ASSERT_EQ(aclrtMalloc(&old_block, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(old_block), ACL_SUCCESS);
  void* block = nullptr;  // Usually at old_block's address again.
  ASSERT_EQ(aclrtMalloc(&block, 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  RawTensor out({2, 3}, ACL_FLOAT, block);
  call.out = out.get();
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(call.Phase1(0, &executor), kInvalid);
  const std::string message = TakeErrorMessage();
  // An overrun of the live block, not a use of the released one that lived there before.
  EXPECT_TRUE(Contains(message, "ends 4 bytes past the end of the nearest live block")) << message;
  EXPECT_FALSE(Contains(message, "use after free")) << message;
  EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

TEST(CheckedMemoryTest, HostUseAfterFreeNamesFreeHost) {
  NllOperands call;
  void* host = nullptr;
  ASSERT_EQ(aclrtMallocHost(&host, 2 * sizeof(float)), ACL_SUCCESS);
  RawTensor grad({2}, ACL_FLOAT, host);
  call.grad = grad.get();
  ASSERT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(call.Phase1(0, &executor), kInvalid);
  const std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "'gradOutput'")) << message;
  EXPECT_TRUE(Contains(message, "aclrtMallocHost block")) << message;
  EXPECT_TRUE(Contains(message, "released by aclrtFreeHost")) << message;
}

TEST(CheckedMemoryTest, OnlyTensorsTheCallTouchesAreChecked) {
  NllOperands call;
  float plain_total = 4.0f;
  RawTensor total({1}, ACL_FLOAT, &plain_total);
  call.total = total.get();
  aclOpExecutor* executor = nullptr;
  // totalWeight is only read for mean.
  ASSERT_EQ(call.Phase1(0, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclDestroyAclOpExecutor(executor), 0);
  DeviceTensor scalar_grad({1}, ACL_FLOAT);  // Mean and sum take one gradOutput element.
  scalar_grad.Fill({1});
  call.grad = scalar_grad.get();
  ASSERT_EQ(call.Phase1(2, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclDestroyAclOpExecutor(executor), 0);
  EXPECT_EQ(call.Phase1(1, &executor), kInvalid);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "'totalWeight'"));
}

TEST(CheckedMemoryTest, RepeatableExecutorIsRecheckedBeforeEveryRun) {
  ScopedStream stream;
  NllOperands call;
  void* block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 6 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  RawTensor out({2, 3}, ACL_FLOAT, block);
  call.out = out.get();
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(call.Phase1(0, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), 0);
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(block), ACL_SUCCESS);
  EXPECT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), kInvalid);
  const std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclnnNLLLossBackward: ")) << message;
  EXPECT_TRUE(Contains(message, "'out'")) << message;
  EXPECT_TRUE(Contains(message, "use after free")) << message;
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);  // Nothing was launched.
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0);  // Still live: it is repeatable.
}

TEST(CheckedMemoryTest, FreeBetweenThePhasesIsCaught) {
  ScopedStream stream;
  NllOperands call;
  void* block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 2 * sizeof(int64_t), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  RawTensor target({2}, ACL_INT64, block);
  call.target = target.get();
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(call.Phase1(0, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtFree(block), ACL_SUCCESS);
  EXPECT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), kInvalid);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "'target'"));
  // A single-use executor is released by the failed run, as by a successful one.
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), 561000);
  TakeErrorMessage();
}

// Every operator's validation calls the same check: one tensor of each over ordinary memory is named.
TEST(CheckedMemoryTest, EveryOperatorChecksItsTensors) {
  DeviceTensor probabilities({2, 2}, ACL_FLOAT);
  DeviceTensor labels({2, 2}, ACL_FLOAT);
  DeviceTensor grad({2, 2}, ACL_FLOAT);
  DeviceTensor out({2, 2}, ACL_FLOAT);
  DeviceTensor scalar_out({1}, ACL_FLOAT);
  probabilities.Fill({0.5, 0.5, 0.5, 0.5});
  labels.Fill({0, 1, 0, 1});
  grad.Fill({1, 1, 1, 1});
  std::vector<float> plain(4, 0.5f);
  RawTensor plain_2x2({2, 2}, ACL_FLOAT, plain.data());
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;

  ASSERT_EQ(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad.get(), probabilities.get(), labels.get(), nullptr, 0,
                                                            out.get(), &workspace, &executor),
            0)
      << TakeErrorMessage();
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0);
  EXPECT_EQ(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad.get(), probabilities.get(), plain_2x2.get(),
                                                            nullptr, 0, out.get(), &workspace, &executor),
            kInvalid);
  std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize")) << message;
  EXPECT_TRUE(Contains(message, "'target'")) << message;
  EXPECT_EQ(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad.get(), probabilities.get(), labels.get(),
                                                            plain_2x2.get(), 0, out.get(), &workspace, &executor),
            kInvalid);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "'weightOptional'"));

  ASSERT_EQ(aclnnBinaryCrossEntropyGetWorkspaceSize(probabilities.get(), labels.get(), nullptr, 1, scalar_out.get(),
                                                    &workspace, &executor),
            0)
      << TakeErrorMessage();
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0);
  EXPECT_EQ(aclnnBinaryCrossEntropyGetWorkspaceSize(plain_2x2.get(), labels.get(), nullptr, 1, scalar_out.get(),
                                                    &workspace, &executor),
            kInvalid);
  message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclnnBinaryCrossEntropyGetWorkspaceSize")) << message;
  EXPECT_TRUE(Contains(message, "'self'")) << message;

  DeviceTensor log_probabilities({2, 3}, ACL_FLOAT);
  DeviceTensor target({2}, ACL_INT64);
  DeviceTensor weight({3}, ACL_FLOAT);
  DeviceTensor total_out({1}, ACL_FLOAT);
  target.Fill({0, 2});
  weight.Fill({1, 1, 1});
  ASSERT_EQ(aclnnNLLLossGetWorkspaceSize(log_probabilities.get(), target.get(), weight.get(), 2, -100,
                                         scalar_out.get(), total_out.get(), &workspace, &executor),
            0)
      << TakeErrorMessage();
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0);
  float plain_total = 0.0f;
  RawTensor plain_scalar({1}, ACL_FLOAT, &plain_total);
  EXPECT_EQ(aclnnNLLLossGetWorkspaceSize(log_probabilities.get(), target.get(), weight.get(), 2, -100,
                                         scalar_out.get(), plain_scalar.get(), &workspace, &executor),
            kInvalid);
  message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclnnNLLLossGetWorkspaceSize")) << message;
  EXPECT_TRUE(Contains(message, "'totalWeightOut'")) << message;
}

}  // namespace
}  // namespace openaclnn::test
