// Test-only float64 references of aclnnNLLLoss2d and aclnnNLLLoss2dBackward, written from the formulas of
// docs/nll_loss2d.md and sharing no code with the library. Inputs are the values as stored (already rounded to
// their data types), in logical row-major order.
#ifndef OPENACLNN_TESTS_NLL_LOSS2D_NLL_LOSS2D_REFERENCE_H_
#define OPENACLNN_TESTS_NLL_LOSS2D_NLL_LOSS2D_REFERENCE_H_

#include <cstdint>
#include <vector>

namespace openaclnn::test {

struct Nll2dInputs {
  int64_t n = 0, c = 0, h = 0, w = 0;
  std::vector<double> self;     // (N, C, H, W).
  std::vector<int64_t> target;  // (N, H, W).
  std::vector<double> weight;   // (C).
  int64_t ignore_index = -100;
};

// Whether the target at position p counts: not ignoreIndex and inside [0, C).
bool Nll2dCounts(const Nll2dInputs& in, int64_t p);

struct Nll2dForwardResult {
  std::vector<double> none;  // Per position -(w[t] * x), 0 where the position does not count.
  double sum = 0.0;          // Sum of the counted losses.
  double total_weight = 0.0;  // Sum of w[t] over counted positions.
};
Nll2dForwardResult Nll2dForward(const Nll2dInputs& in);

// The gradient (N, C, H, W): -(g_p * w[t]) at (n, t, h, w) of each counted position, 0 elsewhere. g has one value
// per position (none) or one value (sum); for mean the scale is -(g / totalWeight), times w[t].
std::vector<double> Nll2dBackward(const Nll2dInputs& in, const std::vector<double>& grad, int64_t reduction,
                                  double total_weight);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_NLL_LOSS2D_NLL_LOSS2D_REFERENCE_H_
