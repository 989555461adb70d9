// aclnnNLLLoss cases, made from the backward's generator (MakeNllCase) so that both operators see the same data
// types, shapes, layouts, ignoreIndex choices, targets and weights. The forward adds its two outputs and, in
// some cases, fills the self elements neither implementation reads with NaN (only self[n][target[n]] of a
// counted row may be read).
#ifndef OPENACLNN_TESTS_CONFORMANCE_NLL_FORWARD_CASE_H_
#define OPENACLNN_TESTS_CONFORMANCE_NLL_FORWARD_CASE_H_

#include <cstdint>
#include <string>

#include "case_scale.h"
#include "nll_case.h"
#include "tensor_spec.h"

namespace openaclnn::test {

struct NllForwardCase {
  NllCase base;  // self, target, weight, reduction, ignoreIndex, torch_without_weight (the rest is unused).
  TensorSpec out;                // values unused
  TensorSpec total_weight_out;   // values unused
  bool nan_where_unread = false;  // Every self element outside the target column holds NaN.
};

NllForwardCase MakeNllForwardCase(uint64_t seed, int64_t index, CaseScale scale);

std::string DescribeNllForwardCase(const NllForwardCase& c, bool with_values);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_NLL_FORWARD_CASE_H_
