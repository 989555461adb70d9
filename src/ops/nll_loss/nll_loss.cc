#include "ops/nll_loss/nll_loss.h"

#include <utility>

#include "framework/phase1_log.h"
#include "framework/two_phase.h"
#include "ops/nll_loss/nll_loss_plan.h"
#include "ops/nll_loss/nll_loss_validate.h"

namespace openaclnn::nll_forward {

Status ForwardPhase1(const char* phase1_api, const char* phase2_api, Status (*validate)(const NllLossArgs&),
                     const NllLossArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(phase1_api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(validate(args));
  Prepared prepared = PlanNllForward(args, phase1_api, phase2_api);
  LogPhase1(phase2_api, prepared,
            {{"self", args.self}, {"target", args.target}, {"weight", args.weight}, {"out", args.out},
             {"totalWeightOut", args.total_weight_out}});
  return FinishPhase1(phase2_api, std::move(prepared), workspace_size, executor);
}

Status GetWorkspaceSize(const NllLossArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  return ForwardPhase1(kPhase1Api, kPhase2Api, ValidateNllLoss, args, workspace_size, executor);
}

}  // namespace openaclnn::nll_forward
