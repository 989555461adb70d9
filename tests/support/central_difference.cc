#include "central_difference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace openaclnn::test {

double ExpectCentralDifferences(const std::vector<double>& base, double step,
                                const std::function<void(const std::vector<double>&)>& set_input,
                                const std::function<double()>& objective, const std::vector<double>& analytic,
                                double tolerance) {
  double worst = 0;
  for (size_t j = 0; j < base.size(); ++j) {
    std::vector<double> moved = base;
    moved[j] = base[j] + step;
    set_input(moved);
    const double f_plus = objective();
    moved[j] = base[j] - step;
    set_input(moved);
    const double f_minus = objective();
    const double numeric = (f_plus - f_minus) / (2 * step);
    const double error = std::fabs(analytic[j] - numeric) / (1.0 + std::fabs(analytic[j]));
    worst = std::max(worst, error);
    EXPECT_LT(error, tolerance) << "element " << j << ": backward " << analytic[j] << ", central difference "
                                << numeric;
  }
  set_input(base);
  return worst;
}

}  // namespace openaclnn::test
