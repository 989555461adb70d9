#include "uniform_values.h"

namespace openaclnn::test {

std::vector<double> UniformValues(int64_t count, double low, double high, std::mt19937* rng) {
  std::uniform_real_distribution<double> draw(low, high);
  std::vector<double> values(static_cast<size_t>(count));
  for (double& value : values) {
    value = draw(*rng);
  }
  return values;
}

}  // namespace openaclnn::test
