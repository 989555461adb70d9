// aclTensor creation, getters and destruction, and the executor functions, through the public C API
// (CANN-FACTS 1.11, DECISIONS 12-13).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "device_tensor.h"

namespace openaclnn::test {
namespace {

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::vector<int64_t> ViewShape(const aclTensor* tensor) {
  int64_t* dims = nullptr;
  uint64_t count = 99;
  EXPECT_EQ(aclGetViewShape(tensor, &dims, &count), ACLNN_SUCCESS);
  std::vector<int64_t> shape(dims, dims + count);
  delete[] dims;  // Allocated with new[] (CANN-FACTS 1.11).
  return shape;
}

std::vector<int64_t> ViewStrides(const aclTensor* tensor) {
  int64_t* strides = nullptr;
  uint64_t count = 99;
  EXPECT_EQ(aclGetViewStrides(tensor, &strides, &count), ACLNN_SUCCESS);
  std::vector<int64_t> values(strides, strides + count);
  delete[] strides;
  return values;
}

std::vector<int64_t> StorageShape(const aclTensor* tensor) {
  int64_t* dims = nullptr;
  uint64_t count = 99;
  EXPECT_EQ(aclGetStorageShape(tensor, &dims, &count), ACLNN_SUCCESS);
  std::vector<int64_t> shape(dims, dims + count);
  delete[] dims;
  return shape;
}

TEST(TensorApiTest, CreateKeepsEverythingGiven) {
  const int64_t dims[3] = {2, 3, 4};
  const int64_t strides[3] = {40, 1, 10};
  const int64_t storage[1] = {100};
  float data[100] = {};
  aclTensor* tensor = aclCreateTensor(dims, 3, ACL_BF16, strides, 7, ACL_FORMAT_NCL, storage, 1, data);
  ASSERT_NE(tensor, nullptr) << TakeErrorMessage();
  EXPECT_EQ(ViewShape(tensor), (std::vector<int64_t>{2, 3, 4}));
  EXPECT_EQ(ViewStrides(tensor), (std::vector<int64_t>{40, 1, 10}));
  EXPECT_EQ(StorageShape(tensor), (std::vector<int64_t>{100}));
  int64_t offset = -1;
  EXPECT_EQ(aclGetViewOffset(tensor, &offset), ACLNN_SUCCESS);
  EXPECT_EQ(offset, 7);
  aclFormat format = ACL_FORMAT_UNDEFINED;
  EXPECT_EQ(aclGetFormat(tensor, &format), ACLNN_SUCCESS);
  EXPECT_EQ(format, ACL_FORMAT_NCL);
  aclDataType dtype = ACL_DT_UNDEFINED;
  EXPECT_EQ(aclGetDataType(tensor, &dtype), ACLNN_SUCCESS);
  EXPECT_EQ(dtype, ACL_BF16);
  EXPECT_EQ(aclDestroyTensor(tensor), ACLNN_SUCCESS);
}

TEST(TensorApiTest, NullStridesMeanContiguous) {
  const int64_t dims[4] = {2, 3, 1, 5};
  aclTensor* tensor = aclCreateTensor(dims, 4, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 4, nullptr);
  ASSERT_NE(tensor, nullptr) << TakeErrorMessage();
  EXPECT_EQ(ViewStrides(tensor), (std::vector<int64_t>{15, 5, 5, 1}));
  EXPECT_EQ(aclDestroyTensor(tensor), ACLNN_SUCCESS);

  const int64_t with_zero[3] = {4, 0, 3};
  tensor = aclCreateTensor(with_zero, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr);
  ASSERT_NE(tensor, nullptr) << TakeErrorMessage();
  EXPECT_EQ(ViewShape(tensor), (std::vector<int64_t>{4, 0, 3}));
  EXPECT_EQ(ViewStrides(tensor).size(), 3u);
  EXPECT_EQ(StorageShape(tensor), std::vector<int64_t>{});
  EXPECT_EQ(aclDestroyTensor(tensor), ACLNN_SUCCESS);
}

TEST(TensorApiTest, ScalarTensorHasNoDims) {
  float value = 2.5f;
  aclTensor* tensor = aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, &value);
  ASSERT_NE(tensor, nullptr) << TakeErrorMessage();
  EXPECT_EQ(ViewShape(tensor), std::vector<int64_t>{});
  EXPECT_EQ(ViewStrides(tensor), std::vector<int64_t>{});
  EXPECT_EQ(aclDestroyTensor(tensor), ACLNN_SUCCESS);
}

TEST(TensorApiTest, NullDimsWithACountIsRejected) {
  EXPECT_EQ(aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), nullptr);
  std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclCreateTensor")) << message;
  EXPECT_TRUE(Contains(message, "'viewDims'")) << message;
  const int64_t dims[2] = {2, 2};
  EXPECT_EQ(aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 1, nullptr), nullptr);
  message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "'storageDims'")) << message;
}

