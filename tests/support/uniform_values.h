// Uniform random values for the tests' draws. Standard library only: the fuzzer compiles it with the pointwise
// registry, without GoogleTest or the other test support files.
#ifndef OPENACLNN_TESTS_SUPPORT_UNIFORM_VALUES_H_
#define OPENACLNN_TESTS_SUPPORT_UNIFORM_VALUES_H_

#include <cstdint>
#include <random>
#include <vector>

namespace openaclnn::test {

// `count` values uniform in [low, high).
std::vector<double> UniformValues(int64_t count, double low, double high, std::mt19937* rng);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SUPPORT_UNIFORM_VALUES_H_
