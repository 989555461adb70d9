// CANN's check orders (POINTWISE-LOSS-FACTS 11), then the plans of the pointwise engine. Where CANN's code leaves
// things open or undefined we decide (DECISIONS 20, docs/kl_div.md): an empty input's reduced out must have one
// element. A gradient whose operand is enlarged by the broadcast is summed back to self's (or target's) shape, as
// CANN's ReduceSum does; an empty broadcast then gives zeros.
#include "ops/kl_div/kl_div.h"

#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "framework/two_phase.h"
#include "ops/class_index/class_checks.h"
#include "ops/kl_div/kl_div_kernels.h"
#include "ops/pointwise/checks.h"
#include "ops/pointwise/engine.h"
#include "ops/pointwise/mean_scale.h"

namespace openaclnn::kl_div {
namespace {

using namespace pointwise;  // NOLINT(build/namespaces): the check helpers read as CANN's check list.

Status CheckForwardReduction(const char* api, int64_t reduction) {
  if (reduction < 0 || reduction > kBatchMean) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, "reduction", "0 (none), 1 (mean), 2 (sum) or 3 (batchmean)",
                                       std::to_string(reduction)));
  }
  return Status::Ok();
}

Status CheckOneElement(const char* api, const aclTensor& out) {
  if (out.rank() > kMaxRank || out.numel() != 1) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, "out", "one element (shape [] or [1]) for reduction 1, 2 or 3",
                                       "shape " + msg::ShapeText(out.view_dims.data(), out.rank())));
  }
  return Status::Ok();
}

Status ValidateForward(const ForwardArgs& a) {
  constexpr const char* kApi = kForwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckForwardReduction(kApi, a.reduction));
  const bool reduced = a.reduction != 0;
  if (a.self->empty() || a.target->empty()) {
    // CANN returns here, before its shape checks: none writes nothing, the reductions fill out's one element.
    if (!reduced) {
      return Status::Ok();
    }
    OPENACLNN_RETURN_IF_ERROR(CheckOneElement(kApi, *a.out));
    return CheckWriteLayout(kApi, *a.out, "out");
  }
  OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsWith(kApi, *a.target, "target", a.self->view_dims, "self's shape"));
  const std::vector<int64_t> shape = BroadcastShape({a.self, a.target});
  OPENACLNN_RETURN_IF_ERROR(CheckShapeCount(kApi, shape, "target"));
  if (reduced) {
    OPENACLNN_RETURN_IF_ERROR(CheckOneElement(kApi, *a.out));
  } else {
    OPENACLNN_RETURN_IF_ERROR(CheckShapeIs(kApi, *a.out, "out", shape, "the broadcast of self and target"));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckReadLayouts(kApi, {{"self", a.self}, {"target", a.target}}));
  return CheckWriteLayout(kApi, *a.out, "out");
}

// CANN's plain formats for aclnnKlDivTargetBackward (NC1HWC0 and the FRACTAL formats are refused).
Status CheckPlainFormat(const char* api, const aclTensor& tensor, std::string_view arg) {
  switch (tensor.format) {
    case ACL_FORMAT_ND: case ACL_FORMAT_NCHW: case ACL_FORMAT_NHWC: case ACL_FORMAT_HWCN:
    case ACL_FORMAT_NDHWC: case ACL_FORMAT_NCDHW: case ACL_FORMAT_NCL:
      return Status::Ok();
    default:
      return Status(ACLNN_ERR_PARAM_INVALID,
                    msg::InvalidArgument(api, arg, "format ND, NCHW, NHWC, HWCN, NDHWC, NCDHW or NCL",
                                         "format " + std::to_string(tensor.format)));
  }
}

// The shape checks both gradients share, in CANN's order: ranks, target broadcasting with self, gradOutput
// broadcasting into their broadcast without enlarging it, out (out_arg) with the shape of `owner` (self or target,
// owner_arg), then ours: the broadcast's element count (other_arg names the other input), and the layouts. A
// broadcast larger than the owner is summed back to its shape (pointwise::PlanBackwardSummedToOut).
Status CheckGradientShapes(const char* api, const BackwardArgs& a, const char* out_arg, const aclTensor& owner,
                           const char* owner_arg, const char* other_arg) {
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.out, out_arg));
  OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsWith(api, *a.target, "target", a.self->view_dims, "self's shape"));
  const std::vector<int64_t> shape = BroadcastShape({a.self, a.target});
  OPENACLNN_RETURN_IF_ERROR(
      CheckBroadcastsWith(api, *a.grad_output, "gradOutput", shape, "the broadcast of self and target"));
  if (BroadcastShape({a.grad_output, a.self, a.target}) != shape) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, "gradOutput",
                                       "a shape that broadcasts into the broadcast of self and target " +
                                           msg::ShapeText(shape.data(), static_cast<int64_t>(shape.size())),
                                       "shape " + msg::ShapeText(a.grad_output->view_dims.data(),
                                                                 a.grad_output->rank())));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckShapeIs(api, *a.out, out_arg, owner.view_dims, Phrase(owner_arg, "'s shape", {})));
  OPENACLNN_RETURN_IF_ERROR(CheckShapeCount(api, shape, other_arg));
  if (a.out->empty()) {
    return Status::Ok();  // Nothing is read or written.
  }
  if (a.grad_output->empty() || a.self->empty() || a.target->empty()) {
    return CheckWriteLayout(api, *a.out, out_arg);  // An empty broadcast: out is filled with zeros, nothing read.
  }
  OPENACLNN_RETURN_IF_ERROR(
      CheckReadLayouts(api, {{"gradOutput", a.grad_output}, {"self", a.self}, {"target", a.target}}));
  return CheckWriteLayout(api, *a.out, out_arg);
}

