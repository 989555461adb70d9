#include "ops/row/softmax_op.h"

#include <memory>
#include <string>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/tensor.h"
#include "core/tensor_checks.h"
#include "backend/cpu/kernel_target.h"
#include "backend/cpu/store_policy.h"
#include "framework/phase1_log.h"
#include "framework/two_phase.h"
#include "ops/class_index/class_checks.h"
#include "ops/row/row_walk.h"
#include "ops/row/softmax_rows_hwy.h"

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

Status CheckRank(const char* api, const char* arg, const aclTensor& tensor) {
  if (tensor.rank() > kMaxRank) {
    return class_index::InvalidShape(api, arg, "a tensor of rank 8 at most", tensor);
  }
  return Status::Ok();
}

Status CheckSameShape(const char* api, const char* arg, const aclTensor& tensor, const char* other_arg,
                      const aclTensor& other) {
  if (tensor.view_dims != other.view_dims) {
    return class_index::InvalidShape(
        api, arg, "shape " + class_index::DimsOf(other) + " (the shape of " + other_arg + ")", tensor);
  }
  return Status::Ok();
}

Status CheckRanksAndShape(const char* api, const SoftmaxArgs& a) {
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, "self", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, "out", *a.out));
  return CheckSameShape(api, "out", *a.out, "self", *a.self);
}

// Layouts of what phase 2 reads (`inputs`) and writes (out).
Status CheckLayouts(const char* api, std::initializer_list<TensorArg> inputs, const aclTensor& out) {
  for (const TensorArg& input : inputs) {
    OPENACLNN_RETURN_IF_ERROR(CheckElementCount(api, input.name, *input.tensor));
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, input.name, *input.tensor));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, "out", out));
  return CheckNoSelfOverlap(api, "out", out);
}

class SoftmaxLaunch final : public Launch {
 public:
  // `kernel` does every row the vector kernels (null: none) decline; all run on the active kernel target.
  SoftmaxLaunch(RowWalk walk, SoftmaxRowKernel kernel, SoftmaxVectorRow vector_row, SoftmaxVectorRuns vector_runs,
                int64_t bytes_per_row, int64_t kernel_target, bool stream)
      : walk_(std::move(walk)),
        kernel_(kernel),
        vector_row_(vector_row),
        vector_runs_(vector_runs),
        bytes_per_row_(bytes_per_row),
        kernel_target_(kernel_target),
        stream_(stream) {}

  Status Run() const override {
    walk_.RunRuns(bytes_per_row_, [this](const RowRun& run) {
      // Strided rows side by side first; whatever the runs kernel leaves, row by row.
      const int64_t done = vector_runs_ != nullptr && run.count > 1 ? vector_runs_(run, stream_) : 0;
      for (int64_t i = done; i < run.count; ++i) {
        const Rows rows = RowOfRun(run, i);
        const Rows next = i + 1 < run.count ? RowOfRun(run, i + 1) : Rows();
        if (vector_row_ == nullptr || !vector_row_(rows, i + 1 < run.count ? &next : nullptr, stream_)) {
          kernel_(rows, kernel_target_);
        }
      }
    });
    return Status::Ok();
  }
  int64_t Elements() const override { return walk_.rows() * walk_.length(); }
  // The rows' exponentials run on the target chosen at planning (the same bits on every target).
  const char* KernelName() const override { return cpu::KernelTargetName(kernel_target_); }

 private:
  const RowWalk walk_;
  const SoftmaxRowKernel kernel_;
  const SoftmaxVectorRow vector_row_;
  const SoftmaxVectorRuns vector_runs_;
  const int64_t bytes_per_row_;
  const int64_t kernel_target_;
  const bool stream_;
};

// The launch over out's rows along dim with `kernel` (null: the types have no kernel, an internal error) and the
// vector kernel of the same computation for contiguous rows.
Prepared PlanRows(const char* api, SoftmaxRowKernel kernel, SoftmaxVectorRow vector_row,
                  SoftmaxVectorRuns vector_runs, const aclTensor& out, const aclTensor* const* inputs,
                  int input_count, int64_t dim, int64_t kernel_target) {
  if (kernel == nullptr) {
    return {Status(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                   msg::RuntimeError(api, "no kernel for the validated data types (internal error).")),
            nullptr};
  }
  RowWalk walk(out, inputs, input_count, NormalizeDim(dim, out.rank()));
  const int64_t bytes_per_row = walk.length() * DataTypeSize(out.dtype()) * 3;  // Three passes over a row.
  const bool stream = cpu::UseStreamingStores(out.numel() * DataTypeSize(out.dtype()));
  return {Status::Ok(), std::make_shared<SoftmaxLaunch>(std::move(walk), kernel, vector_row, vector_runs,
                                                        bytes_per_row, kernel_target, stream)};
}

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
  OPENACLNN_RETURN_IF_ERROR(CheckLayouts(api, {{"self", a.self}}, *a.out));
  return CheckTensorsInLiveMemory(api, {{"self", a.self}, {"out", a.out}});
}

