// aclnnBinaryCrossEntropy and aclnnBinaryCrossEntropyBackward behind the C shim: CANN's checks, then the pointwise
// engine with the weight as the term's extra operand.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_H_

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "core/status.h"

namespace openaclnn::binary_cross_entropy {

inline constexpr const char* kForwardPhase1Api = "aclnnBinaryCrossEntropyGetWorkspaceSize";
inline constexpr const char* kForwardPhase2Api = "aclnnBinaryCrossEntropy";
inline constexpr const char* kBackwardPhase1Api = "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize";
inline constexpr const char* kBackwardPhase2Api = "aclnnBinaryCrossEntropyBackward";

struct ForwardArgs {
  const aclTensor* self;
  const aclTensor* target;
  const aclTensor* weight;  // May be null: a weight of ones, never materialised.
  int64_t reduction;
  aclTensor* out;
};

struct BackwardArgs {
  const aclTensor* grad_output;
  const aclTensor* self;
  const aclTensor* target;
  const aclTensor* weight;  // weightOptional; may be null.
  int64_t reduction;
  aclTensor* out;
};

Status ForwardGetWorkspaceSize(const ForwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);
Status BackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace openaclnn::binary_cross_entropy

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_H_
