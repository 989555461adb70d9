// Phase-1 checks of aclnnBinaryCrossEntropy: CANN's order (null, data types, shapes, reduction, out's shape) with
// the same rules as aclnnBinaryCrossEntropyBackward where the two differ (broadcasting, mixed float types), then
// the layout checks every operator applies. Pure: reads descriptors only, never tensor data.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_VALIDATE_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_VALIDATE_H_

#include <cstdint>

#include "core/status.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_args.h"

namespace openaclnn::bce_forward {

// The largest rank of every tensor (the document's 1-8, plus 0-D as the backward accepts).
inline constexpr int64_t kMaxRank = 8;

Status ValidateBce(const BceArgs& args);

}  // namespace openaclnn::bce_forward

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_VALIDATE_H_
