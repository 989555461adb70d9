#include "ops/nll_loss/nll_loss_validate.h"

#include <string>

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "core/tensor.h"
#include "core/tensor_checks.h"
#include "ops/class_index/class_checks.h"

namespace openaclnn::nll_forward {
namespace {

Status Invalid(std::string_view arg, std::string_view expected, std::string_view got) {
  return Status(ACLNN_ERR_PARAM_INVALID, msg::InvalidArgument(kPhase1Api, arg, expected, got));
}

// CANN's order: weight like self, out and totalWeightOut castable from self, self's list, target's list.
Status CheckDtypes(const NllLossArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckSameDtypeAsSelf(kPhase1Api, "weight", *a.weight, *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckCastableFromSelf(kPhase1Api, "out", *a.out, *a.self));
  OPENACLNN_RETURN_IF_ERROR(
      class_index::CheckCastableFromSelf(kPhase1Api, "totalWeightOut", *a.total_weight_out, *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckLossFloat(kPhase1Api, "self", *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckClassTargetDtype(kPhase1Api, *a.target));
  // CANN accepts any castable output type; we compute the three float types (docs/nll_loss.md).
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckLossFloat(kPhase1Api, "out", *a.out));
  return class_index::CheckLossFloat(kPhase1Api, "totalWeightOut", *a.total_weight_out);
}

Status CheckShapes(const NllLossArgs& a) {
  const aclTensor& self = *a.self;
  const aclTensor& target = *a.target;
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckRowsSelfTargetWeight(kPhase1Api, self, target, *a.weight));
  const bool per_position = a.reduction == static_cast<int64_t>(Reduction::kNone);
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckLikeTargetOrOne(kPhase1Api, "out", *a.out, per_position, target, 1));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckOneElement(kPhase1Api, "totalWeightOut", *a.total_weight_out));
  const int64_t classes = self.view_dims[self.rank() - 1];
  // With no classes every target is out of bounds; CANN says so in phase 1, since nothing is computed later.
  if (classes == 0 && target.numel() > 0) {
    return Invalid("target", "no class index: self " + class_index::DimsOf(self) + " has no classes",
                   std::to_string(target.numel()) + " target value(s) (out of bounds)");
  }
  return Status::Ok();
}

}  // namespace

// Only what phase 2 touches: an empty self with reduction none writes nothing; with mean or sum it writes the
// two one-element outputs and reads nothing.
Status CheckNllLayouts(std::string_view api, const NllLossArgs& a) {
  const bool reduced = a.reduction != static_cast<int64_t>(Reduction::kNone);
  if (!a.self->empty()) {
    // N x C beyond int64 is refused like every other product beyond int64, even though only N rows are visited.
    OPENACLNN_RETURN_IF_ERROR(CheckElementCount(api, "self", *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "self", *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "target", *a.target));
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "weight", *a.weight));
  } else if (!reduced) {
    return Status::Ok();
  }
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "out", *a.out));
  OPENACLNN_RETURN_IF_ERROR(CheckNoSelfOverlap(api, "out", *a.out));
  if (reduced) {
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "totalWeightOut", *a.total_weight_out));
  }
  const bool reads = !a.self->empty();  // Checked memory mode: only what phase 2 touches.
  return CheckTensorsInLiveMemory(api, {{"self", a.self}, {"target", reads ? a.target : nullptr},
                                               {"weight", reads ? a.weight : nullptr}, {"out", a.out},
                                               {"totalWeightOut", reduced ? a.total_weight_out : nullptr}});
}


Status ValidateNllForward(std::string_view api, const NllLossArgs& a, Status (*check_dtypes)(const NllLossArgs&),
                          Status (*check_shapes)(const NllLossArgs&)) {
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.weight, "weight"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.total_weight_out, "totalWeightOut"));
  OPENACLNN_RETURN_IF_ERROR(check_dtypes(a));
  if (!IsValidReduction(a.reduction)) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::BadReduction(api, a.reduction));
  }
  OPENACLNN_RETURN_IF_ERROR(check_shapes(a));
  return CheckNllLayouts(api, a);
}

Status ValidateNllLoss(const NllLossArgs& a) { return ValidateNllForward(kPhase1Api, a, CheckDtypes, CheckShapes); }

}  // namespace openaclnn::nll_forward
