// Phase-1 checks of aclnnBinaryCrossEntropyBackward, one test per check of CANN-FACTS 3.1 (in CANN's order, with
// the status code and a message naming the argument), the layout checks, empty tensors, and the executor protocol.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "device_tensor.h"

namespace openaclnn::test {
namespace {

constexpr aclnnStatus kNullptr = 161001;
constexpr aclnnStatus kInvalid = 161002;
constexpr const char* kPhase1 = "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize";

// A tensor made directly with aclCreateTensor, for what DeviceTensor does not offer: another storage format, a
// NULL data pointer, explicit strides of any sign.
class RawTensor {
 public:
  RawTensor(std::vector<int64_t> dims, aclDataType dtype, aclFormat format = ACL_FORMAT_ND,
            std::vector<int64_t> strides = {}, int64_t offset = 0, bool null_data = false) {
    if (strides.empty()) {
      strides = ContiguousStrides(dims);
    }
    const int64_t storage = 64 + offset + 4 * Numel(dims);
    if (!null_data) {
      EXPECT_EQ(aclrtMalloc(&data_, static_cast<size_t>(storage) * 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    }
    tensor_ = aclCreateTensor(dims.data(), dims.size(), dtype, strides.data(), offset, format, &storage, 1, data_);
    EXPECT_NE(tensor_, nullptr);
  }
  ~RawTensor() {
    aclDestroyTensor(tensor_);
    if (data_ != nullptr) {
      aclrtFree(data_);
    }
  }
  RawTensor(const RawTensor&) = delete;
  RawTensor& operator=(const RawTensor&) = delete;
  aclTensor* get() const { return tensor_; }

 private:
  void* data_ = nullptr;
  aclTensor* tensor_ = nullptr;
};

struct Phase1Result {
  aclnnStatus status;
  std::string message;
  uint64_t workspace_size;
  aclOpExecutor* executor;
};

// Phase 1 with the given arguments; a successful call's executor is destroyed unless keep_executor.
Phase1Result Phase1(const aclTensor* grad, const aclTensor* self, const aclTensor* target, const aclTensor* weight,
                    int64_t reduction, aclTensor* out, bool keep_executor = false) {
  Phase1Result result{};
  result.workspace_size = 12345;
  result.status = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad, self, target, weight, reduction, out,
                                                                  &result.workspace_size, &result.executor);
  result.message = TakeErrorMessage();
  if (result.status == 0 && !keep_executor) {
    EXPECT_EQ(aclDestroyAclOpExecutor(result.executor), 0);
    result.executor = nullptr;
  }
  return result;
}

void ExpectRejected(const Phase1Result& result, aclnnStatus code, std::initializer_list<const char*> fragments) {
  EXPECT_EQ(result.status, code) << result.message;
  EXPECT_NE(result.message.find(kPhase1), std::string::npos) << result.message;
  for (const char* fragment : fragments) {
    EXPECT_NE(result.message.find(fragment), std::string::npos) << "'" << fragment << "' not in: " << result.message;
  }
}

void ExpectAccepted(const Phase1Result& result) {
  EXPECT_EQ(result.status, 0) << result.message;
  EXPECT_EQ(result.workspace_size, 0u);
}

// A valid set of FLOAT [2, 3] tensors; tests swap one argument for a bad one.
struct ValidTensors {
  DeviceTensor grad{{2, 3}, ACL_FLOAT};
  DeviceTensor self{{2, 3}, ACL_FLOAT};
  DeviceTensor target{{2, 3}, ACL_FLOAT};
  DeviceTensor weight{{2, 3}, ACL_FLOAT};
  DeviceTensor out{{2, 3}, ACL_FLOAT};
};

// Check 1: the output pointers, before anything else (even NULL tensors).
TEST(BceBackwardChecksTest, NullWorkspaceSizeOrExecutor) {
  ValidTensors t;
  aclOpExecutor* executor = nullptr;
  uint64_t workspace_size = 0;
  EXPECT_EQ(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(nullptr, nullptr, nullptr, nullptr, 0, nullptr, nullptr,
                                                            &executor),
            kNullptr);
  EXPECT_NE(TakeErrorMessage().find("'workspaceSize'"), std::string::npos);
  EXPECT_EQ(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(t.grad.get(), t.self.get(), t.target.get(), nullptr, 0,
                                                            t.out.get(), &workspace_size, nullptr),
            kNullptr);
  EXPECT_NE(TakeErrorMessage().find("'executor'"), std::string::npos);
}

// Check 3: gradOutput, self, target and out are required, in that order; weightOptional may be NULL.
TEST(BceBackwardChecksTest, NullRequiredTensors) {
  ValidTensors t;
  ExpectRejected(Phase1(nullptr, nullptr, nullptr, nullptr, 0, nullptr), kNullptr, {"'gradOutput'", "null"});
  ExpectRejected(Phase1(t.grad.get(), nullptr, t.target.get(), nullptr, 0, t.out.get()), kNullptr, {"'self'"});
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), nullptr, nullptr, 0, t.out.get()), kNullptr, {"'target'"});
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), t.target.get(), nullptr, 0, nullptr), kNullptr, {"'out'"});
  ExpectAccepted(Phase1(t.grad.get(), t.self.get(), t.target.get(), nullptr, 0, t.out.get()));
}

