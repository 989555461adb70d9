#include "pointwise_registry.h"

#include <cmath>
#include <functional>
#include <limits>
#include <numeric>

#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_target_backward.h"
#include "aclnnop/aclnn_kl_div.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_kl_div_target_backward.h"
#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_mse_loss_out.h"
#include "aclnnop/aclnn_smooth_l1_loss.h"
#include "aclnnop/aclnn_smooth_l1_loss_backward.h"
#include "aclnnop/aclnn_soft_margin_loss.h"
#include "aclnnop/aclnn_soft_margin_loss_backward.h"
#include "uniform_values.h"

namespace openaclnn::test {
namespace {

// The registry uses public headers, the standard library and uniform_values only: the fuzzer compiles it
// without GoogleTest and the other test support files.
int64_t ElementCount(const std::vector<int64_t>& dims) {
  return std::accumulate(dims.begin(), dims.end(), int64_t{1}, std::multiplies<int64_t>());
}

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

// KL divergence (POINTWISE-LOSS-FACTS 11), self holding log-probabilities, the parameter logTarget (0 or 1):
// t (log t - x) with 0 where t == 0 (xlogy), or exp(t) (t - x) with 0 where t == x.
double KlDivTerm(double x, double t, double log_target) {
  if (log_target != 0) {
    return t - x == 0 ? 0.0 : std::exp(t) * (t - x);
  }
  return t * ((t == 0 ? 0.0 : std::log(t)) - x);
}
// By self: -t (or -exp(t)); x itself is not used.
double KlDivDerivative(double, double t, double log_target) { return -(log_target != 0 ? std::exp(t) : t); }
// By target as CANN composes it from gs = gradOutput * c: gs log t - gs x + (gs t) / t (NaN at t == 0 and at
// t = inf), or gs (t - x) exp(t) + gs exp(t) (0 where t - x + 1 == 0, not inf * 0).
double KlDivTargetGradient(double x, double t, double gs, double log_target) {
  if (log_target != 0) {
    return t - x + 1.0 == 0 ? 0.0 : gs * (t - x) * std::exp(t) + gs * std::exp(t);
  }
  return gs * std::log(t) - gs * x + gs * t / t;
}

// Log-probabilities for self; probabilities (every seventh exactly 0) or, for logTarget, their logs for target.
std::vector<double> DrawLogProbabilities(int64_t count, std::mt19937* rng) {
  return UniformValues(count, -4.0, 1.0, rng);
}
std::vector<double> DrawKlTargets(int64_t count, float log_target, std::mt19937* rng) {
  std::vector<double> values = UniformValues(count, log_target != 0 ? -4.0 : 0.0, 2.0, rng);
  for (size_t i = 3; log_target == 0 && i < values.size(); i += 7) {
    values[i] = 0.0;
  }
  return values;
}

// For the gradient check (step 1/256): log-probabilities in [-2, -1/4]; probabilities in [9/16, 1], where log's
// third derivative (the differences' truncation) stays small, or log-probabilities for logTarget.
void DrawKlGradientCheckValues(float log_target, std::vector<double>* self, std::vector<double>* target,
                               std::mt19937* rng) {
  std::uniform_real_distribution<double> draw(0.25, 2.0);
  for (double& v : *self) {
    v = -std::round(draw(*rng) * 256) / 256;
  }
  for (double& v : *target) {
    v = std::round((log_target != 0 ? -draw(*rng) : 0.5 + draw(*rng) / 4) * 256) / 256;
  }
}

// The KL operators take logTarget, a bool, where the family's signatures have beta.
template <aclnnStatus (*kApi)(const aclTensor*, const aclTensor*, int64_t, bool, aclTensor*, uint64_t*,
                              aclOpExecutor**)>
aclnnStatus WithLogTarget(const aclTensor* self, const aclTensor* target, int64_t reduction, float log_target,
                          aclTensor* out, uint64_t* workspace_size, aclOpExecutor** executor) {
  return kApi(self, target, reduction, log_target != 0, out, workspace_size, executor);
}
template <aclnnStatus (*kApi)(const aclTensor*, const aclTensor*, const aclTensor*, int64_t, bool, aclTensor*,
                              uint64_t*, aclOpExecutor**)>
aclnnStatus BackwardWithLogTarget(const aclTensor* grad, const aclTensor* self, const aclTensor* target,
                                  int64_t reduction, float log_target, aclTensor* out, uint64_t* workspace_size,
                                  aclOpExecutor** executor) {
  return kApi(grad, self, target, reduction, log_target != 0, out, workspace_size, executor);
}

PointwiseLoss KlDiv() {
  PointwiseLoss loss{"KlDiv", WithLogTarget<aclnnKlDivGetWorkspaceSize>, aclnnKlDiv,
                     BackwardWithLogTarget<aclnnKlDivBackwardGetWorkspaceSize>, aclnnKlDivBackward, "out", false,
                     false, KlDivTerm, KlDivDerivative, MeanCount::kBroadcast, ForwardReduction::kAll,
                     // None and sum: one rounding. Mean and batchmean round their factor 1 / N first; the gradient
                     // by self without logTarget is ((-t) * g) * s in float, three roundings with the factor's.
                     1.0, 3.0};
  // The term goes through the library's exp and log, the reference through the C library's.
  loss.forward_none_ulps = 1.0;
  loss.reduced_out_any_one_element = true;
  loss.parameter_name = "logTarget";
  loss.parameter_values = {0.0f, 1.0f};
  loss.forward_reductions = {0, 1, 2, 3};
  loss.backward_reductions = {0, 1, 2, 3, 7};  // The gradients do not check the reduction: 7 is none.
  loss.batchmean = true;
  loss.gradient_has_operand_shape = true;
  loss.target_backward_phase1 = BackwardWithLogTarget<aclnnKlDivTargetBackwardGetWorkspaceSize>;
  loss.target_backward_phase2 = aclnnKlDivTargetBackward;
  loss.target_gradient = KlDivTargetGradient;
  loss.target_gradient_has_target_type = true;
  loss.draw_self = DrawLogProbabilities;
  loss.draw_target = DrawKlTargets;
  // FLOAT outputs of a reduced objective of up to ~24, rounded to 1.4e-6 over 2 * step: 2e-4.
  loss.gradient_check_step = 1.0 / 256;
  loss.gradient_check_tolerance = 5e-4;
  loss.gradient_check_draw = DrawKlGradientCheckValues;
  return loss;
}

// The logit (POINTWISE-LOSS-FACTS 12.1) with CANN's float bounds: z = x clamped to [eps, 1 - eps] (both in float)
// when eps >= 0, else x; log(z / (1 - z)). Its gradient dy / (x (1 - x)) inside the bounds ([0, 1] for eps < 0),
// outside 0 (eps >= 0) or NaN (eps < 0).
struct LogitBounds {
  bool clamped;
  double lo, hi;
};
LogitBounds LogitBoundsOf(double eps) {
  const float e = static_cast<float>(eps);
  return {e >= 0, e, 1.0f - e};
}
double LogitTerm(double x, double, double eps) {
  const LogitBounds b = LogitBoundsOf(eps);
  double z = x;
  if (b.clamped && !std::isnan(x)) {
    z = x < b.lo ? b.lo : (x > b.hi ? b.hi : x);
  }
  return std::log(z / (1 - z));
}
double LogitGradient(double x, double, double dy, double eps) {
  const LogitBounds b = LogitBoundsOf(eps);
  const double lo = b.clamped ? b.lo : 0.0;
  const double hi = b.clamped ? b.hi : 1.0;
  if (!(x >= lo && x <= hi)) {
    return b.clamped ? 0.0 : std::numeric_limits<double>::quiet_NaN();
  }
  return dy / (x * (1 - x));
}

// Inputs around [0, 1] (every eleventh exactly 0, the next exactly 1), so that every eps clamps some.
std::vector<double> DrawAroundUnitInterval(int64_t count, std::mt19937* rng) {
  std::vector<double> values = UniformValues(count, -0.25, 1.25, rng);
  for (size_t i = 5; i < values.size(); i += 11) {
    values[i] = 0.0;
    if (i + 1 < values.size()) {
      values[i + 1] = 1.0;
    }
  }
  return values;
}
std::vector<double> DrawUnused(int64_t count, float, std::mt19937* rng) { return UniformValues(count, 0, 1, rng); }

// For the gradient check (step 1/4096): inputs in [1/20, 19/20], inside the clamp of the eps values it tries.
void DrawLogitGradientCheckValues(float, std::vector<double>* self, std::vector<double>*, std::mt19937* rng) {
  std::uniform_real_distribution<double> draw(0.05, 0.95);
  for (double& v : *self) {
    v = std::round(draw(*rng) * 4096) / 4096;
  }
}

// aclnnLogit(input, eps, out) and aclnnLogitGrad(x, dy, eps, out) in the family's signatures.
aclnnStatus LogitForward(const aclTensor* self, const aclTensor*, int64_t, float eps, aclTensor* out,
                         uint64_t* workspace_size, aclOpExecutor** executor) {
  return aclnnLogitGetWorkspaceSize(self, eps, out, workspace_size, executor);
}
aclnnStatus LogitBackward(const aclTensor* grad, const aclTensor* self, const aclTensor*, int64_t, float eps,
                          aclTensor* out, uint64_t* workspace_size, aclOpExecutor** executor) {
  return aclnnLogitGradGetWorkspaceSize(self, grad, eps, out, workspace_size, executor);
}

PointwiseLoss Logit() {
  // The gradient in float: 1 - x, the product and the quotient, within 2 ulp (src/ops/logit/logit_term.h).
  PointwiseLoss loss{"Logit", LogitForward, aclnnLogit, LogitBackward, aclnnLogitGrad, "out", true, false,
                     LogitTerm, nullptr, MeanCount::kSelf, ForwardReduction::kAll, 2.0, 2.0};
  loss.forward_none_ulps = 1.0;  // The library's log against the C library's.
  loss.parameter_name = "eps";
  loss.parameter_values = {-1.0f, 0.0f, 1e-6f, 0.1f, 0.7f};  // None, 0, tiny, ordinary, above 0.5.
  loss.forward_reductions = {0};
  loss.backward_reductions = {0};
  loss.gradient_has_operand_shape = true;
  loss.unary = true;
  loss.one_data_type = true;
  loss.self_gradient = LogitGradient;
  loss.draw_self = DrawAroundUnitInterval;
  loss.draw_target = DrawUnused;
  // The objective's other elements do not move, so only one FLOAT output's rounding over 2 * step counts.
  loss.gradient_check_step = 1.0 / 4096;
  loss.gradient_check_tolerance = 1e-3;
  loss.gradient_check_draw = DrawLogitGradientCheckValues;
  loss.gradient_check_parameters = {-1.0f, 0.01f};
  return loss;
}

PointwiseLoss L1() {
  PointwiseLoss loss{"L1Loss", WithoutBeta<aclnnL1LossGetWorkspaceSize>, aclnnL1Loss,
                     BackwardWithoutBeta<aclnnL1LossBackwardGetWorkspaceSize>, aclnnL1LossBackward, "gradInput", false,
                     true, L1Term, L1Derivative, MeanCount::kBroadcast, ForwardReduction::kAll, 0.0, 2.0};
  loss.casts_integer_inputs = true;
  return loss;
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
                     // The gradient in float (DECISIONS 17): exp of the exact product (1.2 ulp), the sigmoid's
                     // addition and division and three products; for mean the factor 1 / N rounded to float too.
                     4.0, 5.0};
  loss.forward_checks_reduction = false;
  // The loss in float: the softplus tail of the exact product (1.4 ulp) or -y x plus it, one addition.
  loss.forward_none_ulps = 2.0;
  loss.forward_term_error = 0x1p-22;
  loss.backward_edges_within_bound = true;
  return loss;
}

// The plain family signatures of an entry with optional operands: every operand absent.
template <ForwardOperandsPhase1 kPhase1>
aclnnStatus OperandsAbsent(const aclTensor* self, const aclTensor* target, int64_t reduction, float parameter,
                           aclTensor* out, uint64_t* workspace_size, aclOpExecutor** executor) {
  const aclTensor* const absent[kMaxOptionalOperands] = {};
  return kPhase1(self, target, absent, reduction, parameter, out, workspace_size, executor);
}
template <BackwardOperandsPhase1 kPhase1>
aclnnStatus BackwardOperandsAbsent(const aclTensor* grad, const aclTensor* self, const aclTensor* target,
                                   int64_t reduction, float parameter, aclTensor* out, uint64_t* workspace_size,
                                   aclOpExecutor** executor) {
  const aclTensor* const absent[kMaxOptionalOperands] = {};
  return kPhase1(grad, self, target, absent, reduction, parameter, out, workspace_size, executor);
}

// Weights in [-2, 2] (negative ones are valid: CANN's own tests draw them); posWeight in [0, 3].
std::vector<double> DrawWeights(int64_t count, std::mt19937* rng) { return UniformValues(count, -2.0, 2.0, rng); }
std::vector<double> DrawPosWeights(int64_t count, std::mt19937* rng) { return UniformValues(count, 0.0, 3.0, rng); }

// The binary cross entropy on probabilities (docs/binary_cross_entropy.md, DECISIONS 6): with both logarithms
// clamped at -100, -(y max(log x, -100) + (1 - y) max(log(1 - x), -100)) w, log(1 - x) taken as log1p(-x).
// The clamps keep a NaN (the logarithm of x outside [0, 1], or of NaN), which std::fmax would drop.
double AtLeast(double value, double bound) { return value < bound ? bound : value; }
double BceTerm(double x, double y, const OperandValues& v) {
  return -(y * AtLeast(std::log(x), -100.0) + (1.0 - y) * AtLeast(std::log1p(-x), -100.0)) * v.value[0];
}
// Its gradient as the backward defines it: gs (x - y) / max(x (1 - x), 1e-12) w, the clamp being FLOAT's 1e-12.
double BceSelfGradient(double x, double y, double gs, const OperandValues& v) {
  return gs * (x - y) / AtLeast(x * (1.0 - x), static_cast<double>(1e-12f)) * v.value[0];
}

// Probabilities in [0, 1] (every thirteenth exactly 0, the next exactly 1: the clamps) and labels in [0, 1].
std::vector<double> DrawProbabilities(int64_t count, std::mt19937* rng) {
  std::vector<double> values = UniformValues(count, 0.0, 1.0, rng);
  for (size_t i = 6; i < values.size(); i += 13) {
    values[i] = 0.0;
    if (i + 1 < values.size()) {
      values[i + 1] = 1.0;
    }
  }
  return values;
}
std::vector<double> DrawLabels(int64_t count, float, std::mt19937* rng) { return UniformValues(count, 0, 1, rng); }

// For the gradient check (step 1/256): x in [3/8, 5/8], where the logarithms' third derivatives (the differences'
// truncation) stay below 40; labels in [0, 1].
void DrawBceGradientCheckValues(float, std::vector<double>* self, std::vector<double>* target, std::mt19937* rng) {
  std::uniform_real_distribution<double> probability(0.375, 0.625), label(0.0, 1.0);
  for (double& v : *self) {
    v = std::round(probability(*rng) * 256) / 256;
  }
  for (double& v : *target) {
    v = std::round(label(*rng) * 256) / 256;
  }
}

aclnnStatus BceForward(const aclTensor* self, const aclTensor* target, const aclTensor* const* operands,
                       int64_t reduction, float, aclTensor* out, uint64_t* workspace_size, aclOpExecutor** executor) {
  return aclnnBinaryCrossEntropyGetWorkspaceSize(self, target, operands[0], reduction, out, workspace_size,
                                                 executor);
}
aclnnStatus BceBackward(const aclTensor* grad, const aclTensor* self, const aclTensor* target,
                        const aclTensor* const* operands, int64_t reduction, float, aclTensor* out,
                        uint64_t* workspace_size, aclOpExecutor** executor) {
  return aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad, self, target, operands[0], reduction, out,
                                                         workspace_size, executor);
}

