// Every registered pointwise loss on edge values (+-0, subnormals, +-inf, NaN, the largest finite values a
// gradient stays finite for) in each data type, on empty tensors, and on CANN's documented examples.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "device_tensor.h"
#include "pointwise_call.h"
#include "pointwise_registry.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// Values where |x - y| and 2 |x - y| stay finite in float arithmetic, so the references hold exactly
// (docs/mse_loss.md: beyond that the float gradient overflows).
std::vector<double> EdgeValues(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT16: return {0.0, -0.0, 0x1p-24, -0x1p-24, 0x1p-14, 1.0, -1.0, 65504.0, -65504.0, kInf, -kInf, kNan};
    case ACL_BF16: return {0.0, -0.0, 0x1p-133, -0x1p-133, 1.0, -1.0, 0x1p125, -0x1p125, kInf, -kInf, kNan};
    default: return {0.0, -0.0, 0x1p-149, -0x1p-149, 0x1p-126, 1.0, -1.0, 0x1p125, -0x1p125, kInf, -kInf, kNan};
  }
}

bool SameValue(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) {
    return std::isnan(a) && std::isnan(b);
  }
  return a == b && std::signbit(a) == std::signbit(b);
}

class PointwiseValuesTest : public ::testing::TestWithParam<PointwiseLoss> {};

// All pairs of edge values: the forward rounds its double term once, so it must equal the reference rounded
// once, sign of zero included; the gradient too within the registry's bound (exact here: the values are powers
// of two, zeros and non-finite).
TEST_P(PointwiseValuesTest, EdgeValuesGiveTheReferenceResult) {
  const PointwiseLoss& loss = GetParam();
  ScopedStream stream;
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    SCOPED_TRACE(dtype);
    const std::vector<double> edges = EdgeValues(dtype);
    const int64_t n = static_cast<int64_t>(edges.size());
    std::vector<double> x, y, g;
    const std::vector<double> grads = {1.0, -2.0, 0.5, 0.0};
    for (int64_t i = 0; i < n * n; ++i) {
      x.push_back(edges[static_cast<size_t>(i / n)]);
      y.push_back(edges[static_cast<size_t>(i % n)]);
      g.push_back(grads[static_cast<size_t>(i % 4)]);
    }
    DeviceTensor self({n * n}, dtype), target({n * n}, dtype), grad({n * n}, dtype);
    self.Fill(x);
    target.Fill(y);
    grad.Fill(g);
    DeviceTensor out({n * n}, dtype);
    ASSERT_EQ(CallForward(loss, self, target, 0, out, stream.get()), 0) << TakeErrorMessage();
    std::vector<double> got = out.Read();
    std::vector<double> want = ForwardReference(loss, self, target, 0);
    for (size_t i = 0; i < got.size(); ++i) {
      EXPECT_TRUE(SameValue(got[i], RoundTo(dtype, want[i])))
          << "forward of " << x[i] << ", " << y[i] << ": got " << got[i] << ", want " << want[i];
    }
    for (int64_t reduction : {0, 2}) {
      ASSERT_EQ(CallBackward(loss, grad, self, target, reduction, out, stream.get()), 0) << TakeErrorMessage();
      got = out.Read();
      want = BackwardReference(loss, grad, self, target, reduction);
      for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_TRUE(SameValue(got[i], RoundTo(dtype, want[i])))
            << "gradient at " << x[i] << ", " << y[i] << ", g " << g[i] << ": got " << got[i] << ", want " << want[i];
      }
    }
  }
}

// Empty inputs: none and every backward write nothing; mean gives NaN and sum 0 (CANN and PyTorch).
TEST_P(PointwiseValuesTest, EmptyInputs) {
  const PointwiseLoss& loss = GetParam();
  ScopedStream stream;
  DeviceTensor self({0, 3}, ACL_FLOAT), target({3}, ACL_FLOAT), grad({1}, ACL_FLOAT);
  DeviceTensor none_out({0, 3}, ACL_FLOAT), grad_out({0, 3}, ACL_FLOAT);
  EXPECT_EQ(CallForward(loss, self, target, 0, none_out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(none_out.OutsideViewUntouched());
  for (int64_t reduction : {0, 1, 2}) {
    EXPECT_EQ(CallBackward(loss, grad, self, target, reduction, grad_out, stream.get()), 0) << TakeErrorMessage();
    EXPECT_TRUE(grad_out.OutsideViewUntouched());
  }
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    DeviceTensor out({}, dtype);
    ASSERT_EQ(CallForward(loss, self, target, 1, out, stream.get()), 0) << TakeErrorMessage();
    EXPECT_TRUE(std::isnan(out.Read()[0]));
    ASSERT_EQ(CallForward(loss, self, target, 2, out, stream.get()), 0) << TakeErrorMessage();
    EXPECT_TRUE(SameValue(out.Read()[0], 0.0));
    EXPECT_TRUE(out.OutsideViewUntouched());
  }
}

// The examples of CANN's operator documents (POINTWISE-LOSS-FACTS 6-8): 2x2 FLOAT self {0, 1, 2, 3}, target
// ones, gradOutput {0, 1, 2, 3}, reduction mean.
TEST_P(PointwiseValuesTest, CannExamples) {
  const PointwiseLoss& loss = GetParam();
  ScopedStream stream;
  DeviceTensor self({2, 2}, ACL_FLOAT), target({2, 2}, ACL_FLOAT), grad({2, 2}, ACL_FLOAT);
  self.Fill({0, 1, 2, 3});
  target.Fill({1, 1, 1, 1});
  grad.Fill({0, 1, 2, 3});
  DeviceTensor out({}, ACL_FLOAT), grad_out({2, 2}, ACL_FLOAT);
  ASSERT_EQ(CallForward(loss, self, target, 1, out, stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(CallBackward(loss, grad, self, target, 1, grad_out, stream.get()), 0) << TakeErrorMessage();
  const std::vector<double> gradient = grad_out.Read();
  if (loss.name == "MseLoss") {
    EXPECT_EQ(out.Read()[0], 1.5);
    EXPECT_EQ(gradient, (std::vector<double>{-0.0, 0.0, 1.0, 3.0}));
  } else if (loss.name == "L1Loss") {
    EXPECT_EQ(out.Read()[0], 1.0);
    EXPECT_EQ(gradient, (std::vector<double>{-0.0, 0.0, 0.5, 0.75}));
  } else {
    GTEST_FAIL() << "no documented example recorded for " << loss.name;
  }
  EXPECT_TRUE(std::signbit(gradient[0])) << "the first gradient is -0 (sign(-1) * 0)";
}

INSTANTIATE_TEST_SUITE_P(Registered, PointwiseValuesTest, ::testing::ValuesIn(PointwiseLosses()),
                         [](const ::testing::TestParamInfo<PointwiseLoss>& param_info) {
                           return param_info.param.name;
                         });

}  // namespace
}  // namespace openaclnn::test
