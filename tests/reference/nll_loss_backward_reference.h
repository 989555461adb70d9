// Test-only fp64 reference for aclnnNLLLossBackward, written from the formulas of DECISIONS 5 (CANN-FACTS
// 2.3) and sharing no code with the library, plus the rule that decides whether a computed out element
// agrees with it.
#ifndef OPENACLNN_TESTS_REFERENCE_NLL_LOSS_BACKWARD_REFERENCE_H_
#define OPENACLNN_TESTS_REFERENCE_NLL_LOSS_BACKWARD_REFERENCE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_base.h"

namespace openaclnn::test {

// The operator's inputs as the values stored in device memory (already rounded to their data types).
struct NllReferenceInputs {
  int64_t rows = 0;     // N; 1 for a 1-D self (C).
  int64_t classes = 0;  // C.
  std::vector<int64_t> target;  // One per row, widened from its storage type.
  std::vector<double> grad;     // One per row for reduction none with a 2-D self, else one value.
  std::vector<double> weight;   // One per class.
  double total_weight = 0.0;    // Only read for mean.
  int64_t reduction = 0;        // 0 none, 1 mean, 2 sum.
  int64_t ignore_index = -100;
};

struct NllReferenceOutput {
  // rows * classes values, row-major, each the fp64 result rounded once to out's data type.
  std::vector<double> out;
  // Column of the row's gradient element, or -1 when the row stays all zero.
  std::vector<int64_t> hit_column;
  // First row whose target is outside [0, C) and not ignoreIndex (-1 if none), and that target.
  int64_t first_bad_row = -1;
  int64_t first_bad_target = 0;
};

NllReferenceOutput NllLossBackwardReference(const NllReferenceInputs& inputs, aclDataType out_dtype);

// Tolerance, in units in the last place of out_dtype, between the library's element and the reference's
// (the reasoning is beside the definition).
double NllToleranceUlps(aclDataType input_dtype, aclDataType out_dtype, int64_t reduction);

// Compares a whole computed out (row-major values read back as doubles) with the reference. Gradient
// elements must be within NllToleranceUlps (NaN equals NaN, and a zero result must carry the reference's
// sign); every other element must be exactly +0.0. Returns "" on agreement, else a description of the first
// few mismatches.
std::string CompareNllOutput(const NllReferenceOutput& expected, const std::vector<double>& got,
                             aclDataType input_dtype, aclDataType out_dtype, int64_t reduction);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_REFERENCE_NLL_LOSS_BACKWARD_REFERENCE_H_
