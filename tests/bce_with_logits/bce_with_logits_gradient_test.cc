// The two backwards of BCE with logits against central differences of the forward, all through the public API in
// FLOAT, for every reduction, with a broadcast weight and posWeight: aclnnBinaryCrossEntropyWithLogitsBackward is
// the derivative by self, aclnnBinaryCrossEntropyWithLogitsTargetBackward the derivative by target.
//
// The objective is F = sum_i g_i * out_i (one g for mean and sum), evaluated in double from the forward's FLOAT
// outputs; its derivative by element j of the perturbed input is what the backward returns at j.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "bce_with_logits_call.h"
#include "central_difference.h"
#include "device_tensor.h"

namespace openaclnn::test {
namespace {

class BceWithLogitsGradientTest : public ::testing::TestWithParam<BcelOp> {};

TEST_P(BceWithLogitsGradientTest, BackwardIsTheDerivativeOfForward) {
  const BcelOp op = GetParam();
  ScopedStream stream;
  std::mt19937 rng(1321);
  std::uniform_real_distribution<double> logit(-3.0, 3.0), unit(0.0, 1.0), factor(0.25, 2.0);
  const double step = 1.0 / 128;  // Exact in FLOAT around every value used, so x +- step is stored exactly.
  double worst = 0;
  for (int64_t reduction : {0, 1, 2}) {
    SCOPED_TRACE(std::string(BcelOpName(op)) + ", reduction " + std::to_string(reduction));
    const std::vector<int64_t> dims = {3, 4};
    DeviceTensor self(dims, ACL_FLOAT), target(dims, ACL_FLOAT), weight({4}, ACL_FLOAT), pos({3, 1}, ACL_FLOAT);
    DeviceTensor grad(reduction == 0 ? dims : std::vector<int64_t>{}, ACL_FLOAT);
    DeviceTensor out(reduction == 0 ? dims : std::vector<int64_t>{}, ACL_FLOAT), gradient(dims, ACL_FLOAT);
    auto on_grid = [](double value) { return std::round(value * 128) / 128; };
    std::vector<double> x(12), y(12), w(4), pw(3), g(static_cast<size_t>(grad.numel()));
    for (double& v : x) v = on_grid(logit(rng));
    for (double& v : y) v = on_grid(unit(rng));
    for (double& v : w) v = on_grid(factor(rng));
    for (double& v : pw) v = on_grid(factor(rng));
    for (double& v : g) v = on_grid(factor(rng) - 1.0);
    self.Fill(x);
    target.Fill(y);
    weight.Fill(w);
    pos.Fill(pw);
    grad.Fill(g);
    auto objective = [&] {
      EXPECT_EQ(CallBcel(BcelOp::kForward, {nullptr, &self, &target, &weight, &pos, &out}, reduction, stream.get()),
                0)
          << TakeErrorMessage();
      const std::vector<double> values = out.Read();
      double sum = 0;
      for (size_t i = 0; i < values.size(); ++i) {
        sum += g[g.size() == 1 ? 0 : i] * values[i];
      }
      return sum;
    };
    ASSERT_EQ(CallBcel(op, {&grad, &self, &target, &weight, &pos, &gradient}, reduction, stream.get()), 0)
        << TakeErrorMessage();
    DeviceTensor& moved = op == BcelOp::kBackward ? self : target;
    const auto fill = [&](const std::vector<double>& values) { moved.Fill(values); };
    worst = std::max(worst, ExpectCentralDifferences(op == BcelOp::kBackward ? x : y, step, fill, objective,
                                                     gradient.Read(), 1e-4));
  }
  RecordProperty("worst_relative_error", std::to_string(worst));
}

INSTANTIATE_TEST_SUITE_P(BothBackwards, BceWithLogitsGradientTest,
                         ::testing::Values(BcelOp::kBackward, BcelOp::kTargetBackward),
                         [](const ::testing::TestParamInfo<BcelOp>& param_info) {
                           return std::string(param_info.param == BcelOp::kBackward ? "BySelf" : "ByTarget");
                         });

}  // namespace
}  // namespace openaclnn::test
