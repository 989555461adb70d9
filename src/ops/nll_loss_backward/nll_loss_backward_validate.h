// Phase-1 checks of aclnnNLLLossBackward, in CANN's order and with CANN's codes (CANN-FACTS 2.1), followed by
// the layout checks every operator applies. Pure: reads descriptors only, never tensor data.
#ifndef OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_VALIDATE_H_
#define OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_VALIDATE_H_

#include <string_view>

#include "core/status.h"
#include "ops/nll_loss_backward/nll_loss_backward_args.h"

namespace openaclnn::nll {

Status ValidateNllLossBackward(const NllLossBackwardArgs& args);

// The layout checks of the backward NLL operators (aclnnNLLLossBackward, aclnnNLLLoss2dBackward) for a non-empty
// self, after their own parameter checks.
Status CheckNllBackwardLayouts(std::string_view api, const NllLossBackwardArgs& args);

}  // namespace openaclnn::nll

#endif  // OPENACLNN_OPS_NLL_LOSS_BACKWARD_NLL_LOSS_BACKWARD_VALIDATE_H_
