// aclnnCrossEntropyLossGrad against central differences of aclnnCrossEntropyLoss: for a random weighting g of
// lossOut and gz of zlossOut, the gradient with gradLoss = g and gradZlossOptional = gz must be the derivative of
// g . lossOut + gz . zlossOut with respect to the logits, for every reduction, with class weights, label smoothing,
// an ignored row and the z-loss.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "device_tensor.h"

namespace openaclnn::test {
namespace {

constexpr int64_t kRows = 4;
constexpr int64_t kClasses = 5;
constexpr double kSmoothing = 0.2;
constexpr double kZlossScale = 0.3;

struct Problem {
  std::string reduction;
  std::vector<double> logits;
  std::vector<double> target = {1, -100, 4, 0};  // Row 1 ignored.
  std::vector<double> weight = {0.5, 1.5, 1.0, 2.0, 0.75};
  std::vector<double> g, gz;
  std::vector<int64_t> LossDims() const {
    return reduction == "none" ? std::vector<int64_t>{kRows} : std::vector<int64_t>{};
  }
};

struct ForwardResult {
  std::vector<double> loss, log_prob, zloss, lse;
};

ForwardResult Forward(const Problem& p, const std::vector<double>& logits) {
  DeviceTensor input({kRows, kClasses}, ACL_FLOAT), target({kRows}, ACL_INT64), weight({kClasses}, ACL_FLOAT),
      loss(p.LossDims(), ACL_FLOAT), log_prob({kRows, kClasses}, ACL_FLOAT), zloss(p.LossDims(), ACL_FLOAT),
      lse({kRows}, ACL_FLOAT);
  input.Fill(logits);
  target.Fill(p.target);
  weight.Fill(p.weight);
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  std::string reduction = p.reduction;
  EXPECT_EQ(aclnnCrossEntropyLossGetWorkspaceSize(input.get(), target.get(), weight.get(), reduction.data(), -100,
                                                  kSmoothing, kZlossScale, true, loss.get(), log_prob.get(),
                                                  zloss.get(), lse.get(), &workspace, &executor),
            0)
      << TakeErrorMessage();
  ScopedStream stream;
  EXPECT_EQ(aclnnCrossEntropyLoss(nullptr, workspace, executor, stream.get()), 0);
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  return {loss.Read(), log_prob.Read(), zloss.Read(), lse.Read()};
}

double Objective(const Problem& p, const std::vector<double>& logits) {
  const ForwardResult r = Forward(p, logits);
  double value = 0.0;
  for (size_t i = 0; i < r.loss.size(); ++i) value += p.g[i] * r.loss[i] + p.gz[i] * r.zloss[i];
  return value;
}

std::vector<double> Gradient(const Problem& p) {
  const ForwardResult r = Forward(p, p.logits);
  DeviceTensor grad(p.LossDims(), ACL_FLOAT), grad_z(p.LossDims(), ACL_FLOAT), log_prob({kRows, kClasses}, ACL_FLOAT),
      target({kRows}, ACL_INT64), weight({kClasses}, ACL_FLOAT), lse({kRows}, ACL_FLOAT),
      out({kRows, kClasses}, ACL_FLOAT);
  grad.Fill(p.g);
  grad_z.Fill(p.gz);
  log_prob.Fill(r.log_prob);
  target.Fill(p.target);
  weight.Fill(p.weight);
  lse.Fill(r.lse);
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  std::string reduction = p.reduction;
  EXPECT_EQ(aclnnCrossEntropyLossGradGetWorkspaceSize(grad.get(), log_prob.get(), target.get(), weight.get(),
                                                      grad_z.get(), lse.get(), reduction.data(), -100, kSmoothing,
                                                      kZlossScale, out.get(), &workspace, &executor),
            0)
      << TakeErrorMessage();
  ScopedStream stream;
  EXPECT_EQ(aclnnCrossEntropyLossGrad(nullptr, workspace, executor, stream.get()), 0);
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  return out.Read();
}

TEST(GradientCheckTest, CrossEntropyLossGradIsTheDerivativeOfCrossEntropyLoss) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> value(-2.0, 2.0);
  for (const char* reduction : {"none", "mean", "sum"}) {
    Problem p;
    p.reduction = reduction;
    for (int64_t i = 0; i < kRows * kClasses; ++i) p.logits.push_back(value(rng));
    const size_t losses = p.reduction == "none" ? kRows : 1;
    for (size_t i = 0; i < losses; ++i) {
      p.g.push_back(value(rng));
      p.gz.push_back(value(rng));
    }
    const std::vector<double> analytic = Gradient(p);
    // Central differences in FLOAT: the step balances the rounding of the float losses against the curvature.
    constexpr double kStep = 1.0 / 64;
    for (int64_t i = 0; i < kRows * kClasses; ++i) {
      std::vector<double> plus = p.logits, minus = p.logits;
      plus[static_cast<size_t>(i)] += kStep;
      minus[static_cast<size_t>(i)] -= kStep;
      const double numeric = (Objective(p, plus) - Objective(p, minus)) / (2 * kStep);
      EXPECT_NEAR(analytic[static_cast<size_t>(i)], numeric, 2e-3 + 2e-3 * std::fabs(numeric))
          << reduction << " element " << i;
    }
    // The ignored row has no gradient.
    for (int64_t c = 0; c < kClasses; ++c) EXPECT_EQ(analytic[static_cast<size_t>(kClasses + c)], 0.0) << reduction;
  }
}

}  // namespace
}  // namespace openaclnn::test