// Check 4: at most 8 dimensions; out first (the one CANN checks here), then self, gradOutput, target, weight.
TEST(BceBackwardChecksTest, RankAboveEight) {
  const std::vector<int64_t> nine(9, 1);
  const std::vector<int64_t> eight(8, 1);
  DeviceTensor big_grad(nine, ACL_FLOAT);
  DeviceTensor big_self(nine, ACL_FLOAT);
  DeviceTensor big_target(nine, ACL_FLOAT);
  DeviceTensor big_weight(nine, ACL_FLOAT);
  DeviceTensor big_out(nine, ACL_FLOAT);
  DeviceTensor grad(eight, ACL_FLOAT);
  DeviceTensor self(eight, ACL_FLOAT);
  DeviceTensor target(eight, ACL_FLOAT);
  DeviceTensor out(eight, ACL_FLOAT);
  ExpectRejected(Phase1(big_grad.get(), self.get(), target.get(), nullptr, 0, big_out.get()), kInvalid,
                 {"'out'", "at most 8 dimensions", "(9 dimensions)"});
  ExpectRejected(Phase1(grad.get(), big_self.get(), target.get(), nullptr, 0, out.get()), kInvalid, {"'self'"});
  ExpectRejected(Phase1(big_grad.get(), self.get(), target.get(), nullptr, 0, out.get()), kInvalid,
                 {"'gradOutput'"});
  ExpectRejected(Phase1(grad.get(), self.get(), big_target.get(), nullptr, 0, out.get()), kInvalid, {"'target'"});
  ExpectRejected(Phase1(grad.get(), self.get(), target.get(), big_weight.get(), 0, out.get()), kInvalid,
                 {"'weightOptional'"});
  ExpectAccepted(Phase1(grad.get(), self.get(), target.get(), nullptr, 0, out.get()));
}

// Check 5: FLOAT, FLOAT16, BFLOAT16 only, checked for self, gradOutput, target, out, then weightOptional.
TEST(BceBackwardChecksTest, UnsupportedDataTypes) {
  ValidTensors t;
  DeviceTensor int64_tensor({2, 3}, ACL_INT64);
  DeviceTensor double_tensor({2, 3}, ACL_DOUBLE);
  DeviceTensor int32_tensor({2, 3}, ACL_INT32);
  ExpectRejected(Phase1(double_tensor.get(), int64_tensor.get(), t.target.get(), nullptr, 0, t.out.get()), kInvalid,
                 {"'self'", "INT64", "FLOAT, FLOAT16, BFLOAT16"});
  ExpectRejected(Phase1(double_tensor.get(), t.self.get(), int32_tensor.get(), nullptr, 0, t.out.get()), kInvalid,
                 {"'gradOutput'", "DOUBLE"});
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), int32_tensor.get(), nullptr, 0, int64_tensor.get()), kInvalid,
                 {"'target'", "INT32"});
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), t.target.get(), int32_tensor.get(), 0, int64_tensor.get()),
                 kInvalid, {"'out'", "INT64"});
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), t.target.get(), double_tensor.get(), 0, t.out.get()), kInvalid,
                 {"'weightOptional'", "DOUBLE"});
  // The rank check comes first.
  DeviceTensor big_out(std::vector<int64_t>(9, 1), ACL_FLOAT);
  ExpectRejected(Phase1(t.grad.get(), int64_tensor.get(), t.target.get(), nullptr, 0, big_out.get()), kInvalid,
                 {"'out'", "dimensions"});
}

