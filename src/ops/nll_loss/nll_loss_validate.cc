#include "ops/nll_loss/nll_loss_validate.h"

#include <string>

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "core/tensor.h"
#include "core/tensor_checks.h"

namespace openaclnn::nll_forward {
namespace {

constexpr const char* kFloatTypes = "FLOAT, FLOAT16, BFLOAT16";

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

Status CheckCastableFromSelf(const aclTensor& tensor, std::string_view arg, const aclTensor& self) {
  if (!CanCast(self.dtype(), tensor.dtype())) {
    return Invalid(arg, std::string("a data type that ") + DataTypeName(self.dtype()) + " (self) can be cast to",
                   std::string("data type ") + DataTypeName(tensor.dtype()));
  }
  return Status::Ok();
}

Status CheckFloatOutput(const aclTensor& tensor, std::string_view arg) {
  if (!IsLossFloatType(tensor.dtype())) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::UnsupportedDtype(kPhase1Api, arg, tensor.dtype(), kFloatTypes));
  }
  return Status::Ok();
}

// CANN's order: weight like self, out and totalWeightOut castable from self, self's list, target's list.
Status CheckDtypes(const NllLossArgs& a) {
  if (a.weight->dtype() != a.self->dtype()) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::DtypeMismatch(kPhase1Api, "weight", a.weight->dtype(), "self", a.self->dtype()));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckCastableFromSelf(*a.out, "out", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckCastableFromSelf(*a.total_weight_out, "totalWeightOut", *a.self));
  if (!IsLossFloatType(a.self->dtype())) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::UnsupportedDtype(kPhase1Api, "self", a.self->dtype(), kFloatTypes));
  }
  const aclDataType target = a.target->dtype();
  if (target != ACL_INT64 && target != ACL_UINT8 && target != ACL_INT32) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::UnsupportedDtype(kPhase1Api, "target", target, "INT64, UINT8, INT32"));
  }
  // CANN accepts any castable output type; we compute the three float types (docs/nll_loss.md).
  OPENACLNN_RETURN_IF_ERROR(CheckFloatOutput(*a.out, "out"));
  return CheckFloatOutput(*a.total_weight_out, "totalWeightOut");
}

Status CheckShapes(const NllLossArgs& a) {
  const aclTensor& self = *a.self;
  const aclTensor& target = *a.target;
  if (self.rank() != 1 && self.rank() != 2) {
    return Invalid("self", "a 1-D (C) or 2-D (N, C) tensor", ShapeOf(self));
  }
  if (target.rank() > 1) {
    return Invalid("target", "a 0-D or 1-D tensor (multi-target is not supported)", ShapeOf(target));
  }
  if (self.rank() == 1 && target.rank() != 0) {
    return Invalid("target", "shape [] for a 1-D self " + DimsOf(self), ShapeOf(target));
  }
  if (self.rank() == 2 && (target.rank() != 1 || target.view_dims[0] != self.view_dims[0])) {
    return Invalid("target", "shape [" + std::to_string(self.view_dims[0]) + "] (N of self " + DimsOf(self) + ")",
                   ShapeOf(target));
  }
  const int64_t classes = self.view_dims[self.rank() - 1];
  const aclTensor& weight = *a.weight;
  if (weight.rank() != 1 || weight.view_dims[0] != classes) {
    return Invalid("weight", "shape [" + std::to_string(classes) + "] (one weight per class of self)",
                   ShapeOf(weight));
  }
  const aclTensor& out = *a.out;
  if (a.reduction == static_cast<int64_t>(Reduction::kNone) && self.rank() == 2) {
    if (out.rank() != 1 || out.view_dims[0] != self.view_dims[0]) {
      return Invalid("out", "shape [" + std::to_string(self.view_dims[0]) + "] (N of self) for reduction 0 (none)",
                     ShapeOf(out));
    }
  } else if (out.rank() > 1 || out.numel() != 1) {
    return Invalid("out", "one element (shape [] or [1]) for reduction mean/sum or a 1-D self", ShapeOf(out));
  }
  if (a.total_weight_out->numel() != 1) {
    return Invalid("totalWeightOut", "exactly one element (shape [1] or [])", ShapeOf(*a.total_weight_out));
  }
  // With no classes every target is out of bounds; CANN says so in phase 1, since nothing is computed later.
  if (classes == 0 && target.numel() > 0) {
    return Invalid("target", "no class index: self " + DimsOf(self) + " has no classes",
                   std::to_string(target.numel()) + " target value(s) (out of bounds)");
  }
  return Status::Ok();
}

// Only what phase 2 touches: an empty self with reduction none writes nothing; with mean or sum it writes the
// two one-element outputs and reads nothing.
Status CheckLayouts(const NllLossArgs& a) {
  const bool reduced = a.reduction != static_cast<int64_t>(Reduction::kNone);
  if (!a.self->empty()) {
    // N x C beyond int64 is refused like every other product beyond int64, even though only N rows are visited.
    OPENACLNN_RETURN_IF_ERROR(CheckElementCount(kPhase1Api, "self", *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "self", *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "target", *a.target));
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "weight", *a.weight));
  } else if (!reduced) {
    return Status::Ok();
  }
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "out", *a.out));
  OPENACLNN_RETURN_IF_ERROR(CheckNoSelfOverlap(kPhase1Api, "out", *a.out));
  if (reduced) {
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "totalWeightOut", *a.total_weight_out));
  }
  const bool reads = !a.self->empty();  // Checked memory mode: only what phase 2 touches.
  return CheckTensorsInLiveMemory(kPhase1Api, {{"self", a.self}, {"target", reads ? a.target : nullptr},
                                               {"weight", reads ? a.weight : nullptr}, {"out", a.out},
                                               {"totalWeightOut", reduced ? a.total_weight_out : nullptr}});
}

}  // namespace

Status ValidateNllLoss(const NllLossArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.weight, "weight"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.total_weight_out, "totalWeightOut"));
  OPENACLNN_RETURN_IF_ERROR(CheckDtypes(a));
  if (!IsValidReduction(a.reduction)) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::BadReduction(kPhase1Api, a.reduction));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckShapes(a));
  return CheckLayouts(a);
}

}  // namespace openaclnn::nll_forward
