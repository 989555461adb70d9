// The factor a pointwise loss's gradient is multiplied by for its reduction (BackwardCall::scale): numerator / N
// for mean, the numerator alone for every other reduction. Which N an operator divides by is CANN's definition and
// differs between operators (numel(self) as given, numel of the broadcast, batchmean's first dimension), so the
// operator passes it; how the quotient is rounded is shared here.
#ifndef OPENACLNN_OPS_POINTWISE_MEAN_SCALE_H_
#define OPENACLNN_OPS_POINTWISE_MEAN_SCALE_H_

#include <cstdint>

namespace openaclnn::pointwise {

// How numerator / count becomes a float.
enum class ScaleArithmetic {
  kDoubleRoundedOnce,  // Divided in double, rounded once to float (DECISIONS 4, 17): every operator but BCE's.
  kFloat,              // count rounded to float, divided in float, as CANN's tiling of the BCE family does.
};

// numerator / count when `reduction` is mean (Reduction::kMean), else numerator. A count of 0 gives infinity; no
// gradient is computed then, as the broadcast is empty.
float MeanScale(int64_t reduction, int64_t count, float numerator = 1.0f,
                ScaleArithmetic arithmetic = ScaleArithmetic::kDoubleRoundedOnce);

}  // namespace openaclnn::pointwise

#endif  // OPENACLNN_OPS_POINTWISE_MEAN_SCALE_H_
