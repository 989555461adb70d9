#include "ops/pointwise/mean_scale.h"

#include "core/reduction.h"

namespace openaclnn::pointwise {

float MeanScale(int64_t reduction, int64_t count, float numerator, ScaleArithmetic arithmetic) {
  if (reduction != static_cast<int64_t>(Reduction::kMean)) {
    return numerator;
  }
  if (arithmetic == ScaleArithmetic::kFloat) {
    return numerator / static_cast<float>(count);
  }
  return static_cast<float>(static_cast<double>(numerator) / static_cast<double>(count));
}

}  // namespace openaclnn::pointwise
