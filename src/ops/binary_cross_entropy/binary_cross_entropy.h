// aclnnBinaryCrossEntropy's two phases behind the C shim: validation, then planning, then the stream launch.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "core/status.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_args.h"

namespace openaclnn::bce_forward {

Status GetWorkspaceSize(const BceArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);
Status Run(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream);

}  // namespace openaclnn::bce_forward

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_H_
