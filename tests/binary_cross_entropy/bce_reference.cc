#include "bce_reference.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace openaclnn::test {

double BceReferenceLoss(double x, double y, double w) {
  if (std::isnan(x) || x < 0.0 || x > 1.0) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  const double log_x = std::max(std::log(x), -100.0);
  const double log_rest = std::max(std::log(1.0 - x), -100.0);
  return -w * (y * log_x + (1.0 - y) * log_rest);
}

double BceCompensatedSum(const std::vector<double>& values) {
  double sum = 0;
  double correction = 0;
  for (double value : values) {
    const double next = sum + value;
    correction += std::fabs(sum) >= std::fabs(value) ? (sum - next) + value : (value - next) + sum;
    sum = next;
  }
  return sum + correction;
}

}  // namespace openaclnn::test
