#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_validate.h"

#include <string>

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "core/tensor.h"
#include "core/tensor_checks.h"
#include "iter/broadcast.h"
#include "iter/loop_plan.h"

namespace openaclnn::bce {
namespace {

static_assert(kMaxRank <= iter::kMaxLoopDims, "the iteration engine must cover every accepted rank");

constexpr const char* kFloatTypes = "FLOAT, FLOAT16, BFLOAT16";

Status Invalid(std::string_view arg, std::string_view expected, std::string_view got) {
  return Status(ACLNN_ERR_PARAM_INVALID, msg::InvalidArgument(kPhase1Api, arg, expected, got));
}

std::string ShapeOf(const aclTensor& tensor) {
  return "shape " + msg::ShapeText(tensor.view_dims.data(), tensor.rank());
}

Status CheckNotNull(const void* pointer, std::string_view arg) {
  if (pointer == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::NullArgument(kPhase1Api, arg));
  }
  return Status::Ok();
}

Status CheckRank(const aclTensor& tensor, std::string_view arg) {
  if (tensor.rank() > kMaxRank) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::RankTooLarge(kPhase1Api, arg, tensor.view_dims.data(), tensor.rank(), kMaxRank));
  }
  return Status::Ok();
}

// CANN rank-checks only out here; the other tensors are limited by the document too, and a larger one could only
// pass CANN's later broadcast check when self is empty (then nothing is computed). We reject them all, out first.
Status CheckRanks(const BceBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckRank(*a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(*a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(*a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(*a.target, "target"));
  if (a.weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckRank(*a.weight, "weightOptional"));
  }
  return Status::Ok();
}

Status CheckDtype(const aclTensor& tensor, std::string_view arg) {
  if (!IsLossFloatType(tensor.dtype())) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::UnsupportedDtype(kPhase1Api, arg, tensor.dtype(), kFloatTypes));
  }
  return Status::Ok();
}

// CANN's order: self, gradOutput, target, out, then the weight if given.
Status CheckDtypes(const BceBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckDtype(*a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckDtype(*a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckDtype(*a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckDtype(*a.out, "out"));
  if (a.weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckDtype(*a.weight, "weightOptional"));
  }
  return Status::Ok();
}

// gradOutput and out formats are not compared, as in CANN.
Status CheckFormats(const BceBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckSameFormat(kPhase1Api, "target", *a.target, "self", *a.self));
  if (a.weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckSameFormat(kPhase1Api, "weightOptional", *a.weight, "self", *a.self));
  }
  return Status::Ok();
}

Status CheckBroadcastsToSelf(const aclTensor& tensor, std::string_view arg, const aclTensor& self) {
  if (iter::BroadcastsTo(tensor.view_dims.data(), tensor.rank(), self.view_dims.data(), self.rank())) {
    return Status::Ok();
  }
  const std::string self_shape = msg::ShapeText(self.view_dims.data(), self.rank());
  if (self.rank() == 0) {
    return Invalid(arg, "shape [] (self is a scalar, so " + std::string(arg) + " must be one too)", ShapeOf(tensor));
  }
  return Invalid(arg, "a shape that broadcasts to self's shape " + self_shape, ShapeOf(tensor));
}

// Skipped entirely for an empty self, as in CANN (nothing is read or written then).
Status CheckShapes(const BceBackwardArgs& a) {
  const aclTensor& self = *a.self;
  if (a.out->view_dims != self.view_dims) {
    return Invalid("out", ShapeOf(self) + " (the shape of self)", ShapeOf(*a.out));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsToSelf(*a.target, "target", self));
  if (a.weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsToSelf(*a.weight, "weightOptional", self));
  }
  return CheckBroadcastsToSelf(*a.grad_output, "gradOutput", self);
}

Status CheckLayouts(const BceBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "gradOutput", *a.grad_output));
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "self", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "target", *a.target));
  if (a.weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "weightOptional", *a.weight));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "out", *a.out));
  OPENACLNN_RETURN_IF_ERROR(CheckNoSelfOverlap(kPhase1Api, "out", *a.out));
  return CheckTensorsInLiveMemory(kPhase1Api, {{"gradOutput", a.grad_output}, {"self", a.self}, {"target", a.target},
                                               {"weightOptional", a.weight}, {"out", a.out}});  // Checked memory mode.
}

}  // namespace

Status ValidateBceBackward(const BceBackwardArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckRanks(a));
  OPENACLNN_RETURN_IF_ERROR(CheckDtypes(a));
  OPENACLNN_RETURN_IF_ERROR(CheckFormats(a));
  if (!a.self->empty()) {
    OPENACLNN_RETURN_IF_ERROR(CheckShapes(a));
  }
  if (!IsValidReduction(a.reduction)) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::BadReduction(kPhase1Api, a.reduction));
  }
  // CANN's last step (promote self, target, gradOutput and weight, then require a cast to out's type) cannot fail
  // once every type is one of the three float types: they promote among themselves and cast to each other. The
  // promoted type does not change the result either: every input converts to float exactly, the arithmetic is
  // float, and the result is rounded once to out's type (DECISIONS 4).
  if (a.self->empty()) {
    return Status::Ok();  // Nothing will be read or written.
  }
  return CheckLayouts(a);
}

}  // namespace openaclnn::bce
