// aclnnCrossEntropyLoss's two phases behind the C shim: validation (cross_entropy_validate.h), then one launch on
// the row engine that writes logProbOut and each row's terms, then the deterministic mean or sum.
#ifndef OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_LOSS_H_
#define OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_LOSS_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "core/status.h"
#include "ops/cross_entropy_loss/cross_entropy_args.h"

namespace openaclnn::cross_entropy {

Status LossGetWorkspaceSize(const CrossEntropyLossArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace openaclnn::cross_entropy

#endif  // OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_LOSS_H_
