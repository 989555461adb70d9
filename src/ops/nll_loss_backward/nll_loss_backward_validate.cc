#include "ops/nll_loss_backward/nll_loss_backward_validate.h"

#include <string>

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "core/tensor.h"
#include "core/tensor_checks.h"

namespace openaclnn::nll {
namespace {

Status Invalid(std::string_view arg, std::string_view expected, std::string_view got) {
  return Status(ACLNN_ERR_PARAM_INVALID, msg::InvalidArgument(kPhase1Api, arg, expected, got));
}

std::string DimsOf(const aclTensor& tensor) { return msg::ShapeText(tensor.view_dims.data(), tensor.rank()); }

std::string ShapeOf(const aclTensor& tensor) { return "shape " + DimsOf(tensor); }

Status CheckNotNull(const void* pointer, std::string_view arg) {
  if (pointer == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::NullArgument(kPhase1Api, arg));
  }
  return Status::Ok();
}

Status CheckSameDtype(const aclTensor& tensor, std::string_view arg, const aclTensor& self) {
  if (tensor.dtype() != self.dtype()) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::DtypeMismatch(kPhase1Api, arg, tensor.dtype(), "self", self.dtype()));
  }
  return Status::Ok();
}

Status CheckDtypes(const NllLossBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckSameDtype(*a.weight, "weight", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckSameDtype(*a.grad_output, "gradOutput", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckSameDtype(*a.total_weight, "totalWeight", *a.self));
  if (!CanCast(a.self->dtype(), a.out->dtype())) {
    return Invalid("out", std::string("a data type that ") + DataTypeName(a.self->dtype()) + " (self) can be cast to",
                   std::string("data type ") + DataTypeName(a.out->dtype()));
  }
  if (!IsLossFloatType(a.self->dtype())) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::UnsupportedDtype(kPhase1Api, "self", a.self->dtype(), "FLOAT, FLOAT16, BFLOAT16"));
  }
  const aclDataType target = a.target->dtype();
  if (target != ACL_INT64 && target != ACL_UINT8 && target != ACL_INT32) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::UnsupportedDtype(kPhase1Api, "target", target, "INT64, UINT8, INT32"));
  }
  // CANN accepts any castable out type; we compute the three float types (docs/nll_loss_backward.md).
  if (!IsLossFloatType(a.out->dtype())) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::UnsupportedDtype(kPhase1Api, "out", a.out->dtype(), "FLOAT, FLOAT16, BFLOAT16"));
  }
  return Status::Ok();
}

Status CheckShapes(const NllLossBackwardArgs& a) {
  const aclTensor& self = *a.self;
  const aclTensor& target = *a.target;
  if (self.rank() != 1 && self.rank() != 2) {
    return Invalid("self", "a 1-D (C) or 2-D (N, C) tensor", ShapeOf(self));
  }
  if (target.rank() > 1) {
    return Invalid("target", "a 0-D or 1-D tensor (multi-target is not supported)", ShapeOf(target));
  }
  // The document pairs self (C) with target () and self (N, C) with target (N); CANN's own check is looser.
  if (self.rank() == 1 && target.rank() != 0) {
    return Invalid("target", "shape [] for a 1-D self " + DimsOf(self), ShapeOf(target));
  }
  if (self.rank() == 2 && (target.rank() != 1 || target.view_dims[0] != self.view_dims[0])) {
    return Invalid("target", "shape [" + std::to_string(self.view_dims[0]) + "] (N of self " +
                                 DimsOf(self) + ")",
                   ShapeOf(target));
  }
  const int64_t classes = self.view_dims[self.rank() - 1];
  const aclTensor& weight = *a.weight;
  if (weight.rank() != 1 || weight.view_dims[0] != classes) {
    return Invalid("weight", "shape [" + std::to_string(classes) + "] (one weight per class of self)",
                   ShapeOf(weight));
  }
  if (a.total_weight->numel() != 1) {
    return Invalid("totalWeight", "exactly one element (shape [1] or [])", ShapeOf(*a.total_weight));
  }
  const aclTensor& grad = *a.grad_output;
  if (a.reduction == static_cast<int64_t>(Reduction::kNone) && self.rank() == 2) {
    if (grad.rank() != 1 || grad.view_dims[0] != self.view_dims[0]) {
      return Invalid("gradOutput",
                     "shape [" + std::to_string(self.view_dims[0]) + "] (N of self) for reduction 0 (none)",
                     ShapeOf(grad));
    }
  } else if (grad.rank() > 1 || grad.numel() != 1) {
    return Invalid("gradOutput", "one element (shape [] or [1]) for reduction mean/sum or a 1-D self",
                   ShapeOf(grad));
  }
  if (a.out->view_dims != self.view_dims) {
    return Invalid("out", ShapeOf(self) + " (the shape of self)", ShapeOf(*a.out));
  }
  return Status::Ok();
}

Status CheckLayouts(const NllLossBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "gradOutput", *a.grad_output));
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "target", *a.target));
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "weight", *a.weight));
  if (a.reduction == static_cast<int64_t>(Reduction::kMean)) {
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "totalWeight", *a.total_weight));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "out", *a.out));
  OPENACLNN_RETURN_IF_ERROR(CheckNoSelfOverlap(kPhase1Api, "out", *a.out));
  // Checked memory mode (totalWeight is only read for mean).
  const bool mean = a.reduction == static_cast<int64_t>(Reduction::kMean);
  return CheckTensorsInLiveMemory(kPhase1Api, {{"gradOutput", a.grad_output}, {"target", a.target},
                                               {"weight", a.weight}, {"totalWeight", mean ? a.total_weight : nullptr},
                                               {"out", a.out}});
}

}  // namespace

Status ValidateNllLossBackward(const NllLossBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.weight, "weight"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.total_weight, "totalWeight"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckDtypes(a));
  if (!IsValidReduction(a.reduction)) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::BadReduction(kPhase1Api, a.reduction));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckShapes(a));
  if (a.self->empty()) {
    return Status::Ok();  // Nothing will be read or written.
  }
  return CheckLayouts(a);
}

}  // namespace openaclnn::nll
