#include "ops/nll_loss2d_backward/nll_loss2d_backward.h"

#include "aclnn/opdev/op_errno.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "framework/two_phase.h"
#include "ops/class_index/class_checks.h"
#include "ops/nll_loss_backward/nll_loss_backward.h"
#include "ops/nll_loss_backward/nll_loss_backward_validate.h"

namespace openaclnn::nll_loss2d_backward {
namespace {

// CANN's order: self's list, then gradOutput, weight, out and totalWeight exactly self's type, then target's list.
Status CheckDtypes(const NllLoss2dBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckLossFloat(kPhase1Api, "self", *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckSameDtypeAsSelf(kPhase1Api, "gradOutput", *a.grad_output, *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckSameDtypeAsSelf(kPhase1Api, "weight", *a.weight, *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckSameDtypeAsSelf(kPhase1Api, "out", *a.out, *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckSameDtypeAsSelf(kPhase1Api, "totalWeight", *a.total_weight, *a.self));
  return class_index::CheckClassTargetDtype(kPhase1Api, *a.target);
}

// CANN's order: gradOutput (by reduction, against target's shape), self 4-D, target 3-D, target (N, H, W) of self,
// weight (C), out like self, totalWeight one element.
Status CheckShapes(const NllLoss2dBackwardArgs& a) {
  const aclTensor& self = *a.self;
  const aclTensor& target = *a.target;
  const bool per_position = a.reduction == static_cast<int64_t>(Reduction::kNone);
  OPENACLNN_RETURN_IF_ERROR(
      class_index::CheckLikeTargetOrOne(kPhase1Api, "gradOutput", *a.grad_output, per_position, target, 1));
  if (self.rank() != 4) {
    return class_index::InvalidShape(kPhase1Api, "self", "a 4-D (N, C, H, W) tensor", self);
  }
  if (target.rank() != 3) {
    return class_index::InvalidShape(kPhase1Api, "target", "a 3-D (N, H, W) tensor", target);
  }
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckTargetShape(kPhase1Api, target, self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckClassWeight(kPhase1Api, *a.weight, self));
  if (a.out->view_dims != self.view_dims) {
    return class_index::InvalidShape(kPhase1Api, "out", "shape " + class_index::DimsOf(self) + " (the shape of self)",
                                     *a.out);
  }
  return class_index::CheckOneElement(kPhase1Api, "totalWeight", *a.total_weight);
}

}  // namespace

Status ValidateNllLoss2dBackward(const NllLoss2dBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(kPhase1Api, a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(kPhase1Api, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(kPhase1Api, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(kPhase1Api, a.weight, "weight"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(kPhase1Api, a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(kPhase1Api, a.total_weight, "totalWeight"));
  OPENACLNN_RETURN_IF_ERROR(CheckDtypes(a));
  OPENACLNN_RETURN_IF_ERROR(CheckShapes(a));  // CANN checks shapes before the reduction here.
  if (!IsValidReduction(a.reduction)) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::BadReduction(kPhase1Api, a.reduction));
  }
  if (a.self->empty()) {
    return Status::Ok();  // Nothing will be read or written.
  }
  return nll::CheckNllBackwardLayouts(kPhase1Api, a);
}

Status GetWorkspaceSize(const NllLoss2dBackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  return nll::BackwardPhase1(kPhase1Api, kPhase2Api, ValidateNllLoss2dBackward, args, workspace_size, executor);
}

}  // namespace openaclnn::nll_loss2d_backward
