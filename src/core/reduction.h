// The reduction argument shared by the loss operators (0 none, 1 mean, 2 sum).
#ifndef OPENACLNN_CORE_REDUCTION_H_
#define OPENACLNN_CORE_REDUCTION_H_

#include <cstdint>

namespace openaclnn {

enum class Reduction : int64_t { kNone = 0, kMean = 1, kSum = 2 };

inline bool IsValidReduction(int64_t value) { return value >= 0 && value <= 2; }

}  // namespace openaclnn

#endif  // OPENACLNN_CORE_REDUCTION_H_
