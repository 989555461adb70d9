// aclnnLogit and aclnnLogitGrad against float64 references written from CANN's formulas (POINTWISE-LOSS-FACTS
// 12.1), sharing no code with the library: a grid over data types, ranks 0-8, layouts and eps (none, 0, tiny,
// ordinary and above 0.5), every kernel target with one and two threads bit-identical to the reference kernels;
// edge values (+-0, subnormals, 0 and 1, +-inf, NaN, inputs outside [0, 1]); empty tensors; CANN's examples; and
// the gradient against central differences of the forward.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// CANN's float bounds: lo = eps, hi = 1 - eps, both in float.
struct Bounds {
  bool clamped;
  double lo, hi;
};
Bounds BoundsOf(double eps) {
  const float e = static_cast<float>(eps);
  return {e >= 0, e, 1.0f - e};
}

double LogitOf(double x, double eps) {
  const Bounds b = BoundsOf(eps);
  double z = x;
  if (b.clamped && !std::isnan(x)) {
    z = x < b.lo ? b.lo : (x > b.hi ? b.hi : x);
  }
  return std::log(z / (1 - z));
}

double LogitGradOf(double x, double dy, double eps) {
  const Bounds b = BoundsOf(eps);
  const double lo = b.clamped ? b.lo : 0.0, hi = b.clamped ? b.hi : 1.0;
  if (!(x >= lo && x <= hi)) {
    return b.clamped ? 0.0 : kNan;
  }
  return dy / (x * (1 - x));
}

int Forward(const DeviceTensor& input, double eps, const DeviceTensor& out, aclrtStream stream) {
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  int code = aclnnLogitGetWorkspaceSize(input.get(), eps, out.get(), &size, &executor);
  if (code == 0) code = aclnnLogit(nullptr, size, executor, stream);
  return code != 0 ? code : aclrtSynchronizeStream(stream);
}

int Grad(const DeviceTensor& x, const DeviceTensor& dy, double eps, const DeviceTensor& out, aclrtStream stream) {
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  int code = aclnnLogitGradGetWorkspaceSize(x.get(), dy.get(), eps, out.get(), &size, &executor);
  if (code == 0) code = aclnnLogitGrad(nullptr, size, executor, stream);
  return code != 0 ? code : aclrtSynchronizeStream(stream);
}

bool SameValue(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

void ExpectWithin(aclDataType dtype, const std::vector<double>& got, const std::vector<double>& want, double ulps) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_LE(UlpDistance(dtype, got[i], RoundTo(dtype, want[i])), ulps)
        << "element " << i << ": got " << got[i] << ", reference " << want[i];
  }
}

// Every kernel choice with one and two threads reproduces the bits the reference kernels wrote.
void ExpectSameBitsOnEveryPath(const std::function<int()>& call, const DeviceTensor& out) {
  const std::vector<uint8_t> bits = out.Storage();
  for (int32_t i = 0; i < openaclnnGetKernelTargetCount(); ++i) {
    for (int threads : {1, 2}) {
      ASSERT_EQ(openaclnnSetKernelTarget(openaclnnGetKernelTargetName(i)), 0);
      ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
      ASSERT_EQ(call(), 0) << TakeErrorMessage();
      EXPECT_EQ(out.Storage(), bits) << openaclnnGetKernelTargetName(i) << ", " << threads << " threads";
    }
  }
  openaclnnSetKernelTarget(nullptr);
  openaclnnSetNumThreads(0);
}

