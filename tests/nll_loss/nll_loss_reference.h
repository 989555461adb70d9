// Test-only fp64 reference of the NLL loss forward, written from the formula (shares no code with the library):
// loss_n = -weight[t_n] * self[n][t_n] for rows whose target counts; sums with compensated (Neumaier) addition.
#ifndef OPENACLNN_TESTS_NLL_LOSS_NLL_LOSS_REFERENCE_H_
#define OPENACLNN_TESTS_NLL_LOSS_NLL_LOSS_REFERENCE_H_

#include <cstdint>
#include <vector>

namespace openaclnn::test {

struct NllForwardInputs {
  int64_t rows = 0;     // N (1 for a 1-D self).
  int64_t classes = 0;  // C.
  std::vector<double> self;    // rows * classes values, row-major, as stored.
  std::vector<int64_t> target;  // rows values.
  std::vector<double> weight;  // classes values, as stored.
  int64_t ignore_index = -100;
};

struct NllForwardExpected {
  std::vector<double> losses;  // Per row, 0 for rows that do not count.
  double loss_sum = 0;
  double total_weight = 0;
  double mean = 0;
  int64_t first_bad_row = -1;  // First target outside [0, C) that is not ignore_index.
};

NllForwardExpected NllForwardReference(const NllForwardInputs& inputs);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_NLL_LOSS_NLL_LOSS_REFERENCE_H_
