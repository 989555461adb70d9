// The pointwise losses the shared test programs cover: one entry per operator pair, with its public entry points
// and a float64 reference written from the formulas (POINTWISE-LOSS-FACTS), sharing no code with the library.
// The grid, edge-value, bad-input and gradient tests iterate PointwiseLosses(), so an operator added there is
// tested by all of them. Entries that need more of the entry's shape (a special parameter other than beta, a
// gradient by target, batchmean, a gradient of its operand's shape, optional operands, a target shape tied to
// self's) are in AllPointwiseLosses() only, which the grid and the gradient check iterate; every field beyond the
// first block has a default that means "as the plain (self, target) entries", so the plain entries set none of
// them.
#ifndef OPENACLNN_TESTS_SUPPORT_POINTWISE_REGISTRY_H_
#define OPENACLNN_TESTS_SUPPORT_POINTWISE_REGISTRY_H_

#include <cstdint>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace openaclnn::test {

// Phase 1 with every parameter the family has; an operator without beta ignores it (its entry wraps the API).
using ForwardPhase1 = aclnnStatus (*)(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                      float beta, aclTensor* out, uint64_t* workspace_size,
                                      aclOpExecutor** executor);
using BackwardPhase1 = aclnnStatus (*)(const aclTensor* grad_output, const aclTensor* self, const aclTensor* target,
                                       int64_t reduction, float beta, aclTensor* out, uint64_t* workspace_size,
                                       aclOpExecutor** executor);
using Phase2 = aclnnStatus (*)(void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                               aclrtStream stream);

// What the forward's mean and sum reduce: every element (out 0-D), or the first dimension only (aclnnMseLossOut:
// out has the broadcast shape without it, and empty inputs write nothing for any reduction).
enum class ForwardReduction { kAll, kDim0 };

// Which element count the backward's mean divides by.
enum class MeanCount { kSelf, kBroadcast };

// Which operand a backward differentiates by: self (aclnn<name>Backward) or target (aclnn<name>TargetBackward).
enum class Gradient { kBySelf, kByTarget };

// How target's shape relates to self's: the two broadcast together, target broadcasts to self's shape (it never
// enlarges it: aclnnBinaryCrossEntropy), or the two are equal (BCE with logits).
enum class TargetShape { kBroadcastsWithSelf, kBroadcastsToSelf, kEqualsSelf };

// The shapes the grid gives an optional operand, relative to the call's broadcast shape: absent (a null tensor),
// that shape, one value per element of its last dimension, one element.
enum class OperandBroadcast { kAbsent, kSameShape, kLastDimension, kOneElement };

inline constexpr int kMaxOptionalOperands = 2;

// An optional operand beyond self and target (BCE's weight; BCE with logits' weight and posWeight), broadcast to
// the call's shape; where it is absent the operator reads 1.
struct OptionalOperand {
  std::string name;  // CANN's name of the argument.
  std::vector<double> (*draw)(int64_t count, std::mt19937* rng);
  // The roundings its product adds, when present, to the backward's FLOAT bounds (0 where the gradient is
  // evaluated in double and rounded once).
  double backward_float_ulps = 0.0;
};

// The optional operands' values at one element of the broadcast, in the entry's order; 1 where absent.
struct OperandValues {
  double value[kMaxOptionalOperands] = {1.0, 1.0};
  bool present[kMaxOptionalOperands] = {false, false};
};

// Phase 1 of an entry with optional operands: `operands` holds one tensor per optional operand, null where absent.
using ForwardOperandsPhase1 = aclnnStatus (*)(const aclTensor* self, const aclTensor* target,
                                              const aclTensor* const* operands, int64_t reduction, float parameter,
                                              aclTensor* out, uint64_t* workspace_size, aclOpExecutor** executor);
using BackwardOperandsPhase1 = aclnnStatus (*)(const aclTensor* grad_output, const aclTensor* self,
                                               const aclTensor* target, const aclTensor* const* operands,
                                               int64_t reduction, float parameter, aclTensor* out,
                                               uint64_t* workspace_size, aclOpExecutor** executor);

