// An empty tensor may have other dimensions as large as int64 holds (aclCreateTensor and the checks accept it, as
// CANN does): nothing multiplies them together (pointwise and softmax operators). Under UBSan (the asan and fuzz stages) a product formed anyway
// fails the run.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_softmax.h"
#include "acl_environment.h"

namespace openaclnn::test {
namespace {

constexpr int64_t kHuge = std::numeric_limits<int64_t>::max();

aclTensor* HugeEmpty(void* data) {
  const std::vector<int64_t> dims = {kHuge, 4096, 0};
  const std::vector<int64_t> strides = {0, 0, 1};
  const std::vector<int64_t> storage = {1};
  return aclCreateTensor(dims.data(), 3, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, storage.data(), 1, data);
}

TEST(HugeEmptyShapeTest, OperatorsWriteNothing) {
  ScopedStream stream;
  void* data = nullptr;
  ASSERT_EQ(aclrtMalloc(&data, 64, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  aclTensor* self = HugeEmpty(data);
  aclTensor* out = HugeEmpty(data);
  ASSERT_NE(self, nullptr);
  ASSERT_NE(out, nullptr);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnLogitGetWorkspaceSize(self, 1e-6, out, &size, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclnnLogit(nullptr, size, executor, stream.get()), 0);
  ASSERT_EQ(aclnnMseLossGetWorkspaceSize(self, self, 0, out, &size, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclnnMseLoss(nullptr, size, executor, stream.get()), 0);
  // Rows along the last dimension (of none): the batch is the two huge dimensions.
  ASSERT_EQ(aclnnSoftmaxGetWorkspaceSize(self, 2, out, &size, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclnnSoftmax(nullptr, size, executor, stream.get()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), 0);
  EXPECT_EQ(aclDestroyTensor(self), 0);
  EXPECT_EQ(aclDestroyTensor(out), 0);
  EXPECT_EQ(aclrtFree(data), 0);
}

}  // namespace
}  // namespace openaclnn::test
