// aclnnKlDiv, aclnnKlDivBackward and aclnnKlDivTargetBackward beyond the registry's shared tests
// (tests/support/pointwise_registry.h: the grid over data types, the four reductions, logTarget, ranks, broadcasts,
// layouts and kernel targets, and the gradient check, run the entry "KlDiv"): edge values (+-0, subnormals,
// +-inf, NaN, targets outside [0, 1]) against the entry's float64 references, exactly; logTarget's overflow;
// empty inputs; CANN's documented examples.
#include <gtest/gtest.h>

#include <algorithm>
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

// The registry's entry: its calls and references (the grid, the gradient check and these tests share them).
const PointwiseLoss& Kl() {
  static const PointwiseLoss& kEntry = *std::find_if(AllPointwiseLosses().begin(), AllPointwiseLosses().end(),
                                                      [](const PointwiseLoss& loss) { return loss.name == "KlDiv"; });
  return kEntry;
}

int Forward(const DeviceTensor& self, const DeviceTensor& target, int64_t reduction, bool log_target,
            const DeviceTensor& out, aclrtStream stream) {
  return CallForward(Kl(), self, target, reduction, out, stream, log_target ? 1.0f : 0.0f);
}

int Backward(Gradient which, const DeviceTensor& grad, const DeviceTensor& self, const DeviceTensor& target,
             int64_t reduction, bool log_target, const DeviceTensor& out, aclrtStream stream) {
  return CallBackward(Kl(), grad, self, target, reduction, out, stream, log_target ? 1.0f : 0.0f, which);
}

std::vector<double> EdgeValues(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT16: return {0.0, -0.0, 0x1p-24, 0x1p-14, 0.5, 1.0, -1.0, 11.0, 65504.0, kInf, -kInf, kNan};
    case ACL_BF16: return {0.0, -0.0, 0x1p-133, 0.5, 1.0, -1.0, 100.0, 0x1p125, kInf, -kInf, kNan};
    default: return {0.0, -0.0, 0x1p-149, 0x1p-126, 0.5, 1.0, -1.0, 100.0, 0x1p125, kInf, -kInf, kNan};
  }
}

// Every pair of edge values (targets outside [0, 1], zeros of both signs, subnormals, infinities, NaN): each
// result is the reference rounded once, sign of zero and NaN included.
TEST(KlDivTest, EdgeValuesGiveTheReferenceResult) {
  ScopedStream stream;
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    const std::vector<double> edges = EdgeValues(dtype);
    const auto n = static_cast<int64_t>(edges.size());
    std::vector<double> x, t, g;
    for (int64_t i = 0; i < n * n; ++i) {
      x.push_back(edges[static_cast<size_t>(i / n)]);
      t.push_back(edges[static_cast<size_t>(i % n)]);
      g.push_back(i % 3 == 0 ? 0.0 : (i % 3 == 1 ? 1.0 : -2.0));
    }
    DeviceTensor self({n * n}, dtype), target({n * n}, dtype), grad({n * n}, dtype), out({n * n}, dtype);
    self.Fill(x);
    target.Fill(t);
    grad.Fill(g);
    for (bool log_target : {false, true}) {
      SCOPED_TRACE("dtype " + std::to_string(dtype) + ", logTarget " + std::to_string(log_target));
      ASSERT_EQ(Forward(self, target, 0, log_target, out, stream.get()), 0) << TakeErrorMessage();
      std::vector<double> got = out.Read();
      std::vector<double> want = ForwardReference(Kl(), self, target, 0, log_target ? 1.0f : 0.0f);
      for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_TRUE(SameValue(got[i], RoundTo(dtype, want[i])))
            << "loss at x " << x[i] << ", t " << t[i] << ": got " << got[i] << ", want " << want[i];
      }
      for (Gradient which : {Gradient::kBySelf, Gradient::kByTarget}) {
        ASSERT_EQ(Backward(which, grad, self, target, 0, log_target, out, stream.get()), 0) << TakeErrorMessage();
        got = out.Read();
        want = BackwardReference(Kl(), grad, self, target, 0, log_target ? 1.0f : 0.0f, which);
        for (size_t i = 0; i < got.size(); ++i) {
          EXPECT_TRUE(SameValue(got[i], RoundTo(dtype, want[i])))
              << (which == Gradient::kBySelf ? "by self" : "by target") << " at x " << x[i] << ", t " << t[i] << ", g "
              << g[i] << ": got " << got[i] << ", want " << want[i];
        }
      }
    }
  }
}

