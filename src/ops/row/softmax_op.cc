#include "ops/row/softmax_op.h"

#include <memory>
#include <string>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/tensor.h"
#include "core/tensor_checks.h"
#include "framework/phase1_log.h"
#include "framework/two_phase.h"
#include "ops/class_index/class_checks.h"
#include "ops/row/row_walk.h"

namespace openaclnn::row {
namespace {

constexpr int64_t kMaxRank = 8;
constexpr const char* kFloatTypes = "FLOAT, FLOAT16, DOUBLE, BFLOAT16";

bool IsSoftmaxType(aclDataType dtype) {
  return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_DOUBLE || dtype == ACL_BF16;
}

Status CheckType(const char* api, std::string_view arg, const aclTensor& tensor) {
  if (!IsSoftmaxType(tensor.dtype())) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::UnsupportedDtype(api, arg, tensor.dtype(), kFloatTypes));
  }
  return Status::Ok();
}

// dim in [-r, r - 1] with r = max(rank, 1).
Status CheckDim(const char* api, int64_t dim, const aclTensor& self) {
  const int64_t r = self.rank() > 0 ? self.rank() : 1;
  if (dim < -r || dim > r - 1) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, "dim",
                                       "a dimension in [" + std::to_string(-r) + ", " + std::to_string(r - 1) +
                                           "] for self " + class_index::DimsOf(self),
                                       std::to_string(dim)));
  }
  return Status::Ok();
}

Status CheckRanksAndShape(const char* api, const SoftmaxArgs& a) {
  for (const auto& [arg, tensor] : {std::pair<const char*, const aclTensor*>{"self", a.self}, {"out", a.out}}) {
    if (tensor->rank() > kMaxRank) {
      return class_index::InvalidShape(api, arg, "a tensor of rank 8 at most", *tensor);
    }
  }
  if (a.out->view_dims != a.self->view_dims) {
    return class_index::InvalidShape(api, "out", "shape " + class_index::DimsOf(*a.self) + " (the shape of self)",
                                     *a.out);
  }
  return Status::Ok();
}

Status CheckLayouts(const char* api, const SoftmaxArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckElementCount(api, "self", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "self", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "out", *a.out));
  OPENACLNN_RETURN_IF_ERROR(CheckNoSelfOverlap(api, "out", *a.out));
  return CheckTensorsInLiveMemory(api, {{"self", a.self}, {"out", a.out}});
}

class SoftmaxLaunch final : public Launch {
 public:
  SoftmaxLaunch(RowWalk walk, SoftmaxRowKernel kernel, int64_t bytes_per_row)
      : walk_(std::move(walk)), kernel_(kernel), bytes_per_row_(bytes_per_row) {}

  Status Run() const override {
    walk_.Run(bytes_per_row_, [this](const Rows& rows) { kernel_(rows); });
    return Status::Ok();
  }
  int64_t Elements() const override { return walk_.rows() * walk_.length(); }
  const char* KernelName() const override { return "reference"; }  // Double-precision scalar rows only.

 private:
  const RowWalk walk_;
  const SoftmaxRowKernel kernel_;
  const int64_t bytes_per_row_;
};

}  // namespace

const char* SoftmaxPhase1Api(SoftmaxKind kind) {
  return kind == SoftmaxKind::kSoftmax ? "aclnnSoftmaxGetWorkspaceSize" : "aclnnLogSoftmaxGetWorkspaceSize";
}

const char* SoftmaxPhase2Api(SoftmaxKind kind) {
  return kind == SoftmaxKind::kSoftmax ? "aclnnSoftmax" : "aclnnLogSoftmax";
}

Status ValidateSoftmax(SoftmaxKind kind, const SoftmaxArgs& a) {
  const char* api = SoftmaxPhase1Api(kind);
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.out, "out"));
  if (kind == SoftmaxKind::kSoftmax) {
    // CANN: an empty self succeeds before any other check; then types, dim, ranks, shape.
    if (a.self->empty()) {
      return Status::Ok();
    }
    OPENACLNN_RETURN_IF_ERROR(CheckType(api, "self", *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckType(api, "out", *a.out));
    OPENACLNN_RETURN_IF_ERROR(CheckDim(api, a.dim, *a.self));
  } else {
    // CANN: dim first, then types, ranks, shape; an empty self succeeds after all of them.
    OPENACLNN_RETURN_IF_ERROR(CheckDim(api, a.dim, *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckType(api, "self", *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckType(api, "out", *a.out));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckRanksAndShape(api, a));
  if (a.self->empty()) {
    return Status::Ok();
  }
  return CheckLayouts(api, a);
}

Status SoftmaxGetWorkspaceSize(SoftmaxKind kind, const SoftmaxArgs& args, uint64_t* workspace_size,
                               aclOpExecutor** executor) {
  const char* api = SoftmaxPhase1Api(kind);
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateSoftmax(kind, args));
  Prepared prepared{Status::Ok(), nullptr};
  if (!args.self->empty()) {
    const SoftmaxRowKernel kernel = SelectSoftmaxRowKernel(kind, args.self->dtype(), args.out->dtype());
    if (kernel == nullptr) {
      return Status(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                    msg::RuntimeError(api, "no kernel for the validated data types (internal error)."));
    }
    const aclTensor* inputs[1] = {args.self};
    RowWalk walk(*args.out, inputs, 1, NormalizeDim(args.dim, args.self->rank()));
    const int64_t bytes_per_row = walk.length() * DataTypeSize(args.out->dtype()) * 3;  // Three passes.
    prepared.launch = std::make_shared<SoftmaxLaunch>(std::move(walk), kernel, bytes_per_row);
  }
  LogPhase1(api, prepared, {{"self", args.self}, {"out", args.out}});
  return FinishPhase1(SoftmaxPhase2Api(kind), std::move(prepared), workspace_size, executor);
}

Status SoftmaxRun(SoftmaxKind kind, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                  aclrtStream stream) {
  return RunPhase2(SoftmaxPhase2Api(kind), workspace, workspace_size, executor, stream);
}

}  // namespace openaclnn::row
