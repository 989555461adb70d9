// Each registered pointwise loss's backward (tests/support/pointwise_registry.h) against a central difference of
// its forward, both through the public API in FLOAT, for every reduction, with a broadcast target.
//
// The objective is F(x) = sum_i g_i * out_i(x) (one g for mean and sum), evaluated in double from the forward's
// FLOAT outputs; its derivative by x_j is what the backward returns at j (self has the broadcast shape, so
// nothing is summed over broadcast copies). Values keep |x - y| well above the step, away from L1's kink.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "device_tensor.h"
#include "pointwise_call.h"
#include "pointwise_registry.h"

namespace openaclnn::test {
namespace {

class PointwiseGradientTest : public ::testing::TestWithParam<PointwiseLoss> {};

TEST_P(PointwiseGradientTest, BackwardIsTheDerivativeOfForward) {
  const PointwiseLoss& loss = GetParam();
  ScopedStream stream;
  std::mt19937 rng(1212);
  std::uniform_real_distribution<double> magnitude(0.25, 2.0);
  std::bernoulli_distribution negative(0.5);
  const double step = 1.0 / 64;  // Exact in FLOAT around every value used, so x +- step is stored exactly.
  double worst = 0;
  for (int64_t reduction : {0, 1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    const std::vector<int64_t> dims = {3, 4};
    DeviceTensor self(dims, ACL_FLOAT), target({4}, ACL_FLOAT);
    DeviceTensor grad(reduction == 0 ? dims : std::vector<int64_t>{}, ACL_FLOAT);
    DeviceTensor out(reduction == 0 ? dims : std::vector<int64_t>{}, ACL_FLOAT), gradient(dims, ACL_FLOAT);
    std::vector<double> y(4), x(12), g(static_cast<size_t>(grad.numel()));
    for (double& v : y) {
      v = std::round(magnitude(rng) * 64) / 64;
    }
    for (size_t i = 0; i < x.size(); ++i) {
      // x - y at least 1/4 away from 0: the perturbation never crosses L1's kink.
      const double offset = std::round(magnitude(rng) * 64) / 64;
      x[i] = y[i % 4] + (negative(rng) ? -offset : offset);
    }
    for (double& v : g) {
      v = std::round((magnitude(rng) - 1.0) * 64) / 64;
    }
    self.Fill(x);
    target.Fill(y);
    grad.Fill(g);
    auto objective = [&] {
      EXPECT_EQ(CallForward(loss, self, target, reduction, out, stream.get()), 0) << TakeErrorMessage();
      const std::vector<double> values = out.Read();
      double sum = 0;
      for (size_t i = 0; i < values.size(); ++i) {
        sum += g[g.size() == 1 ? 0 : i] * values[i];
      }
      return sum;
    };
    ASSERT_EQ(CallBackward(loss, grad, self, target, reduction, gradient, stream.get()), 0) << TakeErrorMessage();
    const std::vector<double> analytic = gradient.Read();
    for (size_t j = 0; j < x.size(); ++j) {
      std::vector<double> moved = x;
      moved[j] = x[j] + step;
      self.Fill(moved);
      const double f_plus = objective();
      moved[j] = x[j] - step;
      self.Fill(moved);
      const double f_minus = objective();
      const double numeric = (f_plus - f_minus) / (2 * step);
      const double error = std::fabs(analytic[j] - numeric) / (1.0 + std::fabs(analytic[j]));
      worst = std::max(worst, error);
      EXPECT_LT(error, 1e-4) << "element " << j << ": backward " << analytic[j] << ", central difference "
                             << numeric;
    }
    self.Fill(x);
  }
  RecordProperty("worst_relative_error", std::to_string(worst));
}

INSTANTIATE_TEST_SUITE_P(Registered, PointwiseGradientTest, ::testing::ValuesIn(PointwiseLosses()),
                         [](const ::testing::TestParamInfo<PointwiseLoss>& param_info) {
                           return param_info.param.name;
                         });

}  // namespace
}  // namespace openaclnn::test
