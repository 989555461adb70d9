#include "ops/nll_loss2d/nll_loss2d.h"

#include "core/reduction.h"
#include "framework/two_phase.h"
#include "ops/class_index/class_checks.h"
#include "ops/nll_loss/nll_loss.h"
#include "ops/nll_loss/nll_loss_validate.h"

namespace openaclnn::nll_loss2d {
namespace {

// CANN's order: self's list, weight like self, out and totalWeightOut castable from self, target's list.
Status CheckDtypes(const NllLoss2dArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckLossFloat(kPhase1Api, "self", *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckSameDtypeAsSelf(kPhase1Api, "weight", *a.weight, *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckCastableFromSelf(kPhase1Api, "out", *a.out, *a.self));
  OPENACLNN_RETURN_IF_ERROR(
      class_index::CheckCastableFromSelf(kPhase1Api, "totalWeightOut", *a.total_weight_out, *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckClassTargetDtype(kPhase1Api, *a.target));
  // CANN accepts any castable output type; we compute the three float types (docs/nll_loss2d.md).
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckLossFloat(kPhase1Api, "out", *a.out));
  return class_index::CheckLossFloat(kPhase1Api, "totalWeightOut", *a.total_weight_out);
}

// CANN's order: self 4-D, weight (C), target 3-D, target (N, H, W) of self, out, totalWeightOut.
Status CheckShapes(const NllLoss2dArgs& a) {
  const aclTensor& self = *a.self;
  const aclTensor& target = *a.target;
  if (self.rank() != 4) {
    return class_index::InvalidShape(kPhase1Api, "self", "a 4-D (N, C, H, W) tensor", self);
  }
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckClassWeight(kPhase1Api, *a.weight, self));
  if (target.rank() != 3) {
    return class_index::InvalidShape(kPhase1Api, "target", "a 3-D (N, H, W) tensor", target);
  }
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckTargetShape(kPhase1Api, target, self));
  const bool per_position = a.reduction == static_cast<int64_t>(Reduction::kNone);
  // CANN takes any rank for the one-element out of mean and sum.
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckLikeTargetOrOne(kPhase1Api, "out", *a.out, per_position, target, -1));
  return class_index::CheckOneElement(kPhase1Api, "totalWeightOut", *a.total_weight_out);
}

}  // namespace

Status ValidateNllLoss2d(const NllLoss2dArgs& a) {
  return nll_forward::ValidateNllForward(kPhase1Api, a, CheckDtypes, CheckShapes);
}

Status GetWorkspaceSize(const NllLoss2dArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  return nll_forward::ForwardPhase1(kPhase1Api, kPhase2Api, ValidateNllLoss2d, args, workspace_size, executor);
}

}  // namespace openaclnn::nll_loss2d
