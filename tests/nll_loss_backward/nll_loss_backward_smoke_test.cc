// The document's case through the public API, and the out-of-range target report.
#include <gtest/gtest.h>

#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "device_tensor.h"

namespace openaclnn::test {
namespace {

TEST(NllLossBackwardSmokeTest, DocumentSample) {
  ScopedStream stream;
  DeviceTensor grad({2}, ACL_FLOAT);
  DeviceTensor self({2, 3}, ACL_FLOAT);
  DeviceTensor target({2}, ACL_INT32);
  DeviceTensor weight({3}, ACL_FLOAT);
  DeviceTensor total({1}, ACL_FLOAT);
  DeviceTensor out({2, 3}, ACL_FLOAT);
  grad.Fill({3.1, 6.5});
  self.Fill({0, 1, 2, 3, 4, 5});
  target.Fill({0, 2});
  weight.Fill({1.1, 1.2, 1.3});
  total.Fill({0});
  uint64_t workspace = 1;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnNLLLossBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(), 0, -100,
                                                 total.get(), out.get(), &workspace, &executor),
            0);
  EXPECT_EQ(workspace, 0u);
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  const std::vector<double> expected = {-(3.1f * 1.1f), 0, 0, 0, 0, -(6.5f * 1.3f)};
  const std::vector<double> got = out.Read();
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(static_cast<float>(got[i]), static_cast<float>(expected[i])) << i;
  }
  EXPECT_TRUE(out.OutsideViewUntouched());
}

TEST(NllLossBackwardSmokeTest, OutOfRangeTargetIsReportedBySynchronize) {
  ScopedStream stream;
  DeviceTensor grad({3}, ACL_FLOAT);
  DeviceTensor self({3, 4}, ACL_FLOAT);
  DeviceTensor target({3}, ACL_INT64);
  DeviceTensor weight({4}, ACL_FLOAT);
  DeviceTensor total({1}, ACL_FLOAT);
  DeviceTensor out({3, 4}, ACL_FLOAT);
  grad.Fill({1, 1, 1});
  target.Fill({1, 7, -3});
  weight.Fill({1, 1, 1, 1});
  total.Fill({1});
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnNLLLossBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(), 0, -100,
                                                 total.get(), out.get(), &workspace, &executor),
            0);
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0);
  EXPECT_NE(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  const std::string message = TakeErrorMessage();
  EXPECT_NE(message.find("aclnnNLLLossBackward"), std::string::npos) << message;
  EXPECT_NE(message.find("target[1] = 7"), std::string::npos) << message;
  const std::vector<double> got = out.Read();
  EXPECT_EQ(got[1], -1.0);
  for (size_t i = 4; i < got.size(); ++i) {
    EXPECT_EQ(got[i], 0.0) << i;
  }
  // The failure is reported once.
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
}

}  // namespace
}  // namespace openaclnn::test
