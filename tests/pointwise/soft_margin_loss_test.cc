// aclnnSoftMarginLoss and its backward beyond the registry's shared tests (tests/support/pointwise_registry.h):
// CANN's forward example, CANN's reading of the forward's reduction (anything but 0 and 1 is sum), the backward's
// refusal of reductions outside 0..2, and the stable forms: no finite input overflows where the loss or its
// gradient is finite (PyTorch's log1p(exp(-y x)) and exp(-y x) / (1 + exp(-y x)) give inf and NaN there).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_soft_margin_loss.h"
#include "aclnnop/aclnn_soft_margin_loss_backward.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::test {
namespace {

int Forward(const DeviceTensor& self, const DeviceTensor& target, int64_t reduction, const DeviceTensor& out,
            aclrtStream stream) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  int code = aclnnSoftMarginLossGetWorkspaceSize(self.get(), target.get(), reduction, out.get(), &workspace_size,
                                                 &executor);
  if (code == 0) {
    code = aclnnSoftMarginLoss(nullptr, workspace_size, executor, stream);
  }
  return code != 0 ? code : aclrtSynchronizeStream(stream);
}

int Backward(const DeviceTensor& grad, const DeviceTensor& self, const DeviceTensor& target, int64_t reduction,
             const DeviceTensor& out, aclrtStream stream) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  int code = aclnnSoftMarginLossBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), reduction, out.get(),
                                                         &workspace_size, &executor);
  if (code == 0) {
    code = aclnnSoftMarginLossBackward(nullptr, workspace_size, executor, stream);
  }
  return code != 0 ? code : aclrtSynchronizeStream(stream);
}

// CANN's document example: 2x2 FLOAT self {0.3, 0.7, 0.5, 0.5}, target {-1, 1, 1, -1}, reduction none.
TEST(SoftMarginLossTest, CannForwardExample) {
  ScopedStream stream;
  DeviceTensor self({2, 2}, ACL_FLOAT), target({2, 2}, ACL_FLOAT), out({2, 2}, ACL_FLOAT);
  self.Fill({0.3, 0.7, 0.5, 0.5});
  target.Fill({-1, 1, 1, -1});
  ASSERT_EQ(Forward(self, target, 0, out, stream.get()), 0) << TakeErrorMessage();
  const std::vector<double> want = {0.854355, 0.403186, 0.474077, 0.974077};
  const std::vector<double> got = out.Read();
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_NEAR(got[i], want[i], 5e-7) << "element " << i;
  }
}