Status SoftmaxGetWorkspaceSize(SoftmaxKind kind, const SoftmaxArgs& args, uint64_t* workspace_size,
                               aclOpExecutor** executor) {
  const char* api = SoftmaxPhase1Api(kind);
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateSoftmax(kind, args));
  const aclTensor* inputs[1] = {args.self};
  const int64_t target = cpu::ActiveKernelTarget();
  Prepared prepared =
      args.self->empty()
          ? Prepared{Status::Ok(), nullptr}
          : PlanRows(api, SelectSoftmaxRowKernel(kind, args.self->dtype(), args.out->dtype()),
                     SelectSoftmaxVectorRow(false, kind, args.self->dtype(), args.out->dtype(), target),
                     SelectSoftmaxVectorRuns(false, kind, args.self->dtype(), args.out->dtype(), target), *args.out,
                     inputs, 1, args.dim, target);
  OPENACLNN_RETURN_IF_ERROR(prepared.status);
  LogPhase1(SoftmaxPhase2Api(kind), prepared, {{"self", args.self}, {"out", args.out}});
  return FinishPhase1(SoftmaxPhase2Api(kind), std::move(prepared), workspace_size, executor);
}

const char* SoftmaxBackwardPhase1Api(SoftmaxKind kind) {
  return kind == SoftmaxKind::kSoftmax ? "aclnnSoftmaxBackwardGetWorkspaceSize"
                                       : "aclnnLogSoftmaxBackwardGetWorkspaceSize";
}

const char* SoftmaxBackwardPhase2Api(SoftmaxKind kind) {
  return kind == SoftmaxKind::kSoftmax ? "aclnnSoftmaxBackward" : "aclnnLogSoftmaxBackward";
}

Status ValidateSoftmaxBackward(SoftmaxKind kind, const SoftmaxBackwardArgs& a) {
  const char* api = SoftmaxBackwardPhase1Api(kind);
  // CANN's null order: softmax gradOutput, output, out; log-softmax output, gradOutput, out.
  if (kind == SoftmaxKind::kSoftmax) {
    OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.grad_output, "gradOutput"));
    OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.output, "output"));
  } else {
    OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.output, "output"));
    OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.grad_output, "gradOutput"));
  }
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.out, "out"));
  // CANN (A2/A3): an empty gradOutput or output succeeds before any other check.
  if (a.grad_output->empty() || a.output->empty()) {
    return Status::Ok();
  }
  const aclTensor& first = kind == SoftmaxKind::kSoftmax ? *a.grad_output : *a.output;
  const aclTensor& second = kind == SoftmaxKind::kSoftmax ? *a.output : *a.grad_output;
  const char* first_name = kind == SoftmaxKind::kSoftmax ? "gradOutput" : "output";
  const char* second_name = kind == SoftmaxKind::kSoftmax ? "output" : "gradOutput";
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckLossFloat(api, first_name, first));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckLossFloat(api, second_name, second));
  if (a.output->dtype() != a.grad_output->dtype()) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::DtypeMismatch(api, "output", a.output->dtype(), "gradOutput",
                                                              a.grad_output->dtype()));
  }
  if (kind == SoftmaxKind::kSoftmax) {
    OPENACLNN_RETURN_IF_ERROR(CheckDim(api, a.dim, *a.grad_output));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckRank(api, "gradOutput", *a.grad_output));
  OPENACLNN_RETURN_IF_ERROR(CheckSameShape(api, "output", *a.output, "gradOutput", *a.grad_output));
  OPENACLNN_RETURN_IF_ERROR(CheckSameShape(api, "out", *a.out, "gradOutput", *a.grad_output));
  if (kind == SoftmaxKind::kLogSoftmax) {
    OPENACLNN_RETURN_IF_ERROR(CheckDim(api, a.dim, *a.grad_output));
  }
  // CANN casts the result to any out type; we compute the four float types (docs/softmax.md).
  OPENACLNN_RETURN_IF_ERROR(CheckType(api, "out", *a.out));
  OPENACLNN_RETURN_IF_ERROR(CheckLayouts(api, {{"gradOutput", a.grad_output}, {"output", a.output}}, *a.out));
  return CheckTensorsInLiveMemory(api, {{"gradOutput", a.grad_output}, {"output", a.output}, {"out", a.out}});
}

Status SoftmaxBackwardGetWorkspaceSize(SoftmaxKind kind, const SoftmaxBackwardArgs& args, uint64_t* workspace_size,
                                       aclOpExecutor** executor) {
  const char* api = SoftmaxBackwardPhase1Api(kind);
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateSoftmaxBackward(kind, args));
  const aclTensor* inputs[2] = {args.grad_output, args.output};
  const int64_t target = cpu::ActiveKernelTarget();
  Prepared prepared =
      args.grad_output->empty() || args.output->empty()
          ? Prepared{Status::Ok(), nullptr}
          : PlanRows(api, SelectSoftmaxBackwardRowKernel(kind, args.grad_output->dtype(), args.out->dtype()),
                     SelectSoftmaxVectorRow(true, kind, args.grad_output->dtype(), args.out->dtype(), target),
                     SelectSoftmaxVectorRuns(true, kind, args.grad_output->dtype(), args.out->dtype(), target),
                     *args.out, inputs, 2, args.dim, target);
  OPENACLNN_RETURN_IF_ERROR(prepared.status);
  LogPhase1(SoftmaxBackwardPhase2Api(kind), prepared,
            {{"gradOutput", args.grad_output}, {"output", args.output}, {"out", args.out}});
  return FinishPhase1(SoftmaxBackwardPhase2Api(kind), std::move(prepared), workspace_size, executor);
}

}  // namespace openaclnn::row
