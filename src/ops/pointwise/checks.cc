#include "ops/pointwise/checks.h"

#include <algorithm>
#include <string>

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "iter/loop_plan.h"
#include "ops/pointwise/engine.h"

namespace openaclnn::pointwise {
namespace {

static_assert(kMaxRank <= iter::kMaxLoopDims, "the iteration engine must cover every accepted rank");

// A shape held elsewhere (a vector, or an array on the stack): what the checks read.
struct ShapeRef {
  ShapeRef(const int64_t* dims_in, int64_t rank_in) : dims(dims_in), rank(rank_in) {}
  ShapeRef(const std::vector<int64_t>& shape)  // NOLINT(google-explicit-constructor)
      : dims(shape.data()), rank(static_cast<int64_t>(shape.size())) {}
  const int64_t* dims;
  int64_t rank;
};

std::string ShapeText(ShapeRef shape) { return msg::ShapeText(shape.dims, shape.rank); }

// A broadcast shape of at most kMaxCreateRank dimensions, on the stack: the checks every call passes through
// need no allocation.
struct Broadcast {
  explicit Broadcast(std::initializer_list<const aclTensor*> tensors) : rank(BroadcastInto(tensors, dims)) {}
  ShapeRef ref() const { return ShapeRef(dims, rank); }
  int64_t dims[kMaxCreateRank];
  int64_t rank;
};

std::string ShapeOf(const aclTensor& tensor) {
  return "shape " + msg::ShapeText(tensor.view_dims.data(), tensor.rank());
}

// CheckBroadcastsWith, CheckShapeCount and CheckShapeIs (checks.h) on a shape held anywhere.
Status BroadcastsWith(std::string_view api, const aclTensor& tensor, std::string_view arg, ShapeRef shape,
                      const Phrase& with) {
  const int64_t rank = shape.rank;
  const int64_t common = std::min(rank, tensor.rank());
  for (int64_t i = 1; i <= common; ++i) {
    const int64_t a = tensor.view_dims[static_cast<size_t>(tensor.rank() - i)];
    const int64_t b = shape.dims[rank - i];
    if (a != b && a != 1 && b != 1) {
      return Status(ACLNN_ERR_PARAM_INVALID,
                    msg::InvalidArgument(api, arg,
                                         "a shape that broadcasts with " + with.Join() + " " + ShapeText(shape),
                                         ShapeOf(tensor)));
    }
  }
  return Status::Ok();
}

Status ShapeCountFits(std::string_view api, ShapeRef shape, std::string_view arg) {
  if (std::find(shape.dims, shape.dims + shape.rank, int64_t{0}) != shape.dims + shape.rank) {
    return Status::Ok();  // Empty, however large the other dimensions are (wherever the zero stands).
  }
  int64_t count = 1;
  for (int64_t d = 0; d < shape.rank; ++d) {
    const int64_t dim = shape.dims[d];
    if (__builtin_mul_overflow(count, dim, &count)) {
      return Status(ACLNN_ERR_PARAM_INVALID,
                    msg::InvalidArgument(api, arg, "a broadcast shape with at most 2^63 - 1 elements",
                                         "broadcast shape " + ShapeText(shape)));
    }
  }
  return Status::Ok();
}

Status ShapeIs(std::string_view api, const aclTensor& tensor, std::string_view arg, ShapeRef shape,
               const Phrase& what) {
  if (tensor.rank() != shape.rank || !std::equal(shape.dims, shape.dims + shape.rank, tensor.view_dims.begin())) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, arg, "shape " + ShapeText(shape) + " (" + what.Join() + ")",
                                       ShapeOf(tensor)));
  }
  return Status::Ok();
}

}  // namespace

Status CheckNotNull(std::string_view api, const void* pointer, std::string_view arg) {
  if (pointer == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::NullArgument(api, arg));
  }
  return Status::Ok();
}

Status CheckFloatType(std::string_view api, const aclTensor& tensor, std::string_view arg) {
  if (!IsLossFloatType(tensor.dtype())) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::UnsupportedDtype(api, arg, tensor.dtype(), kFloatTypeNames));
  }
  return Status::Ok();
}

Status CheckSameType(std::string_view api, const aclTensor& tensor, std::string_view arg, const aclTensor& other,
                     std::string_view other_arg) {
  if (tensor.dtype_value != other.dtype_value) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::DtypeMismatch(api, arg, tensor.dtype(), other_arg, other.dtype()));
  }
  return Status::Ok();
}

Status CheckRank(std::string_view api, const aclTensor& tensor, std::string_view arg) {
  if (tensor.rank() > kMaxRank) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::RankTooLarge(api, arg, tensor.view_dims.data(), tensor.rank(), kMaxRank));
  }
  return Status::Ok();
}

Status CheckReduction(std::string_view api, int64_t reduction) {
  if (reduction < 0 || reduction > 2) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::BadReduction(api, reduction));
  }
  return Status::Ok();
}

std::string Phrase::Join() const {
  std::string text(pieces_[0]);
  text += pieces_[1];
  text += pieces_[2];
  return text;
}

Status CheckBroadcastsWith(std::string_view api, const aclTensor& tensor, std::string_view arg,
                           const std::vector<int64_t>& shape, const Phrase& with) {
  return BroadcastsWith(api, tensor, arg, shape, with);
}

Status CheckShapeCount(std::string_view api, const std::vector<int64_t>& shape, std::string_view arg) {
  return ShapeCountFits(api, shape, arg);
}