TEST(TensorApiTest, NegativeDimsAreRejected) {
  const int64_t dims[3] = {2, -1, 3};
  EXPECT_EQ(aclCreateTensor(dims, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), nullptr);
  std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "negative dimension")) << message;
  EXPECT_TRUE(Contains(message, "[2, -1, 3]")) << message;
  const int64_t good[1] = {6};
  EXPECT_EQ(aclCreateTensor(good, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 3, nullptr), nullptr);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "'storageDims'"));
}

TEST(TensorApiTest, TooManyDimsAreRejected) {
  const std::vector<int64_t> dims(33, 1);
  EXPECT_EQ(aclCreateTensor(dims.data(), dims.size(), ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr),
            nullptr);
  const std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "'viewDimsNum' is 33")) << message;
  // 32 is the limit of aclCreateTensor (operators accept fewer).
  aclTensor* tensor =
      aclCreateTensor(dims.data(), 32, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr);
  ASSERT_NE(tensor, nullptr) << TakeErrorMessage();
  EXPECT_EQ(aclDestroyTensor(tensor), ACLNN_SUCCESS);
}

TEST(TensorApiTest, ContiguousStridesThatOverflowAreRejected) {
  const int64_t dims[3] = {int64_t{1} << 40, int64_t{1} << 30, 4};
  EXPECT_EQ(aclCreateTensor(dims, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), nullptr);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "overflow"));
}

TEST(TensorApiTest, GettersRejectNullArguments) {
  const int64_t dims[1] = {4};
  aclTensor* tensor = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr);
  ASSERT_NE(tensor, nullptr);
  int64_t* array = nullptr;
  uint64_t count = 0;
  int64_t offset = 0;
  aclFormat format = ACL_FORMAT_ND;
  aclDataType dtype = ACL_FLOAT;

  EXPECT_EQ(aclGetViewShape(nullptr, &array, &count), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclGetViewShape"));
  EXPECT_EQ(aclGetViewShape(tensor, nullptr, &count), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclGetViewShape(tensor, &array, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclGetStorageShape(nullptr, &array, &count), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclGetStorageShape(tensor, nullptr, &count), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclGetViewStrides(nullptr, &array, &count), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclGetViewStrides(tensor, &array, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclGetViewOffset(nullptr, &offset), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclGetViewOffset(tensor, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "'offset'"));
  EXPECT_EQ(aclGetFormat(nullptr, &format), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclGetFormat(tensor, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "'format'"));
  EXPECT_EQ(aclGetDataType(nullptr, &dtype), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclGetDataType(tensor, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "'dataType'"));
  EXPECT_EQ(array, nullptr);  // Nothing was allocated by the failed calls.
  EXPECT_EQ(aclDestroyTensor(tensor), ACLNN_SUCCESS);
}

TEST(TensorApiTest, DestroyNullIsOkAndDoubleDestroyIsAnError) {
  EXPECT_EQ(aclDestroyTensor(nullptr), ACLNN_SUCCESS);
  const int64_t dims[1] = {4};
  aclTensor* tensor = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr);
  ASSERT_NE(tensor, nullptr);
  EXPECT_EQ(aclDestroyTensor(tensor), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(tensor), ACLNN_ERR_PARAM_INVALID);
  const std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclDestroyTensor")) << message;
  EXPECT_TRUE(Contains(message, "not a live tensor")) << message;
}

// ---------------------------------------------------------------------------------------------------------------
// Executors.

class ExecutorApiTest : public ::testing::Test {
 protected:
  ExecutorApiTest()
      : grad_({2}, ACL_FLOAT), self_({2, 2}, ACL_FLOAT), target_({2}, ACL_INT32), weight_({2}, ACL_FLOAT),
        total_({1}, ACL_FLOAT), out_({2, 2}, ACL_FLOAT) {
    grad_.Fill({1, 1});
    target_.Fill({0, 1});
    weight_.Fill({2, 3});
    total_.Fill({1});
  }

  aclOpExecutor* Phase1() {
    uint64_t workspace = 1;
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ(aclnnNLLLossBackwardGetWorkspaceSize(grad_.get(), self_.get(), target_.get(), weight_.get(), 0, -100,
                                                   total_.get(), out_.get(), &workspace, &executor),
              ACLNN_SUCCESS);
    EXPECT_EQ(workspace, 0u);
    return executor;
  }

  ScopedStream stream_;
  DeviceTensor grad_, self_, target_, weight_, total_, out_;
};

TEST_F(ExecutorApiTest, NullAndUnknownHandles) {
  EXPECT_EQ(aclSetAclOpExecutorRepeatable(nullptr), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclSetAclOpExecutorRepeatable"));
  EXPECT_EQ(aclDestroyAclOpExecutor(nullptr), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclDestroyAclOpExecutor"));
  int not_an_executor = 0;
  auto* unknown = reinterpret_cast<aclOpExecutor*>(&not_an_executor);
  EXPECT_EQ(aclSetAclOpExecutorRepeatable(unknown), ACLNN_ERR_INNER);
  EXPECT_EQ(aclDestroyAclOpExecutor(unknown), ACLNN_ERR_INNER);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "not a live executor"));
}

TEST_F(ExecutorApiTest, SingleUseExecutorIsReleasedByItsRun) {
  aclOpExecutor* executor = Phase1();
  ASSERT_NE(executor, nullptr);
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream_.get()), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream_.get()), ACL_SUCCESS);
  EXPECT_EQ(out_.Read(), (std::vector<double>{-2, 0, 0, -3}));
  // Released: running or destroying it again is reported, not a crash.
  EXPECT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream_.get()), ACLNN_ERR_PARAM_INVALID);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclSetAclOpExecutorRepeatable"));
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_ERR_INNER);
  TakeErrorMessage();
}

