#include "ops/nll_loss_backward/nll_loss_backward.h"

#include <utility>

#include "framework/phase1_log.h"
#include "framework/two_phase.h"
#include "ops/nll_loss_backward/nll_loss_backward_plan.h"
#include "ops/nll_loss_backward/nll_loss_backward_validate.h"

namespace openaclnn::nll {

Status GetWorkspaceSize(const NllLossBackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateNllLossBackward(args));
  Prepared prepared = PlanNllLossBackward(args);
  LogPhase1(kPhase2Api, prepared,
            {{"gradOutput", args.grad_output}, {"self", args.self}, {"target", args.target}, {"weight", args.weight},
             {"totalWeight", args.total_weight}, {"out", args.out}});
  return FinishPhase1(kPhase2Api, std::move(prepared), workspace_size, executor);
}

Status Run(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream) {
  return RunPhase2(kPhase2Api, workspace, workspace_size, executor, stream);
}

}  // namespace openaclnn::nll
