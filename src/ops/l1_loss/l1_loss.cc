// CANN's check order (POINTWISE-LOSS-FACTS 8), then the plan of the pointwise engine. Integer inputs that promote
// to INT64 take CANN's INT64 branch (l1_loss_int64.h); integer/float mixes, which CANN promotes to the float type,
// are refused with 161002 naming the integer argument (docs/l1_loss.md).
#include "ops/l1_loss/l1_loss.h"

#include "framework/two_phase.h"
#include "ops/l1_loss/l1_loss_int64.h"
#include "ops/l1_loss/l1_loss_kernels.h"
#include "ops/pointwise/checks.h"
#include "ops/pointwise/engine.h"
#include "ops/pointwise/mean_scale.h"

namespace openaclnn::l1_loss {
namespace {

using namespace pointwise;  // NOLINT(build/namespaces): the check helpers read as CANN's check list.

Status ValidateForward(const ForwardArgs& a) {
  constexpr const char* kApi = kForwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(kApi, a.reduction));  // CANN checks the reduction first here.
  if (HasIntegerInputs(a)) {
    return ValidateInt64Forward(kApi, a);
  }
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "out"));
  return CheckForwardShapesAndLayouts(kApi, a, ReducedOut::kScalar);
}

Status ValidateBackward(const BackwardArgs& a) {
  constexpr const char* kApi = kBackwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "gradInput"));
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(kApi, a.reduction));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "gradInput"));
  return CheckBackwardShapesAndLayouts(kApi, a, "gradOutput", "gradInput", /*check_out_rank=*/true);
}

}  // namespace

Status ForwardGetWorkspaceSize(const ForwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kForwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateForward(args));
  if (HasIntegerInputs(args)) {
    return FinishPhase1(kForwardPhase2Api, PlanInt64Forward(kForwardPhase2Api, args), workspace_size, executor);
  }
  const ForwardCall call{kForwardPhase2Api, args.self, args.target, args.reduction, args.out, &L1Kernels()};
  return FinishPhase1(kForwardPhase2Api, PlanForward(call), workspace_size, executor);
}

Status BackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kBackwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBackward(args));
  // 1 / N for mean with N the element count of the broadcast (gradInput's).
  const float scale = MeanScale(args.reduction, args.out->numel());
  const BackwardCall call{kBackwardPhase2Api, args.grad_output, args.self, args.target, scale, args.out,
                          &L1Kernels()};
  return FinishPhase1(kBackwardPhase2Api, PlanBackward(call), workspace_size, executor);
}

}  // namespace openaclnn::l1_loss
