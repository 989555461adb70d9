#include "ops/binary_cross_entropy/binary_cross_entropy.h"

#include "framework/two_phase.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_plan.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_validate.h"

namespace openaclnn::bce_forward {

Status GetWorkspaceSize(const BceArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBce(args));
  return FinishPhase1(kPhase2Api, PlanBce(args), workspace_size, executor);
}

Status Run(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream) {
  return RunPhase2(kPhase2Api, workspace, workspace_size, executor, stream);
}

}  // namespace openaclnn::bce_forward
