// The arguments of aclnnNLLLossGetWorkspaceSize, as passed by the caller.
#ifndef OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_ARGS_H_
#define OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_ARGS_H_

#include <cstdint>

#include "aclnn/acl_meta.h"

namespace openaclnn::nll_forward {

inline constexpr const char* kPhase1Api = "aclnnNLLLossGetWorkspaceSize";
inline constexpr const char* kPhase2Api = "aclnnNLLLoss";

struct NllLossArgs {
  const aclTensor* self;
  const aclTensor* target;
  const aclTensor* weight;
  int64_t reduction;
  int64_t ignore_index;
  aclTensor* out;
  aclTensor* total_weight_out;
};

}  // namespace openaclnn::nll_forward

#endif  // OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_ARGS_H_