PointwiseLoss BinaryCrossEntropy() {
  PointwiseLoss loss{"BinaryCrossEntropy", OperandsAbsent<BceForward>, aclnnBinaryCrossEntropy,
                     BackwardOperandsAbsent<BceBackward>, aclnnBinaryCrossEntropyBackward, "out", false, false,
                     nullptr, nullptr, MeanCount::kSelf, ForwardReduction::kAll,
                     // The gradient in float (docs/binary_cross_entropy_backward.md): x - y, times g, 1 - x, the
                     // product, the division: five roundings; mean's factor 1 / N and its product two more; the
                     // weight's product one more (its operand's bound).
                     5.0, 7.0};
  // Both evaluate the documented double expression with the C library's log and log1p, but the tests are not
  // compiled with the library's -ffp-contract=off, so a compiler may fuse the reference's products (one double
  // rounding fewer, which may round the other way to out's type): the documented bound, 1 ulp.
  loss.forward_none_ulps = 1.0;
  loss.reduced_out_any_one_element = true;
  loss.gradient_has_operand_shape = true;  // out has self's shape; target and gradOutput broadcast to it.
  loss.target_shape = TargetShape::kBroadcastsToSelf;
  loss.optional_operands = {{"weight", DrawWeights, 1.0}};
  loss.forward_operands_phase1 = BceForward;
  loss.backward_operands_phase1 = BceBackward;
  loss.operand_term = BceTerm;
  loss.operand_self_gradient = BceSelfGradient;
  loss.draw_self = DrawProbabilities;
  loss.draw_target = DrawLabels;
  // FLOAT outputs of a reduced objective of up to ~20 (2e-6 a rounding) over 2 * step, and a truncation of at
  // most step^2 / 6 * 40 * |w g|: 5e-4 in all.
  loss.gradient_check_step = 1.0 / 256;
  loss.gradient_check_tolerance = 5e-4;
  loss.gradient_check_draw = DrawBceGradientCheckValues;
  return loss;
}