// Check 6: target's and weight's storage formats must equal self's; gradOutput's and out's are not compared.
TEST(BceBackwardChecksTest, StorageFormats) {
  ValidTensors t;
  RawTensor nchw_target({2, 3}, ACL_FLOAT, ACL_FORMAT_NCHW);
  RawTensor nchw_weight({2, 3}, ACL_FLOAT, ACL_FORMAT_NCHW);
  RawTensor nchw_grad({2, 3}, ACL_FLOAT, ACL_FORMAT_NCHW);
  RawTensor nchw_out({2, 3}, ACL_FLOAT, ACL_FORMAT_NCHW);
  RawTensor nc1hwc0_self({2, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0);
  RawTensor nc1hwc0_target({2, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0);
  RawTensor nc1hwc0_weight({2, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0);
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), nchw_target.get(), nullptr, 0, t.out.get()), kInvalid,
                 {"'target'", "storage format ND (the format of self)", "format NCHW"});
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), t.target.get(), nchw_weight.get(), 0, t.out.get()), kInvalid,
                 {"'weightOptional'", "NCHW"});
  ExpectAccepted(Phase1(nchw_grad.get(), t.self.get(), t.target.get(), t.weight.get(), 0, nchw_out.get()));
  ExpectAccepted(Phase1(t.grad.get(), nc1hwc0_self.get(), nc1hwc0_target.get(), nc1hwc0_weight.get(), 1,
                        t.out.get()));
  // The data-type check comes first.
  DeviceTensor int64_out({2, 3}, ACL_INT64);
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), nchw_target.get(), nullptr, 0, int64_out.get()), kInvalid,
                 {"'out'", "INT64"});
}

// Check 7: out has self's shape; target, weight and gradOutput broadcast to it (never from a higher rank).
TEST(BceBackwardChecksTest, Shapes) {
  ValidTensors t;
  DeviceTensor wrong_out({3, 2}, ACL_FLOAT);
  DeviceTensor wrong({4}, ACL_FLOAT);
  DeviceTensor higher_rank({1, 2, 3}, ACL_FLOAT);
  DeviceTensor row({3}, ACL_FLOAT);
  DeviceTensor column({2, 1}, ACL_FLOAT);
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), t.target.get(), nullptr, 0, wrong_out.get()), kInvalid,
                 {"'out'", "shape [2, 3] (the shape of self)", "got shape [3, 2]"});
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), wrong.get(), nullptr, 0, t.out.get()), kInvalid,
                 {"'target'", "broadcasts to self's shape [2, 3]", "got shape [4]"});
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), t.target.get(), wrong.get(), 0, t.out.get()), kInvalid,
                 {"'weightOptional'", "[4]"});
  ExpectRejected(Phase1(wrong.get(), t.self.get(), t.target.get(), nullptr, 0, t.out.get()), kInvalid,
                 {"'gradOutput'", "[4]"});
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), higher_rank.get(), nullptr, 0, t.out.get()), kInvalid,
                 {"'target'", "[1, 2, 3]"});
  ExpectAccepted(Phase1(row.get(), t.self.get(), column.get(), row.get(), 0, t.out.get()));
  // The format check comes first.
  RawTensor nchw_target({4}, ACL_FLOAT, ACL_FORMAT_NCHW);
  ExpectRejected(Phase1(wrong.get(), t.self.get(), nchw_target.get(), nullptr, 0, t.out.get()), kInvalid,
                 {"'target'", "NCHW"});
}

// Check 7, the document's case: a scalar self takes only scalar gradOutput, target and weight.
TEST(BceBackwardChecksTest, ScalarSelfNeedsScalarInputs) {
  DeviceTensor scalar({}, ACL_FLOAT);
  DeviceTensor out({}, ACL_FLOAT);
  DeviceTensor one({1}, ACL_FLOAT);
  ExpectRejected(Phase1(one.get(), scalar.get(), scalar.get(), nullptr, 2, out.get()), kInvalid,
                 {"'gradOutput'", "self is a scalar", "got shape [1]"});
  ExpectRejected(Phase1(scalar.get(), scalar.get(), scalar.get(), one.get(), 2, out.get()), kInvalid,
                 {"'weightOptional'", "self is a scalar"});
  ExpectAccepted(Phase1(scalar.get(), scalar.get(), scalar.get(), scalar.get(), 2, out.get()));
}