TEST_F(ExecutorApiTest, UnrunExecutorCanBeDestroyed) {
  aclOpExecutor* executor = Phase1();
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_ERR_INNER);
  TakeErrorMessage();
}

TEST_F(ExecutorApiTest, RepeatableExecutorRunsUntilDestroyed) {
  aclOpExecutor* executor = Phase1();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);  // Idempotent.
  for (int run = 0; run < 3; ++run) {
    // New data in the same memory each time.
    grad_.Fill({1.0 + run, 2.0});
    ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream_.get()), ACLNN_SUCCESS) << run;
    ASSERT_EQ(aclrtSynchronizeStream(stream_.get()), ACL_SUCCESS);
    EXPECT_EQ(out_.Read(), (std::vector<double>{-2.0 * (1 + run), 0, 0, -6})) << run;
  }
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
  EXPECT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream_.get()), ACLNN_ERR_PARAM_INVALID);
  TakeErrorMessage();
}

TEST_F(ExecutorApiTest, TensorsMayBeDestroyedAfterPhase1) {
  const int64_t dims[2] = {2, 2};
  const int64_t flipped[2] = {1, 2};  // A transposed out over the same memory.
  void* data = nullptr;
  ASSERT_EQ(aclrtMalloc(&data, 4 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  aclTensor* view = aclCreateTensor(dims, 2, ACL_FLOAT, flipped, 0, ACL_FORMAT_ND, dims, 2, data);
  ASSERT_NE(view, nullptr);
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnNLLLossBackwardGetWorkspaceSize(grad_.get(), self_.get(), target_.get(), weight_.get(), 0, -100,
                                                 total_.get(), view, &workspace, &executor),
            ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(view), ACLNN_SUCCESS);  // Phase 1 copied what it needs.
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream_.get()), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream_.get()), ACL_SUCCESS);
  const float* values = static_cast<const float*>(data);
  EXPECT_EQ(values[0], -2.0f);  // out[0][0]
  EXPECT_EQ(values[1], 0.0f);   // out[1][0]
  EXPECT_EQ(values[2], 0.0f);   // out[0][1]
  EXPECT_EQ(values[3], -3.0f);  // out[1][1]
  EXPECT_EQ(aclrtFree(data), ACL_SUCCESS);
}

}  // namespace
}  // namespace openaclnn::test