Status ValidateBackward(const BackwardArgs& a) {
  constexpr const char* kApi = kBackwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckCastableFromSelf(kApi, "out", *a.out, *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "out"));
  return CheckGradientShapes(kApi, a, "out", *a.self, "self", "target");
}

Status ValidateTargetBackward(const BackwardArgs& a) {
  constexpr const char* kApi = kTargetBackwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "gradTarget"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckCastableFromSelf(kApi, "gradTarget", *a.out, *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "gradTarget"));
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(kApi, *a.out, "gradTarget", *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckPlainFormat(kApi, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckPlainFormat(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckPlainFormat(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckPlainFormat(kApi, *a.out, "gradTarget"));
  return CheckGradientShapes(kApi, a, "gradTarget", *a.target, "target", "self");
}

// The gradients' factor: 1 / numel(broadcast) for mean, 1 / its first dimension for batchmean (1 for 0-D), 1 for
// none, sum and every other value (CANN reads unknown reductions as none).
float GradientScale(const BackwardArgs& a) {
  const std::vector<int64_t> shape = BroadcastShape({a.self, a.target});
  if (a.reduction == kBatchMean) {
    return MeanScale(static_cast<int64_t>(Reduction::kMean), shape.empty() ? 1 : shape[0]);
  }
  return MeanScale(a.reduction, ElementCount(shape));
}

}  // namespace

Status ForwardGetWorkspaceSize(const ForwardArgs& args, bool log_target, uint64_t* workspace_size,
                               aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kForwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateForward(args));
  const bool batch_mean = args.reduction == kBatchMean;
  // An empty input (whose shapes CANN does not check) is handed to the engine as the only operand, so the engine
  // sees an empty broadcast: nothing for none, NaN or 0 for the reductions.
  const bool empty = args.self->empty() || args.target->empty();
  const aclTensor* empty_input = args.self->empty() ? args.self : args.target;
  ForwardCall call{kForwardPhase2Api, empty ? empty_input : args.self, empty ? empty_input : args.target,
                   batch_mean ? static_cast<int64_t>(Reduction::kMean) : args.reduction, args.out, &KlDivKernels()};
  call.params.log_target = log_target;
  if (batch_mean) {
    // The broadcast's first dimension (1 for 0-D). An empty input divides its sum 0 by self's first dimension, as
    // CANN does (NaN where that is 0).
    const std::vector<int64_t> dims = empty ? args.self->view_dims : BroadcastShape({args.self, args.target});
    call.mean_divisor = static_cast<double>(dims.empty() ? 1 : dims[0]);
  }
  return FinishPhase1(kForwardPhase2Api, PlanForward(call), workspace_size, executor);
}

Status BackwardGetWorkspaceSize(const BackwardArgs& args, bool log_target, uint64_t* workspace_size,
                                aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kBackwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBackward(args));
  BackwardCall call{kBackwardPhase2Api, args.grad_output, args.self, args.target, GradientScale(args), args.out,
                    &KlDivKernels()};
  call.params.log_target = log_target;
  return FinishPhase1(kBackwardPhase2Api, PlanBackwardSummedToOut(call), workspace_size, executor);
}

Status TargetBackwardGetWorkspaceSize(const BackwardArgs& args, bool log_target, uint64_t* workspace_size,
                                      aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kTargetBackwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateTargetBackward(args));
  BackwardCall call{kTargetBackwardPhase2Api, args.grad_output, args.self, args.target, GradientScale(args),
                    args.out, &kl_div_target::KlDivTargetKernels()};
  call.params.log_target = log_target;
  call.out_arg = "gradTarget";
  return FinishPhase1(kTargetBackwardPhase2Api, PlanBackwardSummedToOut(call), workspace_size, executor);
}

}  // namespace openaclnn::kl_div