// Check 8: reduction is 0, 1 or 2; checked after the shapes.
TEST(BceBackwardChecksTest, Reduction) {
  ValidTensors t;
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), t.target.get(), nullptr, 3, t.out.get()), kInvalid,
                 {"'reduction'", "got 3"});
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), t.target.get(), nullptr, -1, t.out.get()), kInvalid,
                 {"'reduction'", "got -1"});
  DeviceTensor wrong({4}, ACL_FLOAT);
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), wrong.get(), nullptr, 3, t.out.get()), kInvalid, {"'target'"});
}

// Check 9: promotion of any mix of the three types, and a cast to any of them, always succeeds (all-FLOAT16 inputs
// with FLOAT out is CANN's own unit-test case).
TEST(BceBackwardChecksTest, PromotionOfMixedTypes) {
  DeviceTensor grad({2}, ACL_FLOAT16);
  DeviceTensor self({2}, ACL_FLOAT16);
  DeviceTensor target({2}, ACL_FLOAT16);
  DeviceTensor weight({2}, ACL_FLOAT16);
  DeviceTensor out_float({2}, ACL_FLOAT);
  DeviceTensor bf16_target({2}, ACL_BF16);
  DeviceTensor out_half({2}, ACL_FLOAT16);
  ExpectAccepted(Phase1(grad.get(), self.get(), target.get(), weight.get(), 1, out_float.get()));
  ExpectAccepted(Phase1(grad.get(), self.get(), bf16_target.get(), weight.get(), 1, out_half.get()));
}

// Check 10: an empty self skips the shape checks (even out's) and the layout checks: workspace 0, an executor
// that runs and writes nothing.
TEST(BceBackwardChecksTest, EmptySelf) {
  ScopedStream stream;
  DeviceTensor grad({5, 7}, ACL_FLOAT);
  DeviceTensor self({2, 0}, ACL_FLOAT);
  DeviceTensor target({3}, ACL_FLOAT16);
  DeviceTensor out({4}, ACL_BF16);
  RawTensor no_data({0, 3}, ACL_FLOAT, ACL_FORMAT_ND, {}, 0, /*null_data=*/true);
  const std::vector<uint8_t> before = out.Storage();
  Phase1Result result = Phase1(grad.get(), self.get(), target.get(), nullptr, 1, out.get(), true);
  ExpectAccepted(result);
  ASSERT_NE(result.executor, nullptr);
  EXPECT_EQ(aclnnBinaryCrossEntropyBackward(nullptr, 0, result.executor, stream.get()), 0);
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(out.Storage(), before);
  ExpectAccepted(Phase1(grad.get(), no_data.get(), target.get(), nullptr, 0, out.get()));
  // The checks before the shapes still apply.
  DeviceTensor int64_target({3}, ACL_INT64);
  ExpectRejected(Phase1(grad.get(), self.get(), int64_target.get(), nullptr, 0, out.get()), kInvalid, {"'target'"});
  ExpectRejected(Phase1(grad.get(), self.get(), target.get(), nullptr, 5, out.get()), kInvalid, {"'reduction'"});
}

// Layouts (DECISIONS 10): inputs may have zero strides; out must not write one element twice; every read tensor
// needs addressable memory.
TEST(BceBackwardChecksTest, Layouts) {
  ValidTensors t;
  RawTensor zero_stride_out({2, 3}, ACL_FLOAT, ACL_FORMAT_ND, {0, 1});
  RawTensor overlapping_out({2, 3}, ACL_FLOAT, ACL_FORMAT_ND, {2, 1});
  RawTensor zero_stride_input({2, 3}, ACL_FLOAT, ACL_FORMAT_ND, {0, 0}, 5);
  RawTensor negative_stride({2, 3}, ACL_FLOAT, ACL_FORMAT_ND, {-3, 1}, 10);
  RawTensor no_data({2, 3}, ACL_FLOAT, ACL_FORMAT_ND, {}, 0, /*null_data=*/true);
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), t.target.get(), nullptr, 0, zero_stride_out.get()), kInvalid,
                 {"'out'", "zero stride"});
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), t.target.get(), nullptr, 0, overlapping_out.get()), kInvalid,
                 {"'out'", "overlapping"});
  ExpectAccepted(Phase1(zero_stride_input.get(), zero_stride_input.get(), zero_stride_input.get(),
                        zero_stride_input.get(), 0, t.out.get()));
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), negative_stride.get(), nullptr, 0, t.out.get()), kInvalid,
                 {"'target'", "strides >= 0"});
  ExpectRejected(Phase1(t.grad.get(), t.self.get(), t.target.get(), no_data.get(), 0, t.out.get()), kNullptr,
                 {"'weightOptional'", "data address"});
  ExpectRejected(Phase1(t.grad.get(), no_data.get(), t.target.get(), nullptr, 0, t.out.get()), kNullptr,
                 {"'self'", "data address"});
}

