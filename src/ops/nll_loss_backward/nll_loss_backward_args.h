// The arguments of aclnnNLLLossBackwardGetWorkspaceSize, as passed by the caller.
#ifndef OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_ARGS_H_
#define OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_ARGS_H_

#include <cstdint>

#include "aclnn/acl_meta.h"

namespace openaclnn::nll {

inline constexpr const char* kPhase1Api = "aclnnNLLLossBackwardGetWorkspaceSize";
inline constexpr const char* kPhase2Api = "aclnnNLLLossBackward";

struct NllLossBackwardArgs {
  const aclTensor* grad_output;
  const aclTensor* self;
  const aclTensor* target;
  const aclTensor* weight;
  int64_t reduction;
  int64_t ignore_index;
  const aclTensor* total_weight;
  aclTensor* out;
};

}  // namespace openaclnn::nll

#endif  // OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_ARGS_H_