// BCE with logits (POINTWISE-LOSS-FACTS 3-5), x the logit, w the weight and pw the posWeight (1 where absent):
// w ((1 - y) x + (1 + (pw - 1) y) softplus(-x)). softplus(-x) = max(-x, 0) + log1p(exp(-|x|)); the part linear
// in x is taken by x's sign so that nothing grows with |x| before it cancels.
double SoftplusTail(double x) { return std::log1p(std::exp(-std::fabs(x))); }
double Sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

double BceWithLogitsTerm(double x, double y, const OperandValues& v) {
  const double w = v.value[0];
  const double pw = v.value[1];
  const double linear = x >= 0 ? (1.0 - y) * x : -pw * y * x;
  return w * (linear + (1.0 + (pw - 1.0) * y) * SoftplusTail(x));
}
// By x: ((pw y + 1 - y) sigmoid(x) - pw y) w gs, written with 1 - sigmoid(x) = sigmoid(-x) so that neither part
// cancels by itself: ((1 - y) sigmoid(x) - pw y sigmoid(-x)) w gs.
double BceWithLogitsSelfGradient(double x, double y, double gs, const OperandValues& v) {
  return ((1.0 - y) * Sigmoid(x) - v.value[1] * y * Sigmoid(-x)) * v.value[0] * gs;
}
// By y: (log sigmoid(-x) - pw log sigmoid(x)) w gs = ((pw - 1) softplus(-x) - x) w gs; without posWeight the
// documented -x w gs (PyTorch's form, which keeps the sign of a zero at x = 0).
double BceWithLogitsTargetGradient(double x, double, double gs, const OperandValues& v) {
  const double w = v.value[0];
  if (!v.present[1]) {
    return -x * w * gs;
  }
  const double pw = v.value[1];
  const double softplus_minus_x = (x >= 0 ? 0.0 : -x) + SoftplusTail(x);
  return ((pw - 1.0) * softplus_minus_x - x) * w * gs;
}