void RunAndSync(aclOpExecutor* executor, aclrtStream stream) {
  ASSERT_EQ(aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << TakeErrorMessage();
}

// Phase 1 reads no data; a repeatable executor reruns on new data in the same memory; a single-use one is
// released by its run.
TEST(BceBackwardChecksTest, ExecutorReuse) {
  ScopedStream stream;
  DeviceTensor grad({}, ACL_FLOAT);
  DeviceTensor self({2}, ACL_FLOAT);
  DeviceTensor target({2}, ACL_FLOAT);
  DeviceTensor out({2}, ACL_FLOAT);
  self.Fill({0.5, 0.5});
  target.Fill({0.0, 1.0});
  Phase1Result result = Phase1(grad.get(), self.get(), target.get(), nullptr, 0, out.get(), true);
  ASSERT_EQ(result.status, 0) << result.message;
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(result.executor), 0);
  grad.Fill({1.0});  // After phase 1: the run must see it.
  RunAndSync(result.executor, stream.get());
  EXPECT_EQ(out.Read(), (std::vector<double>{2.0, -2.0}));
  grad.Fill({-0.25});
  target.Fill({1.0, 0.5});
  RunAndSync(result.executor, stream.get());
  EXPECT_EQ(out.Read(), (std::vector<double>{0.5, -0.0}));
  EXPECT_EQ(aclDestroyAclOpExecutor(result.executor), 0);

  Phase1Result single = Phase1(grad.get(), self.get(), target.get(), nullptr, 0, out.get(), true);
  ASSERT_EQ(single.status, 0) << single.message;
  RunAndSync(single.executor, stream.get());
  EXPECT_EQ(aclnnBinaryCrossEntropyBackward(nullptr, 0, single.executor, stream.get()), kInvalid);
  EXPECT_NE(TakeErrorMessage().find("'executor'"), std::string::npos);
  EXPECT_EQ(aclnnBinaryCrossEntropyBackward(nullptr, 0, nullptr, stream.get()), kNullptr);
  EXPECT_NE(TakeErrorMessage().find("'executor'"), std::string::npos);
}

// Phase 1 keeps what it needs: the tensor descriptors may be destroyed before phase 2.
TEST(BceBackwardChecksTest, TensorsDestroyedBeforePhase2) {
  ScopedStream stream;
  DeviceTensor out({2, 2}, ACL_BF16);
  void* data = nullptr;
  ASSERT_EQ(aclrtMalloc(&data, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const float values[4] = {0.25f, 0.0f, 1.0f, 0.0f};  // x = 0.25, y = 0, g = 1: 0.25 / 0.1875 = 4/3.
  ASSERT_EQ(aclrtMemcpy(data, 16, values, 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  const int64_t dims[2] = {2, 2};
  const int64_t zero_strides[2] = {0, 0};
  const int64_t storage = 4;
  aclTensor* self = aclCreateTensor(dims, 2, ACL_FLOAT, zero_strides, 0, ACL_FORMAT_ND, &storage, 1, data);
  aclTensor* target = aclCreateTensor(dims, 2, ACL_FLOAT, zero_strides, 1, ACL_FORMAT_ND, &storage, 1, data);
  aclTensor* grad = aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 2, ACL_FORMAT_ND, &storage, 1, data);
  Phase1Result result = Phase1(grad, self, target, nullptr, 0, out.get(), true);
  EXPECT_EQ(aclDestroyTensor(self), 0);
  EXPECT_EQ(aclDestroyTensor(target), 0);
  EXPECT_EQ(aclDestroyTensor(grad), 0);
  ASSERT_EQ(result.status, 0) << result.message;
  RunAndSync(result.executor, stream.get());
  EXPECT_EQ(out.Read(), (std::vector<double>(4, 1.3359375)));  // 4/3 in bfloat16.
  EXPECT_EQ(aclrtFree(data), ACL_SUCCESS);
}

}  // namespace
}  // namespace openaclnn::test