// A large exp(t) where the loss is 0 (t == x) or the target gradient is 0 (t - x + 1 == 0): 0, not inf * 0.
// Elsewhere the overflow is CANN's composition's: gs (t - x) exp(t) + gs exp(t) is NaN at t == x (0 * inf), as in
// CANN and PyTorch, where the limit is infinite.
TEST(KlDivTest, LogTargetOverflowOnlyWhereTheResultIsInfinite) {
  ScopedStream stream;
  DeviceTensor self({3}, ACL_FLOAT), target({3}, ACL_FLOAT), grad({3}, ACL_FLOAT), out({3}, ACL_FLOAT);
  self.Fill({1000.0, 1001.0, 999.0});
  target.Fill({1000.0, 1000.0, 1000.0});
  grad.Fill({1.0, 1.0, 1.0});
  ASSERT_EQ(Forward(self, target, 0, true, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(out.Read(), (std::vector<double>{0.0, -kInf, kInf}));
  ASSERT_EQ(Backward(Gradient::kByTarget, grad, self, target, 0, true, out, stream.get()), 0) << TakeErrorMessage();
  const std::vector<double> gradient = out.Read();
  EXPECT_TRUE(std::isnan(gradient[0]));
  EXPECT_EQ(gradient[1], 0.0);
  EXPECT_EQ(gradient[2], kInf);
}

// Empty inputs: CANN returns before its shape checks; none writes nothing, mean NaN, sum 0, batchmean NaN when
// self's first dimension is 0 and 0 otherwise; the gradients write nothing.
TEST(KlDivTest, EmptyInputs) {
  ScopedStream stream;
  DeviceTensor self({0, 3}, ACL_FLOAT), self_rows({2, 0}, ACL_FLOAT), target({3}, ACL_FLOAT), out({}, ACL_FLOAT);
  DeviceTensor none_out({0, 3}, ACL_FLOAT), grad({1}, ACL_FLOAT);
  EXPECT_EQ(Forward(self, target, 0, false, none_out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(none_out.OutsideViewUntouched());
  ASSERT_EQ(Forward(self, target, 1, false, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(std::isnan(out.Read()[0]));
  ASSERT_EQ(Forward(self, target, 2, false, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(SameValue(out.Read()[0], 0.0));
  ASSERT_EQ(Forward(self, target, 3, true, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(std::isnan(out.Read()[0]));
  // self [2, 0] with a target that does not broadcast with it: CANN's empty short cut comes first.
  ASSERT_EQ(Forward(self_rows, target, 3, false, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(SameValue(out.Read()[0], 0.0));
  for (Gradient which : {Gradient::kBySelf, Gradient::kByTarget}) {
    DeviceTensor empty_grad({0, 3}, ACL_FLOAT), other({0, 3}, ACL_FLOAT);
    EXPECT_EQ(Backward(which, grad, self, other, 1, false, empty_grad, stream.get()), 0) << TakeErrorMessage();
    EXPECT_TRUE(empty_grad.OutsideViewUntouched());
  }
}

// CANN's documented examples (POINTWISE-LOSS-FACTS 11): the forward of a 4x2 FLOAT self {0..7} and target
// {1, 1, 1, 2, 2, 2, 3, 3} with mean into a [1] out; both gradients of gradOutput = self = target = {2, 3, 5, 8}.
TEST(KlDivTest, CannExamples) {
  ScopedStream stream;
  DeviceTensor self({4, 2}, ACL_FLOAT), target({4, 2}, ACL_FLOAT), out({1}, ACL_FLOAT);
  self.Fill({0, 1, 2, 3, 4, 5, 6, 7});
  target.Fill({1, 1, 1, 2, 2, 2, 3, 3});
  ASSERT_EQ(Forward(self, target, 1, false, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_NEAR(out.Read()[0], -6.906180, 5e-6);
  DeviceTensor values({2, 2}, ACL_FLOAT), gradient({2, 2}, ACL_FLOAT);
  values.Fill({2, 3, 5, 8});
  ASSERT_EQ(Backward(Gradient::kBySelf, values, values, values, 0, false, gradient, stream.get()), 0)
      << TakeErrorMessage();
  EXPECT_EQ(gradient.Read(), (std::vector<double>{-4, -9, -25, -64}));
  ASSERT_EQ(Backward(Gradient::kByTarget, values, values, values, 0, false, gradient, stream.get()), 0)
      << TakeErrorMessage();
  const std::vector<double> want = {-0.61371, -2.70416, -11.95281, -39.36447};
  const std::vector<double> got = gradient.Read();
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_NEAR(got[i], want[i], 5e-5) << "element " << i;
  }
}

}  // namespace
}  // namespace openaclnn::test