struct PointwiseLoss {
  std::string name;  // "MseLoss": the APIs are aclnn<name>[Backward][GetWorkspaceSize].
  ForwardPhase1 forward_phase1;
  Phase2 forward_phase2;
  BackwardPhase1 backward_phase1;  // Null when the operator has no backward of its own (aclnnMseLossOut).
  Phase2 backward_phase2;
  std::string grad_input_arg;     // CANN's name of the backward's output ("out" or "gradInput").
  bool backward_same_types;       // gradOutput and target must have self's data type (no promotion).
  bool forward_reduction_first;   // The forward checks the reduction before the data types.
  double (*term)(double x, double y, double beta);        // The forward's element term.
  double (*derivative)(double x, double y, double beta);  // d term / d x, as the backward defines it (at kinks).
  MeanCount mean_count;
  ForwardReduction forward_reduction = ForwardReduction::kAll;
  // Ulps of the backward's FLOAT result against the reference rounded once (float arithmetic, DECISIONS 18), for
  // none and sum, and for mean (whose factor 1 / N is itself rounded to float).
  double backward_float_ulps;
  double backward_mean_float_ulps;
  // Whether the edge-value test holds the gradient to backward_float_ulps (1 ulp in the 16-bit types) instead of
  // exact equality: set for a gradient computed with the float functions (DECISIONS 17), whose value the reference
  // does not form; exact where it does (a short float formula, or a double one rounded once).
  bool backward_edges_within_bound = false;
  bool takes_beta = false;                   // Smooth L1's beta (>= 0): the tests draw it.
  bool reduced_out_any_one_element = false;  // Mean / sum accept any one-element out, not only 0-D.
  // Ulps of the forward's reduction-none result against the reference rounded once: 0 where both compute the same
  // double term; 1 where the term goes through the library's exp and log1p and the reference through the C
  // library's, whose last double bits may differ (a term that close to a rounding boundary may round the other way).
  double forward_none_ulps = 0.0;
  // The relative error of each forward term against the exact one where the library forms it in float
  // (DECISIONS 17: soft margin's, BCE with logits'), else 0 (a term in double, whose error the tests' double units
  // cover). The reductions' bounds add it over the terms' magnitudes (ForwardReducedUlps in pointwise_call.h, the
  // conformance tolerance).
  double forward_term_error = 0.0;
  bool forward_checks_reduction = true;      // false: any reduction but 0 and 1 is sum (aclnnSoftMarginLoss).
  // An integer input (BOOL, UINT8, INT8, INT16, INT32, INT64) beside floating ones is cast to their type, as CANN
  // casts it (aclnnL1Loss and its backward), except an integer self for the forward's reduction none.
  bool casts_integer_inputs = false;
  std::string forward_out_arg = "out";       // CANN's names of the forward's out and the backward's gradOutput.
  std::string grad_output_arg = "gradOutput";

  // A special parameter passed in beta's place (the entry's phase-1 wrappers convert it), every value of which
  // the grid and the gradient check try in turn: logTarget as 0 and 1. Empty: beta's draws (takes_beta) or 1.
  std::string parameter_name = "";
  std::vector<float> parameter_values = {};
  // The reduction values the forward is called with, and the backward (CANN reads a backward's unknown value
  // as none where it does not check it, so such a value is listed there too).
  std::vector<int64_t> forward_reductions = {0, 1, 2};
  std::vector<int64_t> backward_reductions = {0, 1, 2};
  bool batchmean = false;  // Reduction 3 divides the sum (and the gradient) by the broadcast's first dimension.
  // The gradient has the differentiated operand's shape rather than the broadcast's: the grid gives it only
  // shapes whose broadcast does not enlarge that operand.
  bool gradient_has_operand_shape = false;
  // The gradient by target, where there is one: the same arguments as the backward, out named target_grad_arg;
  // its value given gs = gradOutput * c (c the reduction's factor), composed as the operator documents it.
  BackwardPhase1 target_backward_phase1 = nullptr;
  Phase2 target_backward_phase2 = nullptr;
  std::string target_grad_arg = "gradTarget";
  double (*target_gradient)(double x, double y, double gs, double parameter) = nullptr;
  bool target_gradient_has_target_type = false;  // Its out must have target's data type.
  // The grid's and the large test's values for self and for target (given the parameter); null: uniform in
  // [-4, 4], with target's first element equal to self's (a tie: L1's kink).
  std::vector<double> (*draw_self)(int64_t count, std::mt19937* rng) = nullptr;
  std::vector<double> (*draw_target)(int64_t count, float parameter, std::mt19937* rng) = nullptr;
  // Central differences of FLOAT outputs: the step (exact in FLOAT around the values drawn) and the tolerance
  // relative to 1 + |gradient|, both set by the largest third derivative and output rounding of the entry.
  double gradient_check_step = 1.0 / 64;
  double gradient_check_tolerance = 1e-4;
  // The gradient check's self and target values (their sizes set), multiples of the step; null: target in
  // [1/4, 2] and self at least 1/4 from it (away from L1's kink).
  void (*gradient_check_draw)(float parameter, std::vector<double>* self, std::vector<double>* target,
                              std::mt19937* rng) = nullptr;
  // The parameter values the gradient check tries where the forward is differentiable; empty: as the grid.
  std::vector<float> gradient_check_parameters = {};
  // A unary operator (aclnnLogit: input, the parameter, out; its gradient x, dy, the parameter, out): the entry's
  // wrappers ignore target and the reduction, the grid gives target and gradOutput self's shape, and the terms
  // ignore y.
  bool unary = false;
  bool one_data_type = false;  // Every operand and out have one data type (no promotion, no other out type).
  // The gradient by self given gs = gradOutput * c, composed as the operator documents it; null: derivative * g * c.
  double (*self_gradient)(double x, double y, double gs, double parameter) = nullptr;

