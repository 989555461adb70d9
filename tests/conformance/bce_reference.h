// Test-only fp64 reference of aclnnBinaryCrossEntropyBackward (DECISIONS 6), written from the formula and
// sharing no code with the library: g * (x - y) / max(x * (1 - x), 1e-12f) * w, / numel(self) for mean, in
// double with gradOutput, target and weight broadcast to self's shape, rounded once to out's data type.
#ifndef OPENACLNN_TESTS_CONFORMANCE_BCE_REFERENCE_H_
#define OPENACLNN_TESTS_CONFORMANCE_BCE_REFERENCE_H_

#include <vector>

#include "bce_case.h"

namespace openaclnn::test {

// Row-major over self's shape.
std::vector<double> BceReference(const BceCase& c);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_BCE_REFERENCE_H_
