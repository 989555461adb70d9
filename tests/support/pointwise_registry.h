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

using ForwardPhase1 = aclnnStatus (*)(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                      aclTensor* out, uint64_t* workspace_size, aclOpExecutor** executor);
using BackwardPhase1 = aclnnStatus (*)(const aclTensor* grad_output, const aclTensor* self, const aclTensor* target,
                                       int64_t reduction, aclTensor* out, uint64_t* workspace_size,
                                       aclOpExecutor** executor);
using Phase2 = aclnnStatus (*)(void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                               aclrtStream stream);

// Which element count the backward's mean divides by.
enum class MeanCount { kSelf, kBroadcast };

struct PointwiseLoss {
  std::string name;  // "MseLoss": the APIs are aclnn<name>[Backward][GetWorkspaceSize].
  ForwardPhase1 forward_phase1;
  Phase2 forward_phase2;
  BackwardPhase1 backward_phase1;
  Phase2 backward_phase2;
  std::string grad_input_arg;     // CANN's name of the backward's output ("out" or "gradInput").
  bool backward_same_types;       // gradOutput and target must have self's data type (no promotion).
  bool forward_reduction_first;   // The forward checks the reduction before the data types.
  double (*term)(double x, double y);        // The forward's element term.
  double (*derivative)(double x, double y);  // d term / d x, as the backward defines it (CANN's, at kinks).
  MeanCount mean_count;
  // Ulps of the backward's FLOAT result against the reference rounded once (float arithmetic, DECISIONS 18), for
  // none and sum, and for mean (whose factor 1 / N is itself rounded to float).
  double backward_float_ulps;
  double backward_mean_float_ulps;
};

const std::vector<PointwiseLoss>& PointwiseLosses();

// gtest prints a parameter by its name.
inline void PrintTo(const PointwiseLoss& loss, std::ostream* os) { *os << loss.name; }

std::string ForwardApi(const PointwiseLoss& loss);   // "aclnnMseLossGetWorkspaceSize"
std::string BackwardApi(const PointwiseLoss& loss);  // "aclnnMseLossBackwardGetWorkspaceSize"

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SUPPORT_POINTWISE_REGISTRY_H_
