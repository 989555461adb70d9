#include "pointwise_registry.h"

#include <cmath>

#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_mse_loss_out.h"
#include "aclnnop/aclnn_smooth_l1_loss.h"
#include "aclnnop/aclnn_smooth_l1_loss_backward.h"
#include "aclnnop/aclnn_soft_margin_loss.h"
#include "aclnnop/aclnn_soft_margin_loss_backward.h"

namespace openaclnn::test {
namespace {

// (x - y)^2, derivative 2 (x - y).
double MseTerm(double x, double y, double) { return (x - y) * (x - y); }
double MseDerivative(double x, double y, double) { return 2.0 * (x - y); }

// |x - y|, derivative sign(x - y) taken by comparison: 0 at x == y and for NaN (CANN's kernel).
double L1Term(double x, double y, double) { return std::fabs(x - y); }
double L1Derivative(double x, double y, double) { return x > y ? 1.0 : (x < y ? -1.0 : 0.0); }

// Huber-like: quadratic within beta of 0, linear outside; derivative (x - y) / beta inside, the sign outside,
// the sign everywhere for beta = 0 (the L1 loss).
double SmoothL1Term(double x, double y, double beta) {
  const double d = x - y;
  return std::fabs(d) < beta ? 0.5 * d * d / beta : std::fabs(d) - 0.5 * beta;
}
double SmoothL1Derivative(double x, double y, double beta) {
  const double d = x - y;
  return std::fabs(d) > beta || beta == 0.0 ? L1Derivative(x, y, beta) : d / beta;
}

// softplus(-y x) = log(1 + exp(-y x)), derivative -y sigmoid(-y x) = -y / (1 + exp(y x)); the C library's exp and
// log1p in double, each branch where its exp cannot overflow.
double SoftMarginTerm(double x, double y, double) {
  const double z = y * x;
  return z < 0 ? -z + std::log1p(std::exp(z)) : std::log1p(std::exp(-z));
}
double SoftMarginDerivative(double x, double y, double) {
  const double z = y * x;
  return z < 0 ? -y / (1.0 + std::exp(z)) : -y * std::exp(-z) / (1.0 + std::exp(-z));
}

// The family-wide phase-1 signatures for the operators without beta.
template <aclnnStatus (*kApi)(const aclTensor*, const aclTensor*, int64_t, aclTensor*, uint64_t*, aclOpExecutor**)>
aclnnStatus WithoutBeta(const aclTensor* self, const aclTensor* target, int64_t reduction, float, aclTensor* out,
                        uint64_t* workspace_size, aclOpExecutor** executor) {
  return kApi(self, target, reduction, out, workspace_size, executor);
}
template <aclnnStatus (*kApi)(const aclTensor*, const aclTensor*, const aclTensor*, int64_t, aclTensor*, uint64_t*,
                              aclOpExecutor**)>
aclnnStatus BackwardWithoutBeta(const aclTensor* grad, const aclTensor* self, const aclTensor* target,
                                int64_t reduction, float, aclTensor* out, uint64_t* workspace_size,
                                aclOpExecutor** executor) {
  return kApi(grad, self, target, reduction, out, workspace_size, executor);
}

PointwiseLoss SmoothL1() {
  PointwiseLoss loss{"SmoothL1Loss", aclnnSmoothL1LossGetWorkspaceSize, aclnnSmoothL1Loss,
                     aclnnSmoothL1LossBackwardGetWorkspaceSize, aclnnSmoothL1LossBackward, "gradInput", false, false,
                     SmoothL1Term, SmoothL1Derivative, MeanCount::kSelf, ForwardReduction::kAll,
                     // (t * g) * s with t = d / beta: three float roundings (four for mean).
                     3.0, 4.0};
  loss.takes_beta = true;
  loss.reduced_out_any_one_element = true;
  loss.forward_out_arg = "result";
  loss.grad_output_arg = "gradOut";
  return loss;
}

PointwiseLoss SoftMargin() {
  PointwiseLoss loss{"SoftMarginLoss", WithoutBeta<aclnnSoftMarginLossGetWorkspaceSize>, aclnnSoftMarginLoss,
                     BackwardWithoutBeta<aclnnSoftMarginLossBackwardGetWorkspaceSize>, aclnnSoftMarginLossBackward,
                     "out", false, false, SoftMarginTerm, SoftMarginDerivative, MeanCount::kBroadcast,
                     ForwardReduction::kAll,
                     // The gradient in double, rounded once; for mean the factor 1 / N is rounded to float first.
                     1.0, 2.0};
  loss.forward_checks_reduction = false;
  loss.forward_none_ulps = 1.0;
  return loss;
}

}  // namespace

const std::vector<PointwiseLoss>& PointwiseLosses() {
  static const std::vector<PointwiseLoss> kLosses = {
      // (s * (x - y)) * g: two float roundings (s = 2 is exact), three for mean (s = 2 / N is rounded).
      {"MseLoss", WithoutBeta<aclnnMseLossGetWorkspaceSize>, aclnnMseLoss,
       BackwardWithoutBeta<aclnnMseLossBackwardGetWorkspaceSize>, aclnnMseLossBackward, "out", true, false, MseTerm, MseDerivative, MeanCount::kSelf, ForwardReduction::kAll,
       2.0, 3.0},
      // MSE reduced over dim 0 only; its gradient is aclnnMseLossBackward's (no backward of its own).
      {"MseLossOut", WithoutBeta<aclnnMseLossOutGetWorkspaceSize>, aclnnMseLossOut, nullptr, nullptr, "out", true, false, MseTerm,
       MseDerivative, MeanCount::kSelf, ForwardReduction::kDim0, 0.0, 0.0},
      // (sign * g) * s: exact for none and sum (s = 1); for mean s = 1 / N and the product are rounded.
      {"L1Loss", WithoutBeta<aclnnL1LossGetWorkspaceSize>, aclnnL1Loss,
       BackwardWithoutBeta<aclnnL1LossBackwardGetWorkspaceSize>, aclnnL1LossBackward, "gradInput", false, true, L1Term, L1Derivative, MeanCount::kBroadcast,
       ForwardReduction::kAll, 0.0, 2.0},
      SmoothL1(),
      SoftMargin(),
  };
  return kLosses;
}

std::vector<PointwiseLoss> PointwiseLossesWithBackward() {
  std::vector<PointwiseLoss> losses;
  for (const PointwiseLoss& loss : PointwiseLosses()) {
    if (loss.backward_phase1 != nullptr) {
      losses.push_back(loss);
    }
  }
  return losses;
}

std::vector<int64_t> ForwardOutDims(const PointwiseLoss& loss, const std::vector<int64_t>& shape, int64_t reduction) {
  if (reduction == 0) {
    return shape;
  }
  if (loss.forward_reduction == ForwardReduction::kDim0 && !shape.empty()) {
    return std::vector<int64_t>(shape.begin() + 1, shape.end());
  }
  return {};
}

std::string ForwardApi(const PointwiseLoss& loss) { return "aclnn" + loss.name + "GetWorkspaceSize"; }
std::string BackwardApi(const PointwiseLoss& loss) { return "aclnn" + loss.name + "BackwardGetWorkspaceSize"; }

}  // namespace openaclnn::test