TEST(LogitTest, GridMatchesTheReferenceOnEveryPath) {
  ScopedStream stream;
  std::mt19937 rng(1401);
  std::uniform_real_distribution<double> draw(-0.25, 1.25);
  const std::vector<std::vector<int64_t>> shapes = {{}, {1}, {67}, {3, 5}, {2, 3, 4}, {2, 1, 2, 1, 2, 1, 2, 3},
                                                    {2, 2, 1, 2, 2, 1, 3, 5}};
  for (const std::vector<int64_t>& dims : shapes) {
    for (int layout = 0; layout < 3; ++layout) {
      for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (double eps : {-1.0, 0.0, 1e-6, 0.1, 0.7}) {
          SCOPED_TRACE("rank " + std::to_string(dims.size()) + ", layout " + std::to_string(layout) + ", dtype " +
                       std::to_string(dtype) + ", eps " + std::to_string(eps));
          DeviceTensor x(dims, dtype, GridLayout(layout, dims)), dy(dims, dtype, GridLayout(layout, dims));
          DeviceTensor out(dims, dtype, GridLayout(layout, dims));
          std::vector<double> values(static_cast<size_t>(x.numel())), grads(values.size());
          for (size_t i = 0; i < values.size(); ++i) {
            values[i] = i % 11 == 5 ? 0.0 : (i % 11 == 6 ? 1.0 : draw(rng));
            grads[i] = draw(rng) * 4 - 2;
          }
          x.Fill(values);
          dy.Fill(grads);
          const std::vector<double> xs = x.Read(), gs = dy.Read();
          std::vector<double> want(xs.size()), want_grad(xs.size());
          for (size_t i = 0; i < xs.size(); ++i) {
            want[i] = LogitOf(xs[i], eps);
            want_grad[i] = LogitGradOf(xs[i], gs[i], eps);
          }
          auto forward = [&] { return Forward(x, eps, out, stream.get()); };
          ASSERT_EQ(forward(), 0) << TakeErrorMessage();
          // One rounding of a double log that the C library gives within a double ulp of ours.
          ExpectWithin(dtype, out.Read(), want, 1.0);
          EXPECT_TRUE(out.OutsideViewUntouched());
          ExpectSameBitsOnEveryPath(forward, out);
          auto grad = [&] { return Grad(x, dy, eps, out, stream.get()); };
          ASSERT_EQ(grad(), 0) << TakeErrorMessage();
          ExpectWithin(dtype, out.Read(), want_grad, 1.0);
          ExpectSameBitsOnEveryPath(grad, out);
        }
      }
    }
  }
}

TEST(LogitTest, EdgeValuesGiveTheReferenceResult) {
  ScopedStream stream;
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    const double tiny = dtype == ACL_FLOAT ? 0x1p-149 : (dtype == ACL_FLOAT16 ? 0x1p-24 : 0x1p-133);
    const std::vector<double> values = {0.0, -0.0, tiny, -tiny, 0.25, 0.5, 1.0, 1.0 - 0x1p-8, 2.0, -1.0,
                                        kInf, -kInf, kNan};
    const auto n = static_cast<int64_t>(values.size());
    DeviceTensor x({n}, dtype), dy({n}, dtype), out({n}, dtype);
    x.Fill(values);
    std::vector<double> grads(values.size());
    for (size_t i = 0; i < grads.size(); ++i) grads[i] = i % 3 == 0 ? 0.0 : (i % 3 == 1 ? 1.0 : -3.0);
    dy.Fill(grads);
    for (double eps : {-1.0, 0.0, 0.25, 0.75}) {
      SCOPED_TRACE("dtype " + std::to_string(dtype) + ", eps " + std::to_string(eps));
      ASSERT_EQ(Forward(x, eps, out, stream.get()), 0) << TakeErrorMessage();
      std::vector<double> got = out.Read();
      for (size_t i = 0; i < got.size(); ++i) {
        const double want = RoundTo(dtype, LogitOf(RoundTo(dtype, values[i]), eps));
        EXPECT_TRUE(SameValue(got[i], want)) << "logit(" << values[i] << "): got " << got[i] << ", want " << want;
      }
      ASSERT_EQ(Grad(x, dy, eps, out, stream.get()), 0) << TakeErrorMessage();
      got = out.Read();
      for (size_t i = 0; i < got.size(); ++i) {
        const double want = RoundTo(dtype, LogitGradOf(RoundTo(dtype, values[i]), grads[i], eps));
        EXPECT_TRUE(SameValue(got[i], want))
            << "gradient at " << values[i] << ", dy " << grads[i] << ": got " << got[i] << ", want " << want;
      }
    }
  }
}

