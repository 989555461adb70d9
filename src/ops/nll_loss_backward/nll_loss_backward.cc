#include "ops/nll_loss_backward/nll_loss_backward.h"

#include <utility>

#include "framework/phase1_log.h"
#include "framework/two_phase.h"
#include "ops/nll_loss_backward/nll_loss_backward_plan.h"
#include "ops/nll_loss_backward/nll_loss_backward_validate.h"

namespace openaclnn::nll {

Status BackwardPhase1(const char* phase1_api, const char* phase2_api, Status (*validate)(const NllLossBackwardArgs&),
                      const NllLossBackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(phase1_api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(validate(args));
  Prepared prepared = PlanNllBackward(args, phase1_api, phase2_api);
  LogPhase1(phase2_api, prepared,
            {{"gradOutput", args.grad_output}, {"self", args.self}, {"target", args.target}, {"weight", args.weight},
             {"totalWeight", args.total_weight}, {"out", args.out}});
  return FinishPhase1(phase2_api, std::move(prepared), workspace_size, executor);
}

Status GetWorkspaceSize(const NllLossBackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  return BackwardPhase1(kPhase1Api, kPhase2Api, ValidateNllLossBackward, args, workspace_size, executor);
}

}  // namespace openaclnn::nll
