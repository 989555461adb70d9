#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward.h"

#include <utility>

#include "framework/phase1_log.h"
#include "framework/two_phase.h"
#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_plan.h"
#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_validate.h"

namespace openaclnn::bce {

Status GetWorkspaceSize(const BceBackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBceBackward(args));
  Prepared prepared = PlanBceBackward(args);
  LogPhase1(kPhase2Api, prepared,
            {{"gradOutput", args.grad_output}, {"self", args.self}, {"target", args.target}, {"weight", args.weight},
             {"out", args.out}});
  return FinishPhase1(kPhase2Api, std::move(prepared), workspace_size, executor);
}

Status Run(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream) {
  return RunPhase2(kPhase2Api, workspace, workspace_size, executor, stream);
}

}  // namespace openaclnn::bce