Status CheckShapeIs(std::string_view api, const aclTensor& tensor, std::string_view arg,
                    const std::vector<int64_t>& shape, const Phrase& what) {
  return ShapeIs(api, tensor, arg, shape, what);
}

Status CheckReadLayouts(std::string_view api, std::initializer_list<TensorArg> inputs) {
  for (const TensorArg& input : inputs) {
    // The loop plan counts elements in int64; zero strides would let a wrapped count pass the extent check.
    OPENACLNN_RETURN_IF_ERROR(CheckElementCount(api, input.name, *input.tensor));
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, input.name, *input.tensor));
  }
  return CheckTensorsInLiveMemory(api, inputs);
}

Status CheckWriteLayout(std::string_view api, const aclTensor& out, std::string_view arg) {
  OPENACLNN_RETURN_IF_ERROR(CheckElementCount(api, arg, out));
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, arg, out));
  OPENACLNN_RETURN_IF_ERROR(CheckNoSelfOverlap(api, arg, out));
  return CheckTensorsInLiveMemory(api, {{arg, &out}});
}

Status CheckForwardShapesAndLayouts(std::string_view api, const ForwardArgs& a, ReducedOut reduced_out,
                                    std::string_view out_arg, const std::function<Status()>& late_check) {
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsWith(api, *a.target, "target", a.self->view_dims, "self's shape"));
  const Broadcast shape({a.self, a.target});
  OPENACLNN_RETURN_IF_ERROR(ShapeCountFits(api, shape.ref(), "target"));
  const bool reduced = a.reduction != 0;
  if (!reduced) {
    OPENACLNN_RETURN_IF_ERROR(ShapeIs(api, *a.out, out_arg, shape.ref(), "the broadcast of self and target"));
  } else if (reduced_out == ReducedOut::kWithoutDim0) {
    const ShapeRef rest = shape.rank == 0 ? shape.ref() : ShapeRef(shape.dims + 1, shape.rank - 1);
    OPENACLNN_RETURN_IF_ERROR(ShapeIs(api, *a.out, out_arg, rest,
                                           "the broadcast of self and target without its first dimension, for "
                                           "reduction 1 (mean) or 2 (sum)"));
  } else if (reduced_out == ReducedOut::kOneElement) {
    if (a.out->rank() > kMaxRank || a.out->numel() != 1) {
      return Status(ACLNN_ERR_PARAM_INVALID,
                    msg::InvalidArgument(api, out_arg, "one element (shape [] or [1]) for reduction 1 (mean) or 2 (sum)",
                                         ShapeOf(*a.out)));
    }
  } else {
    OPENACLNN_RETURN_IF_ERROR(CheckShapeIs(api, *a.out, out_arg, {}, "0-d, for reduction 1 (mean) or 2 (sum)"));
  }
  if (late_check) {
    OPENACLNN_RETURN_IF_ERROR(late_check());
  }
  const bool reads = !a.self->empty() && !a.target->empty();
  if (reads) {
    OPENACLNN_RETURN_IF_ERROR(CheckReadLayouts(api, {{"self", a.self}, {"target", a.target}}));
  }
  // An empty input writes nothing, except the NaN (mean) or 0 (sum) of a reduction into a 0-D out.
  const bool writes = reads || (reduced && reduced_out != ReducedOut::kWithoutDim0);
  return writes ? CheckWriteLayout(api, *a.out, out_arg) : Status::Ok();
}

Status CheckBackwardShapesAndLayouts(std::string_view api, const BackwardArgs& a, std::string_view grad_arg,
                                     std::string_view out_arg, bool check_out_rank) {
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.grad_output, grad_arg));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.target, "target"));
  if (check_out_rank) {
    OPENACLNN_RETURN_IF_ERROR(CheckRank(api, *a.out, out_arg));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsWith(api, *a.grad_output, grad_arg, a.self->view_dims, "self's shape"));
  const Broadcast inner({a.grad_output, a.self});
  OPENACLNN_RETURN_IF_ERROR(
      BroadcastsWith(api, *a.target, "target", inner.ref(), Phrase("the broadcast of ", grad_arg, " and self")));
  const Broadcast shape({a.grad_output, a.self, a.target});
  OPENACLNN_RETURN_IF_ERROR(
      ShapeIs(api, *a.out, out_arg, shape.ref(), Phrase("the broadcast of ", grad_arg, ", self and target")));
  if (a.out->empty()) {
    return Status::Ok();  // An empty input: nothing is read or written.
  }
  OPENACLNN_RETURN_IF_ERROR(CheckReadLayouts(api, {{grad_arg, a.grad_output}, {"self", a.self}, {"target", a.target}}));
  return CheckWriteLayout(api, *a.out, out_arg);
}

Status CheckBroadcastsTo(std::string_view api, const aclTensor& tensor, std::string_view arg,
                         const std::vector<int64_t>& shape, std::string_view what) {
  const int64_t rank = static_cast<int64_t>(shape.size());
  bool fits = tensor.rank() <= rank;
  for (int64_t i = 1; fits && i <= tensor.rank(); ++i) {
    const int64_t dim = tensor.view_dims[static_cast<size_t>(tensor.rank() - i)];
    fits = dim == 1 || dim == shape[static_cast<size_t>(rank - i)];
  }
  if (!fits) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, arg,
                                       "a shape that broadcasts to " + std::string(what) + " " + ShapeText(shape),
                                       ShapeOf(tensor)));
  }
  return Status::Ok();
}

}  // namespace openaclnn::pointwise
