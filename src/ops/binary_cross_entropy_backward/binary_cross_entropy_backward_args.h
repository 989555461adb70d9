// The arguments of aclnnBinaryCrossEntropyBackwardGetWorkspaceSize, as passed by the caller.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_ARGS_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_ARGS_H_

#include <cstdint>

#include "aclnn/acl_meta.h"

namespace openaclnn::bce {

inline constexpr const char* kPhase1Api = "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize";
inline constexpr const char* kPhase2Api = "aclnnBinaryCrossEntropyBackward";

struct BceBackwardArgs {
  const aclTensor* grad_output;
  const aclTensor* self;
  const aclTensor* target;
  const aclTensor* weight;  // May be null: a weight of ones, never materialised.
  int64_t reduction;
  aclTensor* out;
};

}  // namespace openaclnn::bce

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_ARGS_H_
