#include "ops/nll_loss_backward/nll_loss_backward_validate.h"

#include <string>

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "core/tensor.h"
#include "core/tensor_checks.h"
#include "ops/class_index/class_checks.h"

namespace openaclnn::nll {
namespace {

Status CheckDtypes(const NllLossBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckSameDtypeAsSelf(kPhase1Api, "weight", *a.weight, *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckSameDtypeAsSelf(kPhase1Api, "gradOutput", *a.grad_output, *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckSameDtypeAsSelf(kPhase1Api, "totalWeight", *a.total_weight, *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckCastableFromSelf(kPhase1Api, "out", *a.out, *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckLossFloat(kPhase1Api, "self", *a.self));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckClassTargetDtype(kPhase1Api, *a.target));
  // CANN accepts any castable out type; we compute the three float types (docs/nll_loss_backward.md).
  return class_index::CheckLossFloat(kPhase1Api, "out", *a.out);
}

Status CheckShapes(const NllLossBackwardArgs& a) {
  const aclTensor& self = *a.self;
  const aclTensor& target = *a.target;
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckRowsSelfTargetWeight(kPhase1Api, self, target, *a.weight));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckOneElement(kPhase1Api, "totalWeight", *a.total_weight));
  const bool per_position = a.reduction == static_cast<int64_t>(Reduction::kNone);
  OPENACLNN_RETURN_IF_ERROR(
      class_index::CheckLikeTargetOrOne(kPhase1Api, "gradOutput", *a.grad_output, per_position, target, 1));
  if (a.out->view_dims != self.view_dims) {
    return class_index::InvalidShape(kPhase1Api, "out", "shape " + class_index::DimsOf(self) + " (the shape of self)",
                                     *a.out);
  }
  return Status::Ok();
}

}  // namespace

Status CheckNllBackwardLayouts(std::string_view api, const NllLossBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "gradOutput", *a.grad_output));
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "target", *a.target));
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "weight", *a.weight));
  if (a.reduction == static_cast<int64_t>(Reduction::kMean)) {
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "totalWeight", *a.total_weight));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "out", *a.out));
  OPENACLNN_RETURN_IF_ERROR(CheckNoSelfOverlap(api, "out", *a.out));
  // Checked memory mode (totalWeight is only read for mean).
  const bool mean = a.reduction == static_cast<int64_t>(Reduction::kMean);
  return CheckTensorsInLiveMemory(api, {{"gradOutput", a.grad_output}, {"target", a.target},
                                               {"weight", a.weight}, {"totalWeight", mean ? a.total_weight : nullptr},
                                               {"out", a.out}});
}


Status ValidateNllLossBackward(const NllLossBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(kPhase1Api, a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(kPhase1Api, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(kPhase1Api, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(kPhase1Api, a.weight, "weight"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(kPhase1Api, a.total_weight, "totalWeight"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(kPhase1Api, a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckDtypes(a));
  if (!IsValidReduction(a.reduction)) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::BadReduction(kPhase1Api, a.reduction));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckShapes(a));
  if (a.self->empty()) {
    return Status::Ok();  // Nothing will be read or written.
  }
  return CheckNllBackwardLayouts(kPhase1Api, a);
}

}  // namespace openaclnn::nll
