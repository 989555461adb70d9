// Test-only fp64 reference of aclnnNLLLossBackward (DECISIONS 5 and 8), written from the formulas and sharing no
// code with the library: each gradient element is computed in double and rounded once to out's data type.
#ifndef OPENACLNN_TESTS_CONFORMANCE_NLL_REFERENCE_H_
#define OPENACLNN_TESTS_CONFORMANCE_NLL_REFERENCE_H_

#include <cstdint>
#include <vector>

#include "nll_case.h"

namespace openaclnn::test {

struct NllExpected {
  std::vector<double> out;  // Row-major, rounded once to out's data type; +0.0 off the gradient elements.
  std::vector<bool> hit;    // The element holds a gradient (a used target's column).
  NllTargetTally targets;
};

NllExpected NllReference(const NllCase& c);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_NLL_REFERENCE_H_