// CANN's examples: [1, 4] FLOAT {0.1, 0.2, 0.3, 0.4}, eps -1; the gradient with dy {1, 2, 3, 4}.
TEST(LogitTest, CannExamples) {
  ScopedStream stream;
  DeviceTensor x({1, 4}, ACL_FLOAT), dy({1, 4}, ACL_FLOAT), out({1, 4}, ACL_FLOAT);
  x.Fill({0.1, 0.2, 0.3, 0.4});
  dy.Fill({1, 2, 3, 4});
  ASSERT_EQ(Forward(x, -1.0, out, stream.get()), 0) << TakeErrorMessage();
  const std::vector<double> want = {-2.197225, -1.386294, -0.847298, -0.405465};
  std::vector<double> got = out.Read();
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 5e-6) << i;
  ASSERT_EQ(Grad(x, dy, -1.0, out, stream.get()), 0) << TakeErrorMessage();
  const std::vector<double> want_grad = {11.111111, 12.5, 14.285714, 16.666667};
  got = out.Read();
  for (size_t i = 0; i < want_grad.size(); ++i) EXPECT_NEAR(got[i], want_grad[i], 5e-5) << i;
}

TEST(LogitTest, EmptyTensorsWriteNothing) {
  ScopedStream stream;
  DeviceTensor x({0, 3}, ACL_FLOAT), dy({0, 3}, ACL_FLOAT), out({0, 3}, ACL_FLOAT);
  EXPECT_EQ(Forward(x, 0.1, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(Grad(x, dy, 0.1, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(out.OutsideViewUntouched());
}

// The gradient against central differences of the forward, inside the clamp (where the forward is smooth).
TEST(LogitTest, GradientIsTheDerivativeOfTheForward) {
  ScopedStream stream;
  const double step = 1.0 / 4096;
  std::vector<double> xs;
  for (int i = 1; i < 20; ++i) xs.push_back(std::round(i / 20.0 * 4096) / 4096);
  const auto n = static_cast<int64_t>(xs.size());
  for (double eps : {-1.0, 0.01}) {
    SCOPED_TRACE("eps " + std::to_string(eps));
    DeviceTensor x({n}, ACL_FLOAT), dy({n}, ACL_FLOAT), grad({n}, ACL_FLOAT);
    DeviceTensor out_plus({n}, ACL_FLOAT), out_minus({n}, ACL_FLOAT);
    x.Fill(xs);
    dy.Fill(std::vector<double>(xs.size(), 1.0));
    ASSERT_EQ(Grad(x, dy, eps, grad, stream.get()), 0) << TakeErrorMessage();
    const std::vector<double> analytic = grad.Read();
    std::vector<double> moved(xs.size());
    for (size_t i = 0; i < xs.size(); ++i) moved[i] = xs[i] + step;
    x.Fill(moved);
    ASSERT_EQ(Forward(x, eps, out_plus, stream.get()), 0) << TakeErrorMessage();
    for (size_t i = 0; i < xs.size(); ++i) moved[i] = xs[i] - step;
    x.Fill(moved);
    ASSERT_EQ(Forward(x, eps, out_minus, stream.get()), 0) << TakeErrorMessage();
    const std::vector<double> f_plus = out_plus.Read(), f_minus = out_minus.Read();
    for (size_t i = 0; i < xs.size(); ++i) {
      const double numeric = (f_plus[i] - f_minus[i]) / (2 * step);
      EXPECT_LT(std::fabs(analytic[i] - numeric) / (1.0 + std::fabs(analytic[i])), 1e-3)
          << "x " << xs[i] << ": gradient " << analytic[i] << ", central difference " << numeric;
    }
  }
}

}  // namespace
}  // namespace openaclnn::test
