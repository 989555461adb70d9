// CANN's check order (POINTWISE-LOSS-FACTS 9), then the plan of the pointwise engine. CANN lets result be any type
// the promoted type casts to and does not check its shape for mean and sum; here it is FLOAT, FLOAT16 or BFLOAT16
// and has one element then (docs/smooth_l1_loss.md).
#include "ops/smooth_l1_loss/smooth_l1_loss.h"

#include <cmath>
#include <string>

#include "aclnn/opdev/op_errno.h"
#include "core/messages.h"
#include "framework/two_phase.h"
#include "ops/pointwise/checks.h"
#include "ops/pointwise/engine.h"
#include "ops/pointwise/mean_scale.h"
#include "ops/smooth_l1_loss/smooth_l1_loss_kernels.h"

namespace openaclnn::smooth_l1_loss {
namespace {

using namespace pointwise;  // NOLINT(build/namespaces): the check helpers read as CANN's check list.

// CANN's test is beta >= 0, so NaN fails it too.
Status CheckBeta(const char* api, float beta) {
  if (!(beta >= 0.0f)) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::InvalidArgument(api, "beta", "a value >= 0", std::to_string(beta)));
  }
  return Status::Ok();
}

Status ValidateForward(const ForwardArgs& a, float beta) {
  constexpr const char* kApi = kForwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "result"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "result"));
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(kApi, a.reduction));
  // beta is CANN's last check; the layouts (ours) come after it.
  return CheckForwardShapesAndLayouts(kApi, a, ReducedOut::kOneElement, "result",
                                      [beta] { return CheckBeta(kApi, beta); });
}

Status ValidateBackward(const BackwardArgs& a, float beta) {
  constexpr const char* kApi = kBackwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.grad_output, "gradOut"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "gradInput"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.grad_output, "gradOut"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "gradInput"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.grad_output, "gradOut"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(kApi, a.reduction));
  OPENACLNN_RETURN_IF_ERROR(CheckBeta(kApi, beta));
  return CheckBackwardShapesAndLayouts(kApi, a, "gradOut", "gradInput", /*check_out_rank=*/false);
}

// 1 / beta where it is exact, a power of two (the term then multiplies: smooth_l1_loss_term.h), else 0. Every
// power of two a float holds has its reciprocal in double's range.
double ExactInverse(float beta) {
  int exponent = 0;
  const bool power_of_two = std::isfinite(beta) && beta > 0.0f && std::frexp(beta, &exponent) == 0.5f;
  return power_of_two ? 1.0 / static_cast<double>(beta) : 0.0;
}

}  // namespace

Status ForwardGetWorkspaceSize(const ForwardArgs& args, float beta, uint64_t* workspace_size,
                               aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kForwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateForward(args, beta));
  ForwardCall call{kForwardPhase2Api, args.self, args.target, args.reduction, args.out, &SmoothL1Kernels()};
  call.params.beta = beta;
  call.params.exact_inverse_beta = ExactInverse(beta);
  return FinishPhase1(kForwardPhase2Api, PlanForward(call), workspace_size, executor);
}

Status BackwardGetWorkspaceSize(const BackwardArgs& args, float beta, uint64_t* workspace_size,
                                aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kBackwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBackward(args, beta));
  // 1 / numel(self) for mean (self as given, before broadcasting: CANN's and PyTorch's N).
  const float scale = MeanScale(args.reduction, args.self->numel());
  BackwardCall call{kBackwardPhase2Api, args.grad_output, args.self, args.target, scale, args.out,
                    &SmoothL1Kernels()};
  call.params.beta = beta;
  return FinishPhase1(kBackwardPhase2Api, PlanBackward(call), workspace_size, executor);
}

}  // namespace openaclnn::smooth_l1_loss
