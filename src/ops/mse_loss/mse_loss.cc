// CANN's check order (POINTWISE-LOSS-FACTS 6 and 7), then the plan of the pointwise engine.
#include "ops/mse_loss/mse_loss.h"

#include "core/reduction.h"
#include "framework/two_phase.h"
#include "ops/mse_loss/mse_loss_kernels.h"
#include "ops/pointwise/checks.h"
#include "ops/pointwise/engine.h"
#include "ops/pointwise/mean_scale.h"

namespace openaclnn::mse_loss {
namespace {

using namespace pointwise;  // NOLINT(build/namespaces): the check helpers read as CANN's check list.

// aclnnMseLoss and aclnnMseLossOut share their checks but for out's shape under mean and sum: 0-D, or the
// broadcast without its first dimension (CANN's aclnn_mse_loss_out.cpp; a 0-D broadcast gives a 0-D out).
Status ValidateForward(const char* api, const ForwardArgs& a, ReducedOut reduced_out) {
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(api, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(api, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(api, a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(api, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(api, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(api, *a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(api, a.reduction));
  return CheckForwardShapesAndLayouts(api, a, reduced_out);
}

Status ValidateBackward(const BackwardArgs& a) {
  constexpr const char* kApi = kBackwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "out"));
  // No promotion: gradOutput and target must have self's type.
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(kApi, *a.grad_output, "gradOutput", *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(kApi, *a.target, "target", *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(kApi, a.reduction));
  return CheckBackwardShapesAndLayouts(kApi, a, "gradOutput", "out", /*check_out_rank=*/false);
}

}  // namespace

Status ForwardGetWorkspaceSize(const ForwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kForwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateForward(kForwardPhase1Api, args, ReducedOut::kScalar));
  const ForwardCall call{kForwardPhase2Api, args.self, args.target, args.reduction, args.out, &MseKernels()};
  return FinishPhase1(kForwardPhase2Api, PlanForward(call), workspace_size, executor);
}

Status OutGetWorkspaceSize(const ForwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kOutPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateForward(kOutPhase1Api, args, ReducedOut::kWithoutDim0));
  const ForwardCall call{kOutPhase2Api, args.self, args.target, args.reduction, args.out, &MseKernels()};
  const bool reduced = args.reduction != static_cast<int64_t>(Reduction::kNone);
  return FinishPhase1(kOutPhase2Api, reduced ? PlanForwardOverDim0(call) : PlanForward(call), workspace_size,
                      executor);
}

Status BackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kBackwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBackward(args));
  // CANN's cof: 2, or 2 / numel(self) for mean (self as given, before broadcasting).
  const float scale = MeanScale(args.reduction, args.self->numel(), 2.0f);
  const BackwardCall call{kBackwardPhase2Api, args.grad_output, args.self, args.target, scale, args.out,
                          &MseKernels()};
  return FinishPhase1(kBackwardPhase2Api, PlanBackward(call), workspace_size, executor);
}

}  // namespace openaclnn::mse_loss
