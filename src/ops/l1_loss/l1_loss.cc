// CANN's check order (POINTWISE-LOSS-FACTS 8), then the plan of the pointwise engine. Integer inputs that promote
// to INT64 take CANN's INT64 branch (l1_loss_int64.h); an integer input beside a floating one is cast to the
// floating type before the float kernel, as CANN casts it (pointwise/integer_inputs.h, docs/l1_loss.md).
#include "ops/l1_loss/l1_loss.h"

#include <initializer_list>
#include <string>

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "framework/two_phase.h"
#include "ops/l1_loss/l1_loss_int64.h"
#include "ops/l1_loss/l1_loss_kernels.h"
#include "ops/pointwise/checks.h"
#include "ops/pointwise/engine.h"
#include "ops/pointwise/integer_inputs.h"
#include "ops/pointwise/mean_scale.h"

namespace openaclnn::l1_loss {
namespace {

using namespace pointwise;  // NOLINT(build/namespaces): the check helpers read as CANN's check list.

// An input that is not floating must be an integer whose promotion with a floating type is that type.
Status CheckFloatOrPromotableInteger(const char* api, const aclTensor& tensor, const char* arg) {
  if (IsLossFloatType(tensor.dtype()) || IsPromotableInteger(tensor.dtype())) {
    return Status::Ok();
  }
  return Status(ACLNN_ERR_PARAM_INVALID,
                msg::UnsupportedDtype(api, arg, tensor.dtype(),
                                      "FLOAT, FLOAT16, BFLOAT16, or BOOL, UINT8, INT8, INT16, INT32 or INT64 beside "
                                      "a floating input"));
}

std::string TypesOf(const char* first_arg, const aclTensor& first, const char* second_arg, const aclTensor& second) {
  return std::string(first_arg) + " " + DataTypeName(first.dtype()) + " and " + second_arg + " " +
         DataTypeName(second.dtype());
}

// The type CANN casts every input to: the promotion of the floating inputs (an integer beside them takes theirs).
aclDataType FloatingPromotion(std::initializer_list<const aclTensor*> inputs) {
  aclDataType promoted = ACL_DT_UNDEFINED;
  for (const aclTensor* tensor : inputs) {
    if (IsLossFloatType(tensor->dtype())) {
      promoted = promoted == ACL_DT_UNDEFINED ? tensor->dtype() : PromoteLossFloatTypes(promoted, tensor->dtype());
    }
  }
  return promoted;
}

Status ValidateForward(const ForwardArgs& a) {
  constexpr const char* kApi = kForwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(kApi, a.reduction));  // CANN checks the reduction first here.
  if (HasIntegerInputs(a)) {
    return ValidateInt64Forward(kApi, a);
  }
  // One input is floating: the other, if integral, is cast to its type, except an integer self beside a
  // floating target for none, which CANN refuses.
  if (!IsLossFloatType(a.self->dtype()) && a.reduction == static_cast<int64_t>(Reduction::kNone)) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(kApi, "self", "a floating self beside a floating target for reduction 0 (none)",
                                       TypesOf("self", *a.self, "target", *a.target)));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckFloatOrPromotableInteger(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatOrPromotableInteger(kApi, *a.target, "target"));
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
  OPENACLNN_RETURN_IF_ERROR(CheckFloatOrPromotableInteger(kApi, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatOrPromotableInteger(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatOrPromotableInteger(kApi, *a.target, "target"));
  if (FloatingPromotion({a.grad_output, a.self, a.target}) == ACL_DT_UNDEFINED) {
    // CANN's promoted type (gradOutput with self, then with target) must be FLOAT, FLOAT16 or BFLOAT16.
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(kApi, "target", "a floating gradOutput, self or target",
                                       "gradOutput " + std::string(DataTypeName(a.grad_output->dtype())) + ", " +
                                           TypesOf("self", *a.self, "target", *a.target)));
  }
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
  IntegerInputCasts casts({args.self, args.target});
  const aclDataType promoted = FloatingPromotion({args.self, args.target});
  const ForwardCall call{kForwardPhase2Api, casts.CastTo(args.self, promoted), casts.CastTo(args.target, promoted),
                         args.reduction, args.out, &L1Kernels()};
  return FinishPhase1(kForwardPhase2Api, casts.Wrap(PlanForward(call)), workspace_size, executor);
}

Status BackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kBackwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBackward(args));
  // 1 / N for mean with N the element count of the broadcast (gradInput's).
  const float scale = MeanScale(args.reduction, args.out->numel());
  IntegerInputCasts casts({args.grad_output, args.self, args.target});
  const aclDataType promoted = FloatingPromotion({args.grad_output, args.self, args.target});
  const BackwardCall call{kBackwardPhase2Api,
                          casts.CastTo(args.grad_output, promoted),
                          casts.CastTo(args.self, promoted),
                          casts.CastTo(args.target, promoted),
                          scale,
                          args.out,
                          &L1Kernels()};
  return FinishPhase1(kBackwardPhase2Api, casts.Wrap(PlanBackward(call)), workspace_size, executor);
}

}  // namespace openaclnn::l1_loss
