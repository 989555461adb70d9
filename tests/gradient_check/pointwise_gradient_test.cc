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
#include "central_difference.h"
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
  // Smooth L1: a beta below every |x - y| (the linear part) and one above (the quadratic part).
  const std::vector<float> betas = loss.takes_beta ? std::vector<float>{0.125f, 4.0f} : std::vector<float>{1.0f};
  for (int64_t case_index = 0; case_index < 3 * static_cast<int64_t>(betas.size()); ++case_index) {
    const int64_t reduction = case_index % 3;
    const float beta = betas[static_cast<size_t>(case_index / 3)];
    SCOPED_TRACE("reduction " + std::to_string(reduction) + ", beta " + std::to_string(beta));
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
      EXPECT_EQ(CallForward(loss, self, target, reduction, out, stream.get(), beta), 0) << TakeErrorMessage();
      const std::vector<double> values = out.Read();
      double sum = 0;
      for (size_t i = 0; i < values.size(); ++i) {
        sum += g[g.size() == 1 ? 0 : i] * values[i];
      }
      return sum;
    };
    ASSERT_EQ(CallBackward(loss, grad, self, target, reduction, gradient, stream.get(), beta), 0)
        << TakeErrorMessage();
    const auto fill_self = [&](const std::vector<double>& values) { self.Fill(values); };
    worst = std::max(worst, ExpectCentralDifferences(x, step, fill_self, objective, gradient.Read(), 1e-4));
  }
  RecordProperty("worst_relative_error", std::to_string(worst));
}

INSTANTIATE_TEST_SUITE_P(Registered, PointwiseGradientTest, ::testing::ValuesIn(PointwiseLossesWithBackward()),
                         [](const ::testing::TestParamInfo<PointwiseLoss>& param_info) {
                           return param_info.param.name;
                         });

}  // namespace
}  // namespace openaclnn::test