// Logits in [-6, 6] and labels in [0, 1], as the operators' own grid (tests/bce_with_logits) draws them.
std::vector<double> DrawLogits(int64_t count, std::mt19937* rng) { return UniformValues(count, -6.0, 6.0, rng); }

aclnnStatus BceWithLogitsForward(const aclTensor* self, const aclTensor* target, const aclTensor* const* operands,
                                 int64_t reduction, float, aclTensor* out, uint64_t* workspace_size,
                                 aclOpExecutor** executor) {
  return aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(self, target, operands[0], operands[1], reduction, out,
                                                           workspace_size, executor);
}
aclnnStatus BceWithLogitsBackward(const aclTensor* grad, const aclTensor* self, const aclTensor* target,
                                  const aclTensor* const* operands, int64_t reduction, float, aclTensor* out,
                                  uint64_t* workspace_size, aclOpExecutor** executor) {
  return aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize(grad, self, target, operands[0], operands[1],
                                                                   reduction, out, workspace_size, executor);
}
aclnnStatus BceWithLogitsTargetBackward(const aclTensor* grad, const aclTensor* self, const aclTensor* target,
                                        const aclTensor* const* operands, int64_t reduction, float, aclTensor* out,
                                        uint64_t* workspace_size, aclOpExecutor** executor) {
  return aclnnBinaryCrossEntropyWithLogitsTargetBackwardGetWorkspaceSize(
      grad, self, target, operands[0], operands[1], reduction, out, workspace_size, executor);
}

