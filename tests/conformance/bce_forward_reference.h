// Test-only fp64 reference of aclnnBinaryCrossEntropy (docs/binary_cross_entropy.md), written from the formula
// and sharing no code with the library: per element, with target and weight broadcast to self's shape,
//   loss = -(y * max(log(x), -100) + (1 - y) * max(log1p(-x), -100)) * w
// in double; reduction none rounds each loss once to out's type, mean and sum add them with a compensated sum
// (mean then divides by numel(self)) and leave the result unrounded for CompareReduced.
#ifndef OPENACLNN_TESTS_CONFORMANCE_BCE_FORWARD_REFERENCE_H_
#define OPENACLNN_TESTS_CONFORMANCE_BCE_FORWARD_REFERENCE_H_

#include <vector>

#include "bce_forward_case.h"

namespace openaclnn::test {

struct BceForwardExpected {
  std::vector<double> out;       // none: row-major over self, rounded once; mean and sum: one value, unrounded.
  double loss_magnitude = 0.0;  // Sum of |loss| over the elements.
};

BceForwardExpected BceForwardReference(const BceForwardCase& c);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_BCE_FORWARD_REFERENCE_H_
