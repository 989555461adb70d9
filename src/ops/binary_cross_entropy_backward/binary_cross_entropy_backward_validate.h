// Phase-1 checks of aclnnBinaryCrossEntropyBackward, in CANN's order and with CANN's codes (CANN-FACTS 3.1),
// followed by the layout checks every operator applies. Pure: reads descriptors only, never tensor data.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_VALIDATE_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_VALIDATE_H_

#include "core/status.h"
#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_args.h"

namespace openaclnn::bce {

// The largest rank of every tensor (the document's "0-8"; also the iteration engine's limit).
inline constexpr int64_t kMaxRank = 8;

Status ValidateBceBackward(const BceBackwardArgs& args);

}  // namespace openaclnn::bce

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_VALIDATE_H_