PointwiseLoss BceWithLogits() {
  PointwiseLoss loss{"BinaryCrossEntropyWithLogits", OperandsAbsent<BceWithLogitsForward>,
                     aclnnBinaryCrossEntropyWithLogits, BackwardOperandsAbsent<BceWithLogitsBackward>,
                     aclnnBinaryCrossEntropyWithLogitsBackward, "out", false, false, nullptr, nullptr,
                     MeanCount::kSelf, ForwardReduction::kAll,
                     // Both gradients in double, rounded once; for mean the factor 1 / N is rounded to float first
                     // (docs/binary_cross_entropy_with_logits.md).
                     1.0, 2.0};
  // The loss in float: the softplus tail (1.4 ulp), its weight's two products and sum, the linear part's product,
  // one addition and the product by w.
  loss.forward_none_ulps = 4.0;
  loss.forward_term_error = 0x1p-21;
  loss.reduced_out_any_one_element = true;
  loss.gradient_has_operand_shape = true;  // gradOutput, weight and posWeight broadcast to self's shape.
  loss.target_backward_phase1 = BackwardOperandsAbsent<BceWithLogitsTargetBackward>;
  loss.target_backward_phase2 = aclnnBinaryCrossEntropyWithLogitsTargetBackward;
  loss.target_gradient_has_target_type = true;
  loss.target_shape = TargetShape::kEqualsSelf;
  loss.out_has_target_type = true;
  loss.optional_operands = {{"weightOptional", DrawWeights}, {"posWeightOptional", DrawPosWeights}};
  loss.forward_operands_phase1 = BceWithLogitsForward;
  loss.backward_operands_phase1 = BceWithLogitsBackward;
  loss.target_backward_operands_phase1 = BceWithLogitsTargetBackward;
  loss.operand_term = BceWithLogitsTerm;
  loss.operand_self_gradient = BceWithLogitsSelfGradient;
  loss.operand_target_gradient = BceWithLogitsTargetGradient;
  loss.draw_self = DrawLogits;
  loss.draw_target = DrawLabels;
  return loss;
}

