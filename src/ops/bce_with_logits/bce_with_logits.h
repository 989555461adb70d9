// aclnnBinaryCrossEntropyWithLogits, its Backward and its TargetBackward behind the C shim: CANN's checks, then the
// pointwise engine with weight and posWeight as the term's extra operands.
#ifndef OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_H_
#define OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_H_

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "core/status.h"

namespace openaclnn::bce_with_logits {

inline constexpr const char* kForwardPhase1Api = "aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize";
inline constexpr const char* kForwardPhase2Api = "aclnnBinaryCrossEntropyWithLogits";
inline constexpr const char* kBackwardPhase1Api = "aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize";
inline constexpr const char* kBackwardPhase2Api = "aclnnBinaryCrossEntropyWithLogitsBackward";
inline constexpr const char* kTargetBackwardPhase1Api =
    "aclnnBinaryCrossEntropyWithLogitsTargetBackwardGetWorkspaceSize";
inline constexpr const char* kTargetBackwardPhase2Api = "aclnnBinaryCrossEntropyWithLogitsTargetBackward";

struct ForwardArgs {
  const aclTensor* self;
  const aclTensor* target;
  const aclTensor* weight;      // Optional.
  const aclTensor* pos_weight;  // Optional.
  int64_t reduction;
  aclTensor* out;
};

struct BackwardArgs {
  const aclTensor* grad_output;
  const aclTensor* self;
  const aclTensor* target;
  const aclTensor* weight;
  const aclTensor* pos_weight;
  int64_t reduction;
  aclTensor* out;  // gradTarget for the target backward.
};

Status ForwardGetWorkspaceSize(const ForwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);
Status BackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);
Status TargetBackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace openaclnn::bce_with_logits

#endif  // OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_H_
