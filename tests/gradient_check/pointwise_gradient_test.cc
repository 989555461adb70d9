// Each registered pointwise loss's gradients (tests/support/pointwise_registry.h: AllPointwiseLosses()), by self
// and, where the entry has one, by target, against a central difference of its forward, both through the public
// API in FLOAT, for every reduction and special parameter value, with a broadcast other operand.
//
// The objective is F(v) = sum_i g_i * out_i(v) (one g for the reductions), evaluated in double from the
// forward's FLOAT outputs, v the differentiated operand; its derivative by v_j is what the gradient returns at j
// (v has the broadcast shape, so nothing is summed over broadcast copies). Values keep |x - y| well above the
// step, away from L1's kink, unless the entry draws its own.
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

// The generic values: target in [1/4, 2], self at least 1/4 from the target element it meets, multiples of 1/64.
void DrawValues(std::vector<double>* x, std::vector<double>* y, std::mt19937* rng) {
  std::uniform_real_distribution<double> magnitude(0.25, 2.0);
  std::bernoulli_distribution negative(0.5);
  for (double& v : *y) {
    v = std::round(magnitude(*rng) * 64) / 64;
  }
  for (size_t i = 0; i < x->size(); ++i) {
    const double offset = std::round(magnitude(*rng) * 64) / 64;
    (*x)[i] = (*y)[i % y->size()] + (negative(*rng) ? -offset : offset);
  }
}

void CheckGradient(const PointwiseLoss& loss, Gradient which) {
  ScopedStream stream;
  std::mt19937 rng(1212);
  std::uniform_real_distribution<double> magnitude(0.25, 2.0);
  const double step = loss.gradient_check_step;  // Exact in FLOAT around every value used.
  const bool by_target = which == Gradient::kByTarget;
  double worst = 0;
  // Smooth L1: a beta below every |x - y| (the linear part) and one above (the quadratic part).
  for (float beta : GradientCheckParameters(loss, {0.125f, 4.0f})) {
    for (int64_t reduction : loss.forward_reductions) {
      SCOPED_TRACE(std::string(by_target ? "by target, " : "") + "reduction " + std::to_string(reduction) + ", " +
                   (loss.parameter_name.empty() ? "beta" : loss.parameter_name) + " " + std::to_string(beta));
      const std::vector<int64_t> dims = {3, 4};
      const std::vector<int64_t> row = {4};
      DeviceTensor self(by_target ? row : dims, ACL_FLOAT), target(by_target ? dims : row, ACL_FLOAT);
      DeviceTensor grad(reduction == 0 ? dims : std::vector<int64_t>{}, ACL_FLOAT);
      DeviceTensor out(reduction == 0 ? dims : std::vector<int64_t>{}, ACL_FLOAT), gradient(dims, ACL_FLOAT);
      std::vector<double> x(static_cast<size_t>(self.numel())), y(static_cast<size_t>(target.numel()));
      std::vector<double> g(static_cast<size_t>(grad.numel()));
      if (loss.gradient_check_draw != nullptr) {
        loss.gradient_check_draw(beta, &x, &y, &rng);
      } else {
        DrawValues(&x, &y, &rng);
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
      ASSERT_EQ(CallBackward(loss, grad, self, target, reduction, gradient, stream.get(), beta, which), 0)
          << TakeErrorMessage();
      DeviceTensor& moved = by_target ? target : self;
      const auto fill_moved = [&](const std::vector<double>& values) { moved.Fill(values); };
      worst = std::max(worst, ExpectCentralDifferences(by_target ? y : x, step, fill_moved, objective,
                                                       gradient.Read(), loss.gradient_check_tolerance));
    }
  }
  ::testing::Test::RecordProperty("worst_relative_error", std::to_string(worst));
}

class PointwiseGradientTest : public ::testing::TestWithParam<PointwiseLoss> {};
class PointwiseTargetGradientTest : public ::testing::TestWithParam<PointwiseLoss> {};

TEST_P(PointwiseGradientTest, BackwardIsTheDerivativeOfForward) { CheckGradient(GetParam(), Gradient::kBySelf); }

TEST_P(PointwiseTargetGradientTest, TargetBackwardIsTheDerivativeOfForward) {
  CheckGradient(GetParam(), Gradient::kByTarget);
}

std::string NameOf(const ::testing::TestParamInfo<PointwiseLoss>& param_info) { return param_info.param.name; }

INSTANTIATE_TEST_SUITE_P(Registered, PointwiseGradientTest, ::testing::ValuesIn(AllPointwiseLossesWithBackward()),
                         NameOf);
INSTANTIATE_TEST_SUITE_P(Registered, PointwiseTargetGradientTest,
                         ::testing::ValuesIn(AllPointwiseLossesWithTargetBackward()), NameOf);

}  // namespace
}  // namespace openaclnn::test
