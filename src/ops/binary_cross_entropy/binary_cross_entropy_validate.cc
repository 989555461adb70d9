#include "ops/binary_cross_entropy/binary_cross_entropy_validate.h"

#include <string>

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "core/tensor.h"
#include "core/tensor_checks.h"
#include "iter/broadcast.h"
#include "iter/loop_plan.h"

namespace openaclnn::bce_forward {
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

Status CheckDtype(const aclTensor& tensor, std::string_view arg) {
  if (!IsLossFloatType(tensor.dtype())) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::UnsupportedDtype(kPhase1Api, arg, tensor.dtype(), kFloatTypes));
  }
  return Status::Ok();
}

Status CheckBroadcastsToSelf(const aclTensor& tensor, std::string_view arg, const aclTensor& self) {
  if (iter::BroadcastsTo(tensor.view_dims.data(), tensor.rank(), self.view_dims.data(), self.rank())) {
    return Status::Ok();
  }
  if (self.rank() == 0) {
    return Invalid(arg, "shape [] (self is a scalar, so " + std::string(arg) + " must be one too)", ShapeOf(tensor));
  }
  return Invalid(arg,
                 "a shape that broadcasts to self's shape " + msg::ShapeText(self.view_dims.data(), self.rank()),
                 ShapeOf(tensor));
}

// CANN's order: self, target, out, then the weight if given. CANN also requires target, weight and out to have
// self's type when a weight is given; like aclnnBinaryCrossEntropyBackward we accept any mix of the three float
// types, since every input converts to float exactly and the result is rounded once to out's type.
Status CheckDtypes(const BceArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckDtype(*a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckDtype(*a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckDtype(*a.out, "out"));
  if (a.weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckDtype(*a.weight, "weight"));
  }
  return Status::Ok();
}

Status CheckOutShape(const BceArgs& a) {
  const aclTensor& out = *a.out;
  if (a.reduction == static_cast<int64_t>(Reduction::kNone)) {
    if (out.view_dims != a.self->view_dims) {
      return Invalid("out", ShapeOf(*a.self) + " (the shape of self) for reduction 0 (none)", ShapeOf(out));
    }
  } else if (out.rank() > 1 || out.numel() != 1) {
    return Invalid("out", "one element (shape [1] or []) for reduction 1 (mean) or 2 (sum)", ShapeOf(out));
  }
  return Status::Ok();
}

// Only what phase 2 touches: with an empty self, reduction none writes nothing and mean/sum write out alone.
Status CheckLayouts(const BceArgs& a) {
  const bool reduced = a.reduction != static_cast<int64_t>(Reduction::kNone);
  if (!a.self->empty()) {
    // The loop plan counts self's elements in int64; zero strides would let a wrapped count pass the extents.
    OPENACLNN_RETURN_IF_ERROR(CheckElementCount(kPhase1Api, "self", *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "self", *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "target", *a.target));
    if (a.weight != nullptr) {
      OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "weight", *a.weight));
    }
  } else if (!reduced) {
    return Status::Ok();
  }
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kPhase1Api, "out", *a.out));
  OPENACLNN_RETURN_IF_ERROR(CheckNoSelfOverlap(kPhase1Api, "out", *a.out));
  const bool reads = !a.self->empty();  // Checked memory mode: only what phase 2 touches.
  return CheckTensorsInLiveMemory(kPhase1Api, {{"self", a.self}, {"target", reads ? a.target : nullptr},
                                               {"weight", reads ? a.weight : nullptr}, {"out", a.out}});
}

}  // namespace

Status ValidateBce(const BceArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(*a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(*a.target, "target"));
  if (a.weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckRank(*a.weight, "weight"));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckRank(*a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckDtypes(a));
  OPENACLNN_RETURN_IF_ERROR(CheckSameFormat(kPhase1Api, "target", *a.target, "self", *a.self));
  if (a.weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckSameFormat(kPhase1Api, "weight", *a.weight, "self", *a.self));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsToSelf(*a.target, "target", *a.self));
  if (a.weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsToSelf(*a.weight, "weight", *a.self));
  }
  if (!IsValidReduction(a.reduction)) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::BadReduction(kPhase1Api, a.reduction));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckOutShape(a));
  return CheckLayouts(a);
}

}  // namespace openaclnn::bce_forward
