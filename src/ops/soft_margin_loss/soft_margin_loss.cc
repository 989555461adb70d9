// CANN's check order (POINTWISE-LOSS-FACTS 10), then the plan of the pointwise engine. The forward never checks
// its reduction (CANN: 0 none, 1 mean, anything else sum, with a 0-D out); the backward's CANN code indexes a
// table of three with it, so a value outside 0..2 is refused here instead (DECISIONS 20, docs/soft_margin_loss.md).
#include "ops/soft_margin_loss/soft_margin_loss.h"

#include "framework/two_phase.h"
#include "ops/pointwise/checks.h"
#include "ops/pointwise/engine.h"
#include "ops/pointwise/mean_scale.h"
#include "ops/soft_margin_loss/soft_margin_loss_kernels.h"

namespace openaclnn::soft_margin_loss {
namespace {

using namespace pointwise;  // NOLINT(build/namespaces): the check helpers read as CANN's check list.

Status ValidateForward(const ForwardArgs& a) {
  constexpr const char* kApi = kForwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "out"));
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
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(kApi, a.reduction));
  return CheckBackwardShapesAndLayouts(kApi, a, "gradOutput", "out", /*check_out_rank=*/false);
}

}  // namespace

Status ForwardGetWorkspaceSize(const ForwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kForwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateForward(args));
  // The engine reads 0 as none, 1 as mean and every other value as sum: CANN's reading of the reduction here.
  const ForwardCall call{kForwardPhase2Api, args.self, args.target, args.reduction, args.out, &SoftMarginKernels()};
  return FinishPhase1(kForwardPhase2Api, PlanForward(call), workspace_size, executor);
}

Status BackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kBackwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBackward(args));
  // CANN's c: 1 / N for mean with N the element count of the broadcast (out's).
  const float scale = MeanScale(args.reduction, args.out->numel());
  const BackwardCall call{kBackwardPhase2Api, args.grad_output, args.self, args.target, scale, args.out,
                          &SoftMarginKernels()};
  return FinishPhase1(kBackwardPhase2Api, PlanBackward(call), workspace_size, executor);
}

}  // namespace openaclnn::soft_margin_loss