// CANN never checks the forward's reduction: 1 is mean, 0 none and every other value sum (its unit tests run 3
// and -4 with a 0-D out). Empty inputs give sum's 0 for those values too.
TEST(SoftMarginLossTest, ForwardReadsEveryOtherReductionAsSum) {
  ScopedStream stream;
  DeviceTensor self({3}, ACL_FLOAT), target({3}, ACL_FLOAT), sum({}, ACL_FLOAT), other({}, ACL_FLOAT);
  self.Fill({0.5, -1.0, 2.0});
  target.Fill({1, 1, -1});
  ASSERT_EQ(Forward(self, target, 2, sum, stream.get()), 0) << TakeErrorMessage();
  for (int64_t reduction : {int64_t{3}, int64_t{-4}, int64_t{100}, INT64_MIN, INT64_MAX}) {
    ASSERT_EQ(Forward(self, target, reduction, other, stream.get()), 0) << reduction << ": " << TakeErrorMessage();
    EXPECT_EQ(other.Read(), sum.Read()) << reduction;
  }
  DeviceTensor empty({0}, ACL_FLOAT), empty_target({0}, ACL_FLOAT);
  ASSERT_EQ(Forward(empty, empty_target, 3, other, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(other.Read()[0], 0.0);
  EXPECT_FALSE(std::signbit(other.Read()[0]));
}

// CANN's backward indexes a table of three reductions with the value (undefined beyond it): refused here.
TEST(SoftMarginLossTest, BackwardRefusesReductionsOutsideTheTable) {
  ScopedStream stream;
  DeviceTensor grad({2}, ACL_FLOAT), self({2}, ACL_FLOAT), target({2}, ACL_FLOAT), out({2}, ACL_FLOAT);
  grad.Fill({1, 1});
  self.Fill({1, 2});
  target.Fill({1, -1});
  for (int64_t reduction : {int64_t{3}, int64_t{-1}}) {
    EXPECT_EQ(Backward(grad, self, target, reduction, out, stream.get()), 161002);
    EXPECT_NE(TakeErrorMessage().find("reduction"), std::string::npos);
  }
  EXPECT_TRUE(out.OutsideViewUntouched());
}

// -y x up to FLOAT's largest products: the loss is -y x (+ a vanishing tail), finite in double, and rounds to inf
// only where it exceeds FLOAT's range; the gradient is -y (or -0) with no NaN.
TEST(SoftMarginLossTest, StableFormsForLargeMargins) {
  ScopedStream stream;
  const std::vector<double> x = {100.0, -100.0, 1e19, -1e19, 3e38, 3e38, 88.0, -88.0};
  const std::vector<double> y = {1.0, 1.0, 1.0, 1.0, -2.0, 1.0, -1.0, -1.0};
  const int64_t n = static_cast<int64_t>(x.size());
  DeviceTensor self({n}, ACL_FLOAT), target({n}, ACL_FLOAT), grad({n}, ACL_FLOAT), out({n}, ACL_FLOAT);
  self.Fill(x);
  target.Fill(y);
  grad.Fill(std::vector<double>(static_cast<size_t>(n), 1.0));
  ASSERT_EQ(Forward(self, target, 0, out, stream.get()), 0) << TakeErrorMessage();
  const std::vector<double> loss = out.Read();
  EXPECT_EQ(loss[0], static_cast<float>(std::exp(-100.0)));  // log1p(exp(-100)) = exp(-100) to double precision.
  EXPECT_EQ(loss[1], 100.0);
  EXPECT_EQ(loss[2], 0.0);
  EXPECT_EQ(loss[3], static_cast<float>(1e19));
  EXPECT_EQ(loss[4], std::numeric_limits<double>::infinity());  // 6e38: beyond FLOAT, stored as infinity.
  EXPECT_EQ(loss[5], 0.0);
  EXPECT_EQ(loss[6], 88.0);
  // Every kernel target stores the infinite term as infinity (Highway's HWY_SCALAR narrowing saturates to the
  // largest float unless the engine rounds as a cast does).
  const std::vector<uint8_t> bits = out.Storage();
  for (int32_t i = 0; i < openaclnnGetKernelTargetCount(); ++i) {
    ASSERT_EQ(openaclnnSetKernelTarget(openaclnnGetKernelTargetName(i)), 0);
    ASSERT_EQ(Forward(self, target, 0, out, stream.get()), 0) << TakeErrorMessage();
    EXPECT_EQ(out.Storage(), bits) << openaclnnGetKernelTargetName(i);
  }
  openaclnnSetKernelTarget(nullptr);
  ASSERT_EQ(Backward(grad, self, target, 0, out, stream.get()), 0) << TakeErrorMessage();
  const std::vector<double> gradient = out.Read();
  EXPECT_EQ(gradient[1], -1.0);
  EXPECT_EQ(gradient[3], -1.0);
  EXPECT_EQ(gradient[4], 2.0);
  EXPECT_EQ(gradient[5], -0.0);
  EXPECT_TRUE(std::signbit(gradient[5]));
  EXPECT_EQ(gradient[6], 1.0);
  for (double value : gradient) {
    EXPECT_FALSE(std::isnan(value));
  }
}

}  // namespace
}  // namespace openaclnn::test
