// CANN's check order (POINTWISE-LOSS-FACTS 3, 4 and 5), then the plan of the pointwise engine.
#include "ops/bce_with_logits/bce_with_logits.h"

#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "core/tensor_checks.h"
#include "framework/two_phase.h"
#include "ops/bce_with_logits/bce_with_logits_kernels.h"
#include "ops/bce_with_logits/bce_with_logits_term.h"
#include "ops/pointwise/checks.h"
#include "ops/pointwise/engine.h"
#include "ops/pointwise/mean_scale.h"

namespace openaclnn::bce_with_logits {
namespace {

using namespace pointwise;  // NOLINT(build/namespaces): the check helpers read as CANN's check list.

// An optional operand: its data type (CANN casts it to the computation's type later; we read FLOAT, FLOAT16 and
// BFLOAT16 only) and rank.
Status CheckOptionalType(const char* api, const aclTensor* tensor, const char* arg) {
  return tensor == nullptr ? Status::Ok() : CheckFloatType(api, *tensor, arg);
}
Status CheckOptionalRank(const char* api, const aclTensor* tensor, const char* arg) {
  return tensor == nullptr ? Status::Ok() : CheckRank(api, *tensor, arg);
}
// weight and posWeight broadcast to self's shape: they may repeat along self's dimensions, never add to them.
Status CheckOptionalBroadcast(const char* api, const aclTensor* tensor, const char* arg, const aclTensor& self) {
  return tensor == nullptr ? Status::Ok() : CheckBroadcastsTo(api, *tensor, arg, self.view_dims, "self's shape");
}

// The inputs phase 2 reads, optional ones where given.
Status CheckInputLayouts(const char* api, const aclTensor* first, const char* first_arg, const aclTensor* self,
                         const aclTensor* target, const aclTensor* weight, const aclTensor* pos_weight) {
  if (first != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckReadLayouts(api, {{first_arg, first}}));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckReadLayouts(api, {{"self", self}, {"target", target}}));
  if (weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckReadLayouts(api, {{"weightOptional", weight}}));
  }
  if (pos_weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckReadLayouts(api, {{"posWeightOptional", pos_weight}}));
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
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(kApi, *a.out, "out", *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalType(kApi, a.weight, "weightOptional"));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalType(kApi, a.pos_weight, "posWeightOptional"));
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(kApi, a.reduction));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalRank(kApi, a.weight, "weightOptional"));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalRank(kApi, a.pos_weight, "posWeightOptional"));
  OPENACLNN_RETURN_IF_ERROR(CheckShapeIs(kApi, *a.target, "target", a.self->view_dims, "self's shape"));
  const bool empty = a.self->empty();
  if (!empty) {
    OPENACLNN_RETURN_IF_ERROR(CheckOptionalBroadcast(kApi, a.weight, "weightOptional", *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckOptionalBroadcast(kApi, a.pos_weight, "posWeightOptional", *a.self));
  }
  const bool reduced = a.reduction != static_cast<int64_t>(Reduction::kNone);
  if (reduced) {
    // CANN only warns when out is not 0-D; it writes one value, so out must have exactly one element here.
    if (a.out->rank() > kMaxRank || a.out->numel() != 1) {
      return Status(ACLNN_ERR_PARAM_INVALID,
                    msg::InvalidArgument(kApi, "out", "one element (shape [] or [1]) for reduction 1 (mean) or 2 (sum)",
                                         "shape " + msg::ShapeText(a.out->view_dims.data(), a.out->rank())));
    }
  } else if (!empty) {
    OPENACLNN_RETURN_IF_ERROR(CheckShapeIs(kApi, *a.out, "out", a.self->view_dims, "self's shape"));
  }
  if (!empty) {
    OPENACLNN_RETURN_IF_ERROR(CheckInputLayouts(kApi, nullptr, "", a.self, a.target, a.weight, a.pos_weight));
  }
  // An empty self writes nothing for none, and the NaN (mean) or 0 (sum) otherwise.
  return !empty || reduced ? CheckWriteLayout(kApi, *a.out, "out") : Status::Ok();
}

