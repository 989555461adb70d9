// aclnnSoftmax, aclnnLogSoftmax and their backwards behind their C shims (ops/softmax/, ops/log_softmax/,
// ops/softmax_backward/, ops/log_softmax_backward/): each operator's phase-1 checks in CANN's order, then one plan
// on the row engine with the row kernels of softmax_rows.h.
#ifndef OPENACLNN_OPS_ROW_SOFTMAX_OP_H_
#define OPENACLNN_OPS_ROW_SOFTMAX_OP_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "core/status.h"
#include "ops/row/softmax_rows.h"

namespace openaclnn::row {

struct SoftmaxArgs {
  const aclTensor* self;
  int64_t dim;
  aclTensor* out;
};

// The API names of each kind: phase 1 and phase 2.
const char* SoftmaxPhase1Api(SoftmaxKind kind);
const char* SoftmaxPhase2Api(SoftmaxKind kind);

Status ValidateSoftmax(SoftmaxKind kind, const SoftmaxArgs& args);

Status SoftmaxGetWorkspaceSize(SoftmaxKind kind, const SoftmaxArgs& args, uint64_t* workspace_size,
                               aclOpExecutor** executor);

struct SoftmaxBackwardArgs {
  const aclTensor* grad_output;
  const aclTensor* output;
  int64_t dim;
  aclTensor* out;
};

const char* SoftmaxBackwardPhase1Api(SoftmaxKind kind);
const char* SoftmaxBackwardPhase2Api(SoftmaxKind kind);

Status ValidateSoftmaxBackward(SoftmaxKind kind, const SoftmaxBackwardArgs& args);

Status SoftmaxBackwardGetWorkspaceSize(SoftmaxKind kind, const SoftmaxBackwardArgs& args, uint64_t* workspace_size,
                                       aclOpExecutor** executor);

}  // namespace openaclnn::row

#endif  // OPENACLNN_OPS_ROW_SOFTMAX_OP_H_
