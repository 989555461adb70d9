#include "ops/nll_loss/nll_loss.h"

#include "framework/two_phase.h"
#include "ops/nll_loss/nll_loss_plan.h"
#include "ops/nll_loss/nll_loss_validate.h"

namespace openaclnn::nll_forward {

Status GetWorkspaceSize(const NllLossArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateNllLoss(args));
  return FinishPhase1(kPhase2Api, PlanNllLoss(args), workspace_size, executor);
}

Status Run(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream) {
  return RunPhase2(kPhase2Api, workspace, workspace_size, executor, stream);
}

}  // namespace openaclnn::nll_forward
