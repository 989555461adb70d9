#include "nll_loss_reference.h"

#include <cmath>

#include "test_numeric.h"

namespace openaclnn::test {

NllForwardExpected NllForwardReference(const NllForwardInputs& in) {
  NllForwardExpected expected;
  expected.losses.assign(static_cast<size_t>(in.rows), 0.0);
  std::vector<double> weights(static_cast<size_t>(in.rows), 0.0);
  for (int64_t n = 0; n < in.rows; ++n) {
    const int64_t t = in.target[static_cast<size_t>(n)];
    if (t == in.ignore_index) {
      continue;
    }
    if (t < 0 || t >= in.classes) {
      if (expected.first_bad_row < 0) {
        expected.first_bad_row = n;
      }
      continue;
    }
    const double w = in.weight[static_cast<size_t>(t)];
    expected.losses[static_cast<size_t>(n)] = -(w * in.self[static_cast<size_t>(n * in.classes + t)]);
    weights[static_cast<size_t>(n)] = w;
  }
  expected.loss_sum = CompensatedTotal(expected.losses);
  expected.total_weight = CompensatedTotal(weights);
  expected.mean = expected.loss_sum / expected.total_weight;
  return expected;
}

}  // namespace openaclnn::test
