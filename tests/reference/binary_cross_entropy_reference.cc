#include "binary_cross_entropy_reference.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace openaclnn::test {

double BceReferenceLoss(double x, double y, double w) {
  if (std::isnan(x) || x < 0.0 || x > 1.0) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  const double log_x = std::max(std::log(x), -100.0);
  const double log_rest = std::max(std::log1p(-x), -100.0);
  return -w * (y * log_x + (1.0 - y) * log_rest);
}

}  // namespace openaclnn::test
