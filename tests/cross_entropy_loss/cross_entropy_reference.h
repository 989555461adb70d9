// Test-only float64 references of aclnnCrossEntropyLoss and aclnnCrossEntropyLossGrad, written from the formulas
// of docs/cross_entropy_loss.md in long double (sharing no code with the library). A row counts when its target is
// not ignoreIndex and lies in [0, C).
#ifndef OPENACLNN_TESTS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_REFERENCE_H_
#define OPENACLNN_TESTS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_REFERENCE_H_

#include <cstdint>
#include <string>
#include <vector>

namespace openaclnn::test {

struct CeForwardInputs {
  int64_t n = 0;
  int64_t c = 0;
  std::vector<double> input;   // (N, C) row-major, the values as stored.
  std::vector<int64_t> target;  // (N).
  std::vector<double> weight;   // (C), or empty: no weights.
  std::string reduction = "mean";
  int64_t ignore_index = -100;
  double label_smoothing = 0.0;
  double zloss_scale = 0.0;
};

struct CeForwardResult {
  std::vector<double> loss;      // (N) for none, one value otherwise.
  std::vector<double> log_prob;  // (N, C).
  std::vector<double> zloss;     // loss's shape.
  std::vector<double> lse;       // (N).
  // |d zlossOut / d lse| summed over the counted rows (loss's shape): what an absolute error in each lse becomes
  // in zlossOut, for the tests' bound.
  std::vector<double> zloss_lse_scale;
};

CeForwardResult CrossEntropyForwardReference(const CeForwardInputs& in);

struct CeGradInputs {
  int64_t n = 0;
  int64_t c = 0;
  std::vector<double> grad_loss;  // (N) for none, one value otherwise.
  std::vector<double> log_prob;   // (N, C), the values as stored.
  std::vector<int64_t> target;
  std::vector<double> weight;      // Empty: no weights.
  std::vector<double> grad_zloss;  // grad_loss's shape, or empty: none.
  std::vector<double> lse;         // (N), read with grad_zloss.
  std::string reduction = "mean";
  int64_t ignore_index = -100;
  double label_smoothing = 0.0;
  double zloss_scale = 0.0;
};

// (N, C) row-major. `exp_term_scale`, when given, receives |p_j (nllGrad + s sum_c w_c + lseGrad)| of every
// element but a counted row's target (0 there): the magnitude of the term that carries p_j = exp(logProb_j).
std::vector<double> CrossEntropyGradReference(const CeGradInputs& in, std::vector<double>* exp_term_scale = nullptr);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_REFERENCE_H_
