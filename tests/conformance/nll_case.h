// Random aclnnNLLLossBackward cases: data types, shapes, layouts, ignoreIndex hits, empty tensors and edge
// values, each fully determined by (seed, index, scale) (case_scale.h).
#ifndef OPENACLNN_TESTS_CONFORMANCE_NLL_CASE_H_
#define OPENACLNN_TESTS_CONFORMANCE_NLL_CASE_H_

#include <cstdint>
#include <string>

#include "case_scale.h"
#include "tensor_spec.h"

namespace openaclnn::test {

struct NllCase {
  int64_t index = 0;
  TensorSpec grad_output;
  TensorSpec self;
  TensorSpec target;
  TensorSpec weight;
  TensorSpec total_weight;
  TensorSpec out;  // values unused
  int64_t reduction = 0;
  int64_t ignore_index = -100;
  // The weight is all ones and PyTorch gets none (its code path without a weight).
  bool torch_without_weight = false;
};

NllCase MakeNllCase(uint64_t seed, int64_t index, CaseScale scale);

// Rows (N, or 1 for a 1-D self) and classes (C).
int64_t NllRows(const NllCase& c);
int64_t NllClasses(const NllCase& c);

std::string DescribeNllCase(const NllCase& c, bool with_values);

// How a case's targets are used (DECISIONS 8), as both references tally them row by row.
struct NllTargetTally {
  int64_t ignored_rows = 0;
  int64_t first_bad_row = -1;  // First row whose target is outside [0, C) and not ignoreIndex.
  int64_t first_bad_target = 0;
};

// The class row `row` counts for, or -1 when its target is ignoreIndex or outside [0, C) (noted in `tally`).
int64_t CountedClass(const NllCase& c, int64_t row, NllTargetTally* tally);

// How the library's report names the first bad target: "target[row] = value", or "target = value" for the 0-D
// target of a 1-D self.
std::string BadTargetText(const NllCase& c, const NllTargetTally& tally);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_NLL_CASE_H_