  // The grid gives target self's shape (kEqualsSelf) or skips the shapes whose target would enlarge self
  // (kBroadcastsToSelf); the gradient check gives target self's shape for kEqualsSelf.
  TargetShape target_shape = TargetShape::kBroadcastsWithSelf;
  bool out_has_target_type = false;  // Every out (forward and gradients) must have target's data type.
  // Optional operands, and the phase-1 functions and formulas that take them. The plain phase-1 fields of such an
  // entry pass every operand as absent; its formulas below take the place of term, derivative, self_gradient and
  // target_gradient (the gradients given gs = gradOutput * c, composed as the operator documents them).
  std::vector<OptionalOperand> optional_operands = {};
  ForwardOperandsPhase1 forward_operands_phase1 = nullptr;
  BackwardOperandsPhase1 backward_operands_phase1 = nullptr;
  BackwardOperandsPhase1 target_backward_operands_phase1 = nullptr;
  double (*operand_term)(double x, double y, const OperandValues& operands) = nullptr;
  double (*operand_self_gradient)(double x, double y, double gs, const OperandValues& operands) = nullptr;
  double (*operand_target_gradient)(double x, double y, double gs, const OperandValues& operands) = nullptr;
};

const std::vector<PointwiseLoss>& PointwiseLosses();
// The entries with a backward.
std::vector<PointwiseLoss> PointwiseLossesWithBackward();
// PointwiseLosses() and the entries using the fields beyond the first block (aclnnKlDiv and its gradients,
// aclnnLogit and aclnnLogitGrad, aclnnBinaryCrossEntropy and its backward, aclnnBinaryCrossEntropyWithLogits and
// its two gradients), appended in that order.
const std::vector<PointwiseLoss>& AllPointwiseLosses();
// The entries of AllPointwiseLosses() with a backward; those with a gradient by target.
std::vector<PointwiseLoss> AllPointwiseLossesWithBackward();
std::vector<PointwiseLoss> AllPointwiseLossesWithTargetBackward();

// The values of the special parameter the grid and the gradient check try: parameter_values, else `betas` for an
// entry that takes beta, else {1}. The gradient check's: gradient_check_parameters where set.
std::vector<float> ParameterValues(const PointwiseLoss& loss, const std::vector<float>& betas);
std::vector<float> GradientCheckParameters(const PointwiseLoss& loss, const std::vector<float>& betas);

// The factor the reduction gives a gradient element: 1 / N for mean (N per mean_count: self's element count or
// the broadcast's), 1 / the broadcast's first dimension for batchmean, else 1.
double GradientFactor(const PointwiseLoss& loss, const std::vector<int64_t>& self_dims,
                      const std::vector<int64_t>& shape, int64_t reduction);

// The dims of an optional operand given `kind` for a call whose broadcast shape is `shape` (empty for kAbsent; a
// 0-D shape gives 0-D operands, which never have more dimensions than self).
std::vector<int64_t> OptionalOperandDims(OperandBroadcast kind, const std::vector<int64_t>& shape);

// "absent", "same shape", "per last dimension", "one element": for traces.
const char* OperandBroadcastName(OperandBroadcast kind);

// The broadcast kind of optional operand `operand` in the grid's case `case_index`: 16 consecutive cases give the
// first two operands every pair of kinds.
OperandBroadcast OperandBroadcastOfCase(int64_t case_index, int operand);

// The forward's out shape for `reduction` over the broadcast `shape`.
std::vector<int64_t> ForwardOutDims(const PointwiseLoss& loss, const std::vector<int64_t>& shape, int64_t reduction);

// gtest prints a parameter by its name.
inline void PrintTo(const PointwiseLoss& loss, std::ostream* os) { *os << loss.name; }

std::string ForwardApi(const PointwiseLoss& loss);   // "aclnnMseLossGetWorkspaceSize"
std::string BackwardApi(const PointwiseLoss& loss);  // "aclnnMseLossBackwardGetWorkspaceSize"
std::string TargetBackwardApi(const PointwiseLoss& loss);  // "aclnnKlDivTargetBackwardGetWorkspaceSize"

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SUPPORT_POINTWISE_REGISTRY_H_
