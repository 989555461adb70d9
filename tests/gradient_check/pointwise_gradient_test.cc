// Each registered pointwise loss's gradients (tests/support/pointwise_registry.h: AllPointwiseLosses()), by self
// and, where the entry has one, by target, against a central difference of its forward, both through the public
// API in FLOAT, for every reduction and special parameter value, with a broadcast other operand.
//
// The objective is F(v) = sum_i g_i * out_i(v) (one g for the reductions), evaluated in double from the
// forward's FLOAT outputs, v the differentiated operand; its derivative by v_j is what the gradient returns at j
// (v has the broadcast shape, so nothing is summed over broadcast copies). Values keep |x - y| well above the
// step, away from L1's kink, unless the entry draws its own. An entry's optional operands are tried absent and
// present in each broadcast kind (operand i of the k-th configuration: same shape, one per last dimension or one
// element in turn), drawn by the operand and not moved.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
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

// The broadcast kinds of the optional operands in configuration `configuration`: all absent (0), then each present
// with the kinds taken in turn from configuration and the operand's position.
OperandBroadcast OperandKind(int configuration, size_t operand) {
  static const OperandBroadcast kPresent[] = {OperandBroadcast::kSameShape, OperandBroadcast::kLastDimension,
                                              OperandBroadcast::kOneElement};
  if (configuration == 0) {
    return OperandBroadcast::kAbsent;
  }
  return kPresent[(static_cast<size_t>(configuration) - 1 + operand) % 3];
}

void CheckGradient(const PointwiseLoss& loss, Gradient which) {
  ScopedStream stream;
  std::mt19937 rng(1212);
  std::uniform_real_distribution<double> magnitude(0.25, 2.0);
  const double step = loss.gradient_check_step;  // Exact in FLOAT around every value used.
  const bool by_target = which == Gradient::kByTarget;
  double worst = 0;
  const int configurations = loss.optional_operands.empty() ? 1 : 4;
  // Smooth L1: a beta below every |x - y| (the linear part) and one above (the quadratic part).
  for (float beta : GradientCheckParameters(loss, {0.125f, 4.0f})) {
    for (int64_t reduction : loss.forward_reductions) {
      for (int configuration = 0; configuration < configurations; ++configuration) {
        const std::vector<int64_t> dims = {3, 4};
        const std::vector<int64_t> row = {4};
        // The other operand broadcast (a row), unless target's shape must be self's.
        const bool equal_shapes = loss.target_shape == TargetShape::kEqualsSelf;
        std::vector<std::unique_ptr<DeviceTensor>> operand_tensors;
        OptionalTensors operands;
        std::string operand_trace;
        for (size_t i = 0; i < loss.optional_operands.size(); ++i) {
          const OperandBroadcast kind = OperandKind(configuration, i);
          operand_trace += ", " + loss.optional_operands[i].name + " " + OperandBroadcastName(kind);
          if (kind == OperandBroadcast::kAbsent) {
            operands.push_back(nullptr);
            continue;
          }
          operand_tensors.push_back(std::make_unique<DeviceTensor>(OptionalOperandDims(kind, dims), ACL_FLOAT));
          operand_tensors.back()->Fill(loss.optional_operands[i].draw(operand_tensors.back()->numel(), &rng));
          operands.push_back(operand_tensors.back().get());
        }
        SCOPED_TRACE(std::string(by_target ? "by target, " : "") + "reduction " + std::to_string(reduction) + ", " +
                     (loss.parameter_name.empty() ? "beta" : loss.parameter_name) + " " + std::to_string(beta) +
                     operand_trace);
        DeviceTensor self(by_target && !equal_shapes ? row : dims, ACL_FLOAT);
        DeviceTensor target(by_target || equal_shapes ? dims : row, ACL_FLOAT);
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
          EXPECT_EQ(CallForward(loss, self, target, reduction, out, stream.get(), beta, operands), 0)
              << TakeErrorMessage();
          const std::vector<double> values = out.Read();
          double sum = 0;
          for (size_t i = 0; i < values.size(); ++i) {
            sum += g[g.size() == 1 ? 0 : i] * values[i];
          }
          return sum;
        };
        ASSERT_EQ(CallBackward(loss, grad, self, target, reduction, gradient, stream.get(), beta, which, operands), 0)
            << TakeErrorMessage();
        DeviceTensor& moved = by_target ? target : self;
        const auto fill_moved = [&](const std::vector<double>& values) { moved.Fill(values); };
        worst = std::max(worst, ExpectCentralDifferences(by_target ? y : x, step, fill_moved, objective,
                                                         gradient.Read(), loss.gradient_check_tolerance));
      }
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