bool HasBackward(const PointwiseLoss& loss) { return loss.backward_phase1 != nullptr; }
bool HasTargetBackward(const PointwiseLoss& loss) { return loss.target_backward_phase1 != nullptr; }

std::vector<PointwiseLoss> EntriesWith(const std::vector<PointwiseLoss>& entries,
                                       bool (*wanted)(const PointwiseLoss&)) {
  std::vector<PointwiseLoss> losses;
  for (const PointwiseLoss& loss : entries) {
    if (wanted(loss)) {
      losses.push_back(loss);
    }
  }
  return losses;
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
      L1(),
      SmoothL1(),
      SoftMargin(),
  };
  return kLosses;
}

std::vector<PointwiseLoss> PointwiseLossesWithBackward() { return EntriesWith(PointwiseLosses(), HasBackward); }

const std::vector<PointwiseLoss>& AllPointwiseLosses() {
  static const std::vector<PointwiseLoss> kLosses = [] {
    std::vector<PointwiseLoss> losses = PointwiseLosses();
    losses.push_back(KlDiv());
    losses.push_back(Logit());
    losses.push_back(BinaryCrossEntropy());
    losses.push_back(BceWithLogits());
    return losses;
  }();
  return kLosses;
}

std::vector<PointwiseLoss> AllPointwiseLossesWithBackward() { return EntriesWith(AllPointwiseLosses(), HasBackward); }

