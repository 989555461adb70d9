// The arguments of aclnnBinaryCrossEntropyGetWorkspaceSize, as passed by the caller.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_ARGS_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_ARGS_H_

#include <cstdint>

#include "aclnn/acl_meta.h"

namespace openaclnn::bce_forward {

inline constexpr const char* kPhase1Api = "aclnnBinaryCrossEntropyGetWorkspaceSize";
inline constexpr const char* kPhase2Api = "aclnnBinaryCrossEntropy";

struct BceArgs {
  const aclTensor* self;
  const aclTensor* target;
  const aclTensor* weight;  // May be null: a weight of ones, never materialised.
  int64_t reduction;
  aclTensor* out;
};

}  // namespace openaclnn::bce_forward

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_ARGS_H_
