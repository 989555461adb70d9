#include "ops/nll_loss/nll_loss.h"

#include <utility>

#include "framework/phase1_log.h"
#include "framework/two_phase.h"
#include "ops/nll_loss/nll_loss_plan.h"
#include "ops/nll_loss/nll_loss_validate.h"

namespace openaclnn::nll_forward {

Status GetWorkspaceSize(const NllLossArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateNllLoss(args));
  Prepared prepared = PlanNllLoss(args);
  LogPhase1(kPhase2Api, prepared,
            {{"self", args.self}, {"target", args.target}, {"weight", args.weight}, {"out", args.out},
             {"totalWeightOut", args.total_weight_out}});
  return FinishPhase1(kPhase2Api, std::move(prepared), workspace_size, executor);
}

Status Run(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream) {
  return RunPhase2(kPhase2Api, workspace, workspace_size, executor, stream);
}

}  // namespace openaclnn::nll_forward
