// aclnnBinaryCrossEntropyBackward's two phases behind the C shim: validation, then planning, then the stream
// launch.
#ifndef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_H_
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "core/status.h"
#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_args.h"

namespace openaclnn::bce {

Status GetWorkspaceSize(const BceBackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor);
Status Run(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream);

}  // namespace openaclnn::bce

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BACKWARD_BINARY_CROSS_ENTROPY_BACKWARD_H_
