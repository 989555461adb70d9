#include "ops/class_index/class_checks.h"

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "ops/class_index/class_positions.h"

namespace openaclnn::class_index {
namespace {

std::string PositionsText(const aclTensor& self) {
  const ClassPositions positions = PositionsOf(self);
  return msg::ShapeText(positions.dims, positions.rank);
}

bool HasPositionsShape(const aclTensor& tensor, const aclTensor& self) {
  const ClassPositions positions = PositionsOf(self);
  if (tensor.rank() != positions.rank) {
    return false;
  }
  for (int d = 0; d < positions.rank; ++d) {
    if (tensor.view_dims[static_cast<size_t>(d)] != positions.dims[d]) {
      return false;
    }
  }
  return true;
}

}  // namespace

Status CheckNotNull(std::string_view api, const void* pointer, std::string_view arg) {
  if (pointer == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::NullArgument(api, arg));
  }
  return Status::Ok();
}

Status CheckLossFloat(std::string_view api, std::string_view arg, const aclTensor& tensor) {
  if (!IsLossFloatType(tensor.dtype())) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::UnsupportedDtype(api, arg, tensor.dtype(), "FLOAT, FLOAT16, BFLOAT16"));
  }
  return Status::Ok();
}

Status CheckClassTargetDtype(std::string_view api, const aclTensor& target) {
  const aclDataType dtype = target.dtype();
  if (dtype != ACL_INT64 && dtype != ACL_UINT8 && dtype != ACL_INT32) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::UnsupportedDtype(api, "target", dtype, "INT64, UINT8, INT32"));
  }
  return Status::Ok();
}

Status CheckSameDtypeAsSelf(std::string_view api, std::string_view arg, const aclTensor& tensor,
                            const aclTensor& self) {
  if (tensor.dtype() != self.dtype()) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::DtypeMismatch(api, arg, tensor.dtype(), "self", self.dtype()));
  }
  return Status::Ok();
}

Status CheckCastableFromSelf(std::string_view api, std::string_view arg, const aclTensor& tensor,
                             const aclTensor& self) {
  if (!CanCast(self.dtype(), tensor.dtype())) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, arg,
                                       std::string("a data type that ") + DataTypeName(self.dtype()) +
                                           " (self) can be cast to",
                                       std::string("data type ") + DataTypeName(tensor.dtype())));
  }
  return Status::Ok();
}

std::string DimsOf(const aclTensor& tensor) { return msg::ShapeText(tensor.view_dims.data(), tensor.rank()); }

Status InvalidShape(std::string_view api, std::string_view arg, std::string_view expected, const aclTensor& got) {
  return Status(ACLNN_ERR_PARAM_INVALID, msg::InvalidArgument(api, arg, expected, "shape " + DimsOf(got)));
}

Status CheckTargetShape(std::string_view api, const aclTensor& target, const aclTensor& self) {
  if (!HasPositionsShape(target, self)) {
    return InvalidShape(api, "target",
                        "shape " + PositionsText(self) + " (self " + DimsOf(self) + " without its class dimension)",
                        target);
  }
  return Status::Ok();
}

Status CheckClassWeight(std::string_view api, const aclTensor& weight, const aclTensor& self) {
  const int64_t classes = PositionsOf(self).classes;
  if (weight.rank() != 1 || weight.view_dims[0] != classes) {
    return InvalidShape(api, "weight", "shape [" + std::to_string(classes) + "] (one weight per class of self)",
                        weight);
  }
  return Status::Ok();
}

Status CheckRowsSelfTargetWeight(std::string_view api, const aclTensor& self, const aclTensor& target,
                                 const aclTensor& weight) {
  if (self.rank() != 1 && self.rank() != 2) {
    return InvalidShape(api, "self", "a 1-D (C) or 2-D (N, C) tensor", self);
  }
  if (target.rank() > 1) {
    return InvalidShape(api, "target", "a 0-D or 1-D tensor (multi-target is not supported)", target);
  }
  // The document pairs self (C) with target () and self (N, C) with target (N); CANN's own check is looser.
  OPENACLNN_RETURN_IF_ERROR(CheckTargetShape(api, target, self));
  return CheckClassWeight(api, weight, self);
}

Status CheckLikeTargetOrOne(std::string_view api, std::string_view arg, const aclTensor& tensor, bool per_position,
                            const aclTensor& target, int64_t max_one_rank) {
  if (per_position && target.rank() > 0) {
    if (tensor.view_dims != target.view_dims) {
      return InvalidShape(api, arg, "shape " + DimsOf(target) + " (target's shape) for reduction 0 (none)", tensor);
    }
    return Status::Ok();
  }
  if ((max_one_rank >= 0 && tensor.rank() > max_one_rank) || tensor.numel() != 1) {
    const std::string ranks = max_one_rank == 1 ? " (shape [] or [1])" : "";
    return InvalidShape(api, arg, "one element" + ranks + " for reduction mean/sum or a self with one position",
                        tensor);
  }
  return Status::Ok();
}

Status CheckOneElement(std::string_view api, std::string_view arg, const aclTensor& tensor) {
  if (tensor.numel() != 1) {
    return InvalidShape(api, arg, "exactly one element (shape [1] or [])", tensor);
  }
  return Status::Ok();
}

}  // namespace openaclnn::class_index
