// Test-only fp64 reference of aclnnNLLLoss (docs/nll_loss.md), written from the formulas and sharing no code
// with the library: each counted row's loss -(w[t] * x[n][t]) is exact in double (a product of two values of
// at most 24 significant bits); reduction none rounds it once to out's type, mean and sum add the losses and
// the weights with a compensated sum and are left unrounded for CompareReduced.
#ifndef OPENACLNN_TESTS_CONFORMANCE_NLL_FORWARD_REFERENCE_H_
#define OPENACLNN_TESTS_CONFORMANCE_NLL_FORWARD_REFERENCE_H_

#include <cstdint>
#include <vector>

#include "nll_forward_case.h"

namespace openaclnn::test {

struct NllForwardExpected {
  bool rejected = false;     // Phase 1 must fail with 161002: C = 0 with at least one target (CANN's rule).
  std::vector<double> out;   // none: one value per row (one for a 1-D self), rounded once; else one, unrounded.
  double total_weight = 0.0;     // Sum of the counted rows' weights (mean and sum), unrounded.
  double loss_magnitude = 0.0;   // Sum of |loss| over the counted rows.
  double weight_magnitude = 0.0;  // Sum of |weight| over the counted rows.
  int64_t counted_rows = 0;
  NllTargetTally targets;
};

NllForwardExpected NllForwardReference(const NllForwardCase& c);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_NLL_FORWARD_REFERENCE_H_
