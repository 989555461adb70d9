// aclnnSoftmax and aclnnLogSoftmax behind their C shims (ops/softmax/, ops/log_softmax/): each operator's phase-1
// checks in CANN's order, then one plan on the row engine with the row kernels of softmax_rows.h.
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
Status SoftmaxRun(SoftmaxKind kind, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                  aclrtStream stream);

}  // namespace openaclnn::row

#endif  // OPENACLNN_OPS_ROW_SOFTMAX_OP_H_
