// Test-only fp64 reference of the binary cross-entropy forward, written from the formula (shares no code with the
// library): loss = -w * (y * max(log x, -100) + (1 - y) * max(log(1 - x), -100)), NaN for NaN or x outside [0, 1].
#ifndef OPENACLNN_TESTS_BINARY_CROSS_ENTROPY_BCE_REFERENCE_H_
#define OPENACLNN_TESTS_BINARY_CROSS_ENTROPY_BCE_REFERENCE_H_

namespace openaclnn::test {

double BceReferenceLoss(double x, double y, double w);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_BINARY_CROSS_ENTROPY_BCE_REFERENCE_H_