// Both backwards: CANN's sequence with `out_arg` naming the output (out or gradTarget).
Status ValidateBackward(const char* api, const BackwardArgs& a, const char* out_arg) {
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(api, a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(api, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(api, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(api, a.out, out_arg));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalRank(api, a.weight, "weightOptional"));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalRank(api, a.pos_weight, "posWeightOptional"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.out, out_arg));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(api, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(api, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(api, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalType(api, a.weight, "weightOptional"));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalType(api, a.pos_weight, "posWeightOptional"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(api, *a.out, out_arg));
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(api, *a.out, out_arg, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckSameFormat(api, "target", *a.target, "self", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckSameFormat(api, out_arg, *a.out, "self", *a.self));
  const bool empty = a.self->empty();
  if (!empty) {
    OPENACLNN_RETURN_IF_ERROR(CheckShapeIs(api, *a.target, "target", a.self->view_dims, "self's shape"));
    OPENACLNN_RETURN_IF_ERROR(CheckShapeIs(api, *a.out, out_arg, a.self->view_dims, "self's shape"));
    OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsTo(api, *a.grad_output, "gradOutput", a.self->view_dims, "self's shape"));
    OPENACLNN_RETURN_IF_ERROR(CheckOptionalBroadcast(api, a.weight, "weightOptional", *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckOptionalBroadcast(api, a.pos_weight, "posWeightOptional", *a.self));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(api, a.reduction));
  if (empty) {
    return Status::Ok();  // Nothing is read or written.
  }
  OPENACLNN_RETURN_IF_ERROR(CheckInputLayouts(api, a.grad_output, "gradOutput", a.self, a.target, a.weight,
                                              a.pos_weight));
  return CheckWriteLayout(api, *a.out, out_arg);
}

// weight and posWeight as the term's extra operands; an absent one is 1.
ExtraOperands ExtrasOf(const aclTensor* weight, const aclTensor* pos_weight) {
  ExtraOperands extras;
  extras.operand[kWeight] = {weight, 1.0f};
  extras.operand[kPosWeight] = {pos_weight, 1.0f};
  extras.count = 2;
  return extras;
}

// The mean's factor 1 / numel(self), computed in float as CANN's tiling does; 1 for none and sum.
float ScaleOf(const BackwardArgs& a) {
  return MeanScale(a.reduction, a.self->numel(), 1.0f, ScaleArithmetic::kFloat);
}

Status PlanBackwardOf(const char* run_api, const BackwardArgs& args, const TermKernels& kernels,
                      const ExtraOperands& extras, uint64_t* workspace_size, aclOpExecutor** executor) {
  if (args.self->empty()) {
    // Validation skipped the shape checks (as CANN does), so the other operands and out may be larger than self:
    // the engine would walk out's shape over self's empty storage. An empty self reads and writes nothing.
    return FinishPhase1(run_api, Prepared{Status::Ok(), nullptr}, workspace_size, executor);
  }
  BackwardCall call{run_api, args.grad_output, args.self, args.target, ScaleOf(args), args.out, &kernels};
  call.extras = extras;
  return FinishPhase1(run_api, PlanBackward(call), workspace_size, executor);
}

}  // namespace

Status ForwardGetWorkspaceSize(const ForwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kForwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateForward(args));
  ForwardCall call{kForwardPhase2Api, args.self, args.target, args.reduction, args.out, &BceWithLogitsKernels()};
  call.extras = ExtrasOf(args.weight, args.pos_weight);
  return FinishPhase1(kForwardPhase2Api, PlanForward(call), workspace_size, executor);
}

Status BackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kBackwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBackward(kBackwardPhase1Api, args, "out"));
  return PlanBackwardOf(kBackwardPhase2Api, args, BceWithLogitsKernels(), ExtrasOf(args.weight, args.pos_weight),
                        workspace_size, executor);
}

Status TargetBackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kTargetBackwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBackward(kTargetBackwardPhase1Api, args, "gradTarget"));
  if (args.pos_weight == nullptr) {
    // -x * w * g (* s): no exp or log to evaluate (PyTorch's form without posWeight).
    ExtraOperands weight_only;
    weight_only.operand[0] = {args.weight, 1.0f};
    weight_only.count = 1;
    return PlanBackwardOf(kTargetBackwardPhase2Api, args, BceWithLogitsTargetNoPosWeightKernels(), weight_only,
                          workspace_size, executor);
  }
  return PlanBackwardOf(kTargetBackwardPhase2Api, args, BceWithLogitsTargetKernels(),
                        ExtrasOf(args.weight, args.pos_weight), workspace_size, executor);
}

}  // namespace openaclnn::bce_with_logits
