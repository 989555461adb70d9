// Test-only fp64 reference of the binary cross-entropy forward, written from the formula (shares no code with the
// library): loss = -w * (y * max(log x, -100) + (1 - y) * max(log(1 - x), -100)), NaN for NaN or x outside [0, 1].
// log(1 - x) is taken as log1p(-x), accurate in double for every x (1 - x itself would round away a tiny x).
#ifndef OPENACLNN_TESTS_REFERENCE_BINARY_CROSS_ENTROPY_REFERENCE_H_
#define OPENACLNN_TESTS_REFERENCE_BINARY_CROSS_ENTROPY_REFERENCE_H_

namespace openaclnn::test {

double BceReferenceLoss(double x, double y, double w);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_REFERENCE_BINARY_CROSS_ENTROPY_REFERENCE_H_
