// The pointwise losses the shared test programs cover: one entry per operator pair, with its public entry points
// and a float64 reference written from the formulas (POINTWISE-LOSS-FACTS), sharing no code with the library.
// The grid, edge-value, bad-input and gradient tests iterate this list, so an operator added here is tested by
// all of them.
#ifndef OPENACLNN_TESTS_SUPPORT_POINTWISE_REGISTRY_H_
#define OPENACLNN_TESTS_SUPPORT_POINTWISE_REGISTRY_H_

#include <cstdint>
#include <ostream>
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
  bool takes_beta = false;                   // Smooth L1's beta (>= 0): the tests draw it.
  bool reduced_out_any_one_element = false;  // Mean / sum accept any one-element out, not only 0-D.
  // Ulps of the forward's reduction-none result against the reference rounded once: 0 where both compute the same
  // double term; 1 where the term goes through the library's exp and log1p and the reference through the C
  // library's, whose last double bits may differ (a term that close to a rounding boundary may round the other way).
  double forward_none_ulps = 0.0;
  bool forward_checks_reduction = true;      // false: any reduction but 0 and 1 is sum (aclnnSoftMarginLoss).
  std::string forward_out_arg = "out";       // CANN's names of the forward's out and the backward's gradOutput.
  std::string grad_output_arg = "gradOutput";
};

const std::vector<PointwiseLoss>& PointwiseLosses();
// The entries with a backward.
std::vector<PointwiseLoss> PointwiseLossesWithBackward();

// The forward's out shape for `reduction` over the broadcast `shape`.
std::vector<int64_t> ForwardOutDims(const PointwiseLoss& loss, const std::vector<int64_t>& shape, int64_t reduction);

// gtest prints a parameter by its name.
inline void PrintTo(const PointwiseLoss& loss, std::ostream* os) { *os << loss.name; }

std::string ForwardApi(const PointwiseLoss& loss);   // "aclnnMseLossGetWorkspaceSize"
std::string BackwardApi(const PointwiseLoss& loss);  // "aclnnMseLossBackwardGetWorkspaceSize"

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SUPPORT_POINTWISE_REGISTRY_H_
