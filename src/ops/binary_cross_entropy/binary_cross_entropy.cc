#include "ops/binary_cross_entropy/binary_cross_entropy.h"

#include <utility>

#include "framework/phase1_log.h"
#include "framework/two_phase.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_plan.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_validate.h"

namespace openaclnn::bce_forward {

Status GetWorkspaceSize(const BceArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBce(args));
  Prepared prepared = PlanBce(args);
  LogPhase1(kPhase2Api, prepared,
            {{"self", args.self}, {"target", args.target}, {"weight", args.weight}, {"out", args.out}});
  return FinishPhase1(kPhase2Api, std::move(prepared), workspace_size, executor);
}

Status Run(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream) {
  return RunPhase2(kPhase2Api, workspace, workspace_size, executor, stream);
}

}  // namespace openaclnn::bce_forward
