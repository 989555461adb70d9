// Each backward loss operator against a central finite difference of its forward operator, both through the
// public API in FLOAT, over random shapes (1-D and 2-D NLL inputs, BCE ranks 0-3 with broadcast target and
// weight), ignored rows, weights and all three reductions.
//
// The objective is F(x) = sum_i g_i * out_i(x) (g = gradOutput, broadcast like the backward reads it), evaluated
// in double from the forward's FLOAT outputs; its derivative by x_j is what the backward returns at j. Perturbing
// x_j changes only out_j (reduction none) or the one reduced value, so the finite difference's error is the
// rounding of those outputs divided by the step, plus the truncation error (none for NLL, which is linear in x).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "device_tensor.h"
#include "loss_calls.h"

namespace openaclnn::test {
namespace {

std::vector<double> Draw(int64_t count, double low, double high, std::mt19937* rng) {
  std::uniform_real_distribution<double> draw(low, high);
  std::vector<double> values(static_cast<size_t>(count));
  for (double& value : values) {
    value = draw(*rng);
  }
  return values;
}

double Dot(const std::vector<double>& g, const std::vector<double>& out) {
  double sum = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    sum += g[g.size() == 1 ? 0 : i] * out[i];
  }
  return sum;
}

// Central difference of objective() in element j of x, with the steps as stored (x +- step rounded to FLOAT).
template <typename Objective>
double CentralDifference(DeviceTensor& x_tensor, std::vector<double> x, size_t j, double step, Objective objective) {
  const double original = x[j];
  x[j] = original + step;
  x_tensor.Fill(x);
  const double x_plus = x_tensor.Read()[j];
  const double f_plus = objective();
  x[j] = original - step;
  x_tensor.Fill(x);
  const double x_minus = x_tensor.Read()[j];
  const double f_minus = objective();
  x[j] = original;
  x_tensor.Fill(x);
  return (f_plus - f_minus) / (x_plus - x_minus);
}

struct Worst {
  double error = 0;  // Largest |analytic - numeric| / (1 + |analytic|).
  void Note(double analytic, double numeric) {
    error = std::max(error, std::fabs(analytic - numeric) / (1.0 + std::fabs(analytic)));
  }
};

TEST(GradientCheckTest, NllLossBackwardIsTheDerivativeOfNllLoss) {
  std::mt19937 rng(606);
  std::uniform_int_distribution<int64_t> rows_draw(1, 6);
  std::uniform_int_distribution<int64_t> classes_draw(1, 7);
  Worst worst;
  for (int c = 0; c < 60; ++c) {
    const int64_t reduction = c % 3;
    const bool one_d = c % 5 == 4;
    const int64_t rows = one_d ? 1 : rows_draw(rng);
    const int64_t classes = classes_draw(rng);
    // An ignoreIndex inside [0, C) now and then, never the only class (a mean over no rows is NaN).
    const int64_t ignore_index = c % 2 == 0 || classes == 1 ? -100 : classes - 1;
    SCOPED_TRACE("case " + std::to_string(c) + ": " + std::to_string(rows) + "x" + std::to_string(classes) +
                 (one_d ? " 1-D" : "") + " reduction " + std::to_string(reduction) + " ignore " +
                 std::to_string(ignore_index));
    const std::vector<int64_t> self_dims = one_d ? std::vector<int64_t>{classes} : std::vector<int64_t>{rows, classes};
    const bool per_row = reduction == 0 && !one_d;
    DeviceTensor self(self_dims, ACL_FLOAT);
    DeviceTensor target(one_d ? std::vector<int64_t>{} : std::vector<int64_t>{rows}, ACL_INT64);
    DeviceTensor weight({classes}, ACL_FLOAT);
    DeviceTensor out(per_row ? std::vector<int64_t>{rows} : std::vector<int64_t>{1}, ACL_FLOAT);
    DeviceTensor total_weight({1}, ACL_FLOAT);
    DeviceTensor grad(per_row ? std::vector<int64_t>{rows} : std::vector<int64_t>{1}, ACL_FLOAT);
    DeviceTensor grad_input(self_dims, ACL_FLOAT);

    const std::vector<double> x = Draw(self.numel(), -3.0, 0.0, &rng);
    std::vector<double> targets;
    std::uniform_int_distribution<int64_t> klass(0, classes - 1);
    for (int64_t n = 0; n < rows; ++n) {
      targets.push_back(static_cast<double>(rng() % 4 == 0 ? ignore_index : klass(rng)));
    }
    if (targets[0] == static_cast<double>(ignore_index)) {
      targets[0] = 0;  // At least one row counts.
    }
    self.Fill(x);
    target.Fill(targets);
    weight.Fill(Draw(classes, c % 4 == 3 ? -1.0 : 0.2, 2.0, &rng));
    grad.Fill(Draw(grad.numel(), -2.0, 2.0, &rng));
    const std::vector<double> g = grad.Read();

    auto objective = [&] {
      CallNllLoss(self, target, weight, reduction, ignore_index, out, total_weight);
      return Dot(g, out.Read());
    };
    ASSERT_NO_FATAL_FAILURE(objective());  // Also leaves the forward's totalWeightOut for the backward.
    ASSERT_NO_FATAL_FAILURE(
        CallNllLossBackward(grad, self, target, weight, reduction, ignore_index, total_weight, grad_input));
    const std::vector<double> analytic = grad_input.Read();
    const std::vector<double> stored_x = self.Read();
    for (size_t j = 0; j < stored_x.size(); ++j) {
      // Linear in x: a large step costs nothing and keeps the outputs' rounding small against it.
      const double numeric = CentralDifference(self, stored_x, j, 0.5, objective);
      ASSERT_FALSE(HasFatalFailure());
      EXPECT_NEAR(analytic[j], numeric, 1e-6 * (1.0 + std::fabs(analytic[j]))) << "element " << j;
      worst.Note(analytic[j], numeric);
    }
  }
  RecordProperty("worst_relative_error", std::to_string(worst.error));
}

// The same check for the (N, C, H, W) operators, over random maps and ignored positions.
TEST(GradientCheckTest, NllLoss2dBackwardIsTheDerivativeOfNllLoss2d) {
  std::mt19937 rng(717);
  std::uniform_int_distribution<int64_t> dim_draw(1, 3);
  for (int c = 0; c < 12; ++c) {
    const int64_t reduction = c % 3;
    const std::vector<int64_t> dims = {dim_draw(rng), dim_draw(rng) + 1, dim_draw(rng), dim_draw(rng)};
    const std::vector<int64_t> map = {dims[0], dims[2], dims[3]};
    const int64_t ignore_index = c % 2 == 0 ? -100 : 0;
    SCOPED_TRACE("case " + std::to_string(c) + " reduction " + std::to_string(reduction));
    DeviceTensor self(dims, ACL_FLOAT);
    DeviceTensor target(map, ACL_INT32);
    DeviceTensor weight({dims[1]}, ACL_FLOAT);
    DeviceTensor out(reduction == 0 ? map : std::vector<int64_t>{1}, ACL_FLOAT);
    DeviceTensor total_weight({1}, ACL_FLOAT);
    DeviceTensor grad(reduction == 0 ? map : std::vector<int64_t>{1}, ACL_FLOAT);
    DeviceTensor grad_input(dims, ACL_FLOAT);
    std::vector<double> targets;
    std::uniform_int_distribution<int64_t> klass(0, dims[1] - 1);
    for (int64_t p = 0; p < target.numel(); ++p) {
      targets.push_back(static_cast<double>(p == 0 ? dims[1] - 1 : klass(rng)));  // Position 0 always counts.
    }
    self.Fill(Draw(self.numel(), -3.0, 0.0, &rng));
    target.Fill(targets);
    weight.Fill(Draw(dims[1], 0.2, 2.0, &rng));
    grad.Fill(Draw(grad.numel(), -2.0, 2.0, &rng));
    const std::vector<double> g = grad.Read();
    auto objective = [&] {
      CallNllLoss2d(self, target, weight, reduction, ignore_index, out, total_weight);
      return Dot(g, out.Read());
    };
    ASSERT_NO_FATAL_FAILURE(objective());
    ASSERT_NO_FATAL_FAILURE(
        CallNllLoss2dBackward(grad, self, target, weight, reduction, ignore_index, total_weight, grad_input));
    const std::vector<double> analytic = grad_input.Read();
    const std::vector<double> stored_x = self.Read();
    for (size_t j = 0; j < stored_x.size(); ++j) {
      const double numeric = CentralDifference(self, stored_x, j, 0.5, objective);
      ASSERT_FALSE(HasFatalFailure());
      EXPECT_NEAR(analytic[j], numeric, 1e-6 * (1.0 + std::fabs(analytic[j]))) << "element " << j;
    }
  }
}

// Softmax and log-softmax: the backward (FLOAT, from the forward's output rounded to FLOAT) against central
// differences of F(x) = sum g * forward(x), the forward evaluated in DOUBLE so the difference quotient is not
// dominated by the output's rounding; the FLOAT rounding of g and the output bounds the agreement (1e-5).
TEST(GradientCheckTest, SoftmaxBackwardsAreTheDerivativesOfTheForwards) {
  std::mt19937 rng(818);
  std::uniform_int_distribution<int64_t> dim_draw(1, 5);
  for (int c = 0; c < 16; ++c) {
    const bool log = c % 2 == 1;
    const std::vector<int64_t> dims = {dim_draw(rng), dim_draw(rng), dim_draw(rng)};
    const int64_t dim = c % 3 - 1;  // -1, 0, 1.
    SCOPED_TRACE("case " + std::to_string(c) + (log ? " log-softmax" : " softmax") + " dim " + std::to_string(dim));
    DeviceTensor x(dims, ACL_DOUBLE);
    DeviceTensor y(dims, ACL_DOUBLE);
    DeviceTensor g(dims, ACL_FLOAT);
    DeviceTensor y_float(dims, ACL_FLOAT);
    DeviceTensor grad_input(dims, ACL_FLOAT);
    const std::vector<double> x_values = Draw(x.numel(), -3.0, 3.0, &rng);
    x.Fill(x_values);
    g.Fill(Draw(g.numel(), -2.0, 2.0, &rng));
    const std::vector<double> g_values = g.Read();
    auto objective = [&] {
      CallSoftmax(log, x, dim, y);
      return Dot(g_values, y.Read());
    };
    ASSERT_NO_FATAL_FAILURE(objective());
    y_float.Fill(y.Read());
    ASSERT_NO_FATAL_FAILURE(CallSoftmaxBackward(log, g, y_float, dim, grad_input));
    const std::vector<double> analytic = grad_input.Read();
    for (size_t j = 0; j < x_values.size(); ++j) {
      const double numeric = CentralDifference(x, x_values, j, 1e-4, objective);
      ASSERT_FALSE(HasFatalFailure());
      EXPECT_NEAR(analytic[j], numeric, 1e-5 * (1.0 + std::fabs(analytic[j]))) << "element " << j;
    }
  }
}

// A shape that broadcasts to dims: some dimensions set to 1, some leading ones dropped.
std::vector<int64_t> BroadcastingShape(const std::vector<int64_t>& dims, std::mt19937* rng) {
  std::vector<int64_t> shape = dims;
  for (int64_t& dim : shape) {
    if ((*rng)() % 3 == 0) {
      dim = 1;
    }
  }
  const size_t drop = shape.empty() ? 0 : (*rng)() % (shape.size() + 1);
  shape.erase(shape.begin(), shape.begin() + static_cast<std::ptrdiff_t>(drop));
  return shape;
}

TEST(GradientCheckTest, BinaryCrossEntropyBackwardIsTheDerivativeOfBinaryCrossEntropy) {
  std::mt19937 rng(707);
  std::uniform_int_distribution<int64_t> rank_draw(0, 3);
  std::uniform_int_distribution<int64_t> dim_draw(1, 4);
  Worst worst;
  for (int c = 0; c < 60; ++c) {
    // Independent of each other and of the reduction (cycle lengths 3, 2 and 4 over 60 cases): every
    // combination of reduction, weight and broadcast target occurs.
    const int64_t reduction = c % 3;
    const bool with_weight = c % 2 == 1;
    const bool broadcast_target = (c / 2) % 2 == 0;
    std::vector<int64_t> dims(static_cast<size_t>(rank_draw(rng)));
    for (int64_t& dim : dims) {
      dim = dim_draw(rng);
    }
    const std::vector<int64_t> target_dims = broadcast_target ? BroadcastingShape(dims, &rng) : dims;
    const std::vector<int64_t> weight_dims = BroadcastingShape(dims, &rng);
    SCOPED_TRACE("case " + std::to_string(c) + ": rank " + std::to_string(dims.size()) + " reduction " +
                 std::to_string(reduction) + (with_weight ? " weighted" : "") +
                 (broadcast_target ? " broadcast target" : ""));
    DeviceTensor self(dims, ACL_FLOAT);
    DeviceTensor target(target_dims, ACL_FLOAT);
    std::unique_ptr<DeviceTensor> weight;
    if (with_weight) {
      weight = std::make_unique<DeviceTensor>(weight_dims, ACL_FLOAT);
      weight->Fill(Draw(weight->numel(), 0.5, 2.0, &rng));
    }
    const std::vector<int64_t> out_dims = reduction == 0 ? dims : std::vector<int64_t>{1};
    DeviceTensor out(out_dims, ACL_FLOAT);
    // gradOutput broadcasts to self: one element of self's rank at most (a 0-D self takes a 0-D gradOutput).
    DeviceTensor grad(reduction != 0 && dims.empty() ? std::vector<int64_t>{} : out_dims, ACL_FLOAT);
    DeviceTensor grad_input(dims, ACL_FLOAT);

    self.Fill(Draw(self.numel(), 0.2, 0.8, &rng));
    target.Fill(Draw(target.numel(), 0.0, 1.0, &rng));
    grad.Fill(Draw(grad.numel(), -2.0, 2.0, &rng));
    const std::vector<double> g = grad.Read();

    auto objective = [&] {
      CallBce(self, target, weight.get(), reduction, out);
      return Dot(g, out.Read());
    };
    ASSERT_NO_FATAL_FAILURE(CallBceBackward(grad, self, target, weight.get(), reduction, grad_input));
    const std::vector<double> analytic = grad_input.Read();
    const std::vector<double> stored_x = self.Read();
    for (size_t j = 0; j < stored_x.size(); ++j) {
      // x stays in [0.2, 0.8], where the loss's third derivative is at most 2 / x^2 <= 50 times its first, so a step
      // h = 2^-8 keeps the truncation error h^2 / 6 * f''' within 1.3e-4 * |f'|; the outputs'
      // rounding (about 1e-7 of a sum near 50, over 2h) adds less than 1e-4 (2e-4 seen in all).
      const double numeric = CentralDifference(self, stored_x, j, 1.0 / 256, objective);
      ASSERT_FALSE(HasFatalFailure());
      EXPECT_NEAR(analytic[j], numeric, 5e-4 * (1.0 + std::fabs(analytic[j]))) << "element " << j;
      worst.Note(analytic[j], numeric);
    }
  }
  RecordProperty("worst_relative_error", std::to_string(worst.error));
}

}  // namespace
}  // namespace openaclnn::test
