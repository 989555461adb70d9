// Phase-1 checks of aclnnNLLLoss, in CANN's order and with CANN's codes (null, data types, reduction, shapes),
// followed by the layout checks every operator applies. Pure: reads descriptors only, never tensor data.
#ifndef OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_VALIDATE_H_
#define OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_VALIDATE_H_

#include "core/status.h"
#include "ops/nll_loss/nll_loss_args.h"

namespace openaclnn::nll_forward {

Status ValidateNllLoss(const NllLossArgs& args);

}  // namespace openaclnn::nll_forward

#endif  // OPENACLNN_OPS_NLL_LOSS_NLL_LOSS_VALIDATE_H_
