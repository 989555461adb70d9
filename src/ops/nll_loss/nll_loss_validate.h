// Phase-1 checks of aclnnNLLLoss, in CANN's order and with CANN's codes (null, data types, reduction, shapes),
// followed by the layout checks every operator applies. Pure: reads descriptors only, never tensor data.
#ifndef OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_VALIDATE_H_
#define OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_VALIDATE_H_

#include <string_view>

#include "core/status.h"
#include "ops/nll_loss/nll_loss_args.h"

namespace openaclnn::nll_forward {

Status ValidateNllLoss(const NllLossArgs& args);

// The forward NLL operators' phase-1 sequence in CANN's order (NULL tensors in signature order, data types,
// reduction, shapes, then the layouts), with the operator's own data-type and shape checks.
Status ValidateNllForward(std::string_view api, const NllLossArgs& args, Status (*check_dtypes)(const NllLossArgs&),
                          Status (*check_shapes)(const NllLossArgs&));

// The layout checks of the forward NLL operators (aclnnNLLLoss, aclnnNLLLoss2d) after their own parameter checks:
// only what phase 2 touches is checked, so an empty self with reduction none needs nothing.
Status CheckNllLayouts(std::string_view api, const NllLossArgs& args);

}  // namespace openaclnn::nll_forward

#endif  // OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_VALIDATE_H_
