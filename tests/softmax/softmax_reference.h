// Test-only long-double references of softmax and log-softmax along one dimension, written from the formulas and
// sharing no code with the library. Values in logical row-major order.
#ifndef OPENACLNN_TESTS_SOFTMAX_SOFTMAX_REFERENCE_H_
#define OPENACLNN_TESTS_SOFTMAX_SOFTMAX_REFERENCE_H_

#include <cstdint>
#include <vector>

namespace openaclnn::test {

// softmax(x)_j = exp(x_j) / sum_k exp(x_k), or log of it, along `dim` (in [0, rank), 0 for rank 0) of `dims`.
// Computed as exp(x_j - m) / S and (x_j - m) - log(S) in long double, m the row's maximum.
std::vector<double> SoftmaxReference(const std::vector<double>& x, const std::vector<int64_t>& dims, int64_t dim,
                                     bool log);

// The backwards from their formulas, in long double, along `dim`: softmax g y - (sum g y) y, log-softmax
// g - exp(y) sum g. `bound` (may be null) receives per element the magnitude the rounding errors scale with:
// |g y| + |y| sum |g y| (softmax) or |g| + exp(y) sum |g| (log-softmax).
std::vector<double> SoftmaxBackwardReference(const std::vector<double>& g, const std::vector<double>& y,
                                             const std::vector<int64_t>& dims, int64_t dim, bool log,
                                             std::vector<double>* scale);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SOFTMAX_SOFTMAX_REFERENCE_H_