std::vector<PointwiseLoss> AllPointwiseLossesWithTargetBackward() {
  return EntriesWith(AllPointwiseLosses(), HasTargetBackward);
}

std::vector<float> ParameterValues(const PointwiseLoss& loss, const std::vector<float>& betas) {
  if (!loss.parameter_values.empty()) {
    return loss.parameter_values;
  }
  return loss.takes_beta ? betas : std::vector<float>{1.0f};
}

std::vector<float> GradientCheckParameters(const PointwiseLoss& loss, const std::vector<float>& betas) {
  return loss.gradient_check_parameters.empty() ? ParameterValues(loss, betas) : loss.gradient_check_parameters;
}

double GradientFactor(const PointwiseLoss& loss, const std::vector<int64_t>& self_dims,
                      const std::vector<int64_t>& shape, int64_t reduction) {
  if (reduction == 1) {
    const int64_t n = loss.mean_count == MeanCount::kSelf ? ElementCount(self_dims) : ElementCount(shape);
    return 1.0 / static_cast<double>(n);
  }
  if (reduction == 3 && loss.batchmean) {
    return 1.0 / static_cast<double>(shape.empty() ? 1 : shape[0]);
  }
  return 1.0;
}

std::vector<int64_t> OptionalOperandDims(OperandBroadcast kind, const std::vector<int64_t>& shape) {
  switch (kind) {
    case OperandBroadcast::kAbsent:
      return {};
    case OperandBroadcast::kSameShape:
      return shape;
    case OperandBroadcast::kLastDimension:
      return shape.empty() ? shape : std::vector<int64_t>{shape.back()};
    case OperandBroadcast::kOneElement:
      return shape.empty() ? shape : std::vector<int64_t>{1};
  }
  return {};
}

const char* OperandBroadcastName(OperandBroadcast kind) {
  switch (kind) {
    case OperandBroadcast::kAbsent: return "absent";
    case OperandBroadcast::kSameShape: return "same shape";
    case OperandBroadcast::kLastDimension: return "per last dimension";
    case OperandBroadcast::kOneElement: return "one element";
  }
  return "";
}

OperandBroadcast OperandBroadcastOfCase(int64_t case_index, int operand) {
  static const OperandBroadcast kKinds[] = {OperandBroadcast::kAbsent, OperandBroadcast::kSameShape,
                                            OperandBroadcast::kLastDimension, OperandBroadcast::kOneElement};
  const int64_t digit = operand == 0 ? case_index : case_index / 4;
  return kKinds[digit % 4];
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
std::string TargetBackwardApi(const PointwiseLoss& loss) {
  return "aclnn" + loss.name + "TargetBackwardGetWorkspaceSize";
}

}  // namespace openaclnn::test
