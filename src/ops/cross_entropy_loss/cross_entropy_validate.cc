#include "ops/cross_entropy_loss/cross_entropy_validate.h"

#include <cstring>
#include <string>

#include "aclnn/opdev/op_errno.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/tensor.h"
#include "core/tensor_checks.h"
#include "ops/class_index/class_checks.h"

namespace openaclnn::cross_entropy {
namespace {

constexpr const char* kReductionNames = "\"mean\", \"sum\" or \"none\"";

bool IsKnownReduction(const char* reduction) {
  return reduction == nullptr || std::strcmp(reduction, "mean") == 0 || std::strcmp(reduction, "sum") == 0 ||
         std::strcmp(reduction, "none") == 0;
}

// 561002 (what CANN's tiling rejects) naming `arg`.
Status TilingError(const char* api, const char* arg, const std::string& expected, const std::string& got) {
  return Status(ACLNN_ERR_INNER_TILING_ERROR, msg::InvalidArgument(api, arg, expected, got));
}

Status ShapeError(const char* api, const char* arg, const std::string& expected, const aclTensor& got) {
  return TilingError(api, arg, expected, "shape " + class_index::DimsOf(got));
}

// FLOAT, FLOAT16 or BFLOAT16 (CANN's op definitions list the three for every floating tensor).
Status CheckFloat(const char* api, const char* arg, const aclTensor& tensor) {
  return class_index::CheckLossFloat(api, arg, tensor);
}

Status CheckSameType(const char* api, const char* arg, const aclTensor& tensor, const char* first_arg,
                     const aclTensor& first) {
  if (tensor.dtype() != first.dtype()) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::DtypeMismatch(api, arg, tensor.dtype(), first_arg, first.dtype()));
  }
  return Status::Ok();
}

// INT64 or INT32 (the lists of CANN's documents; UINT8 is not one of them).
Status CheckTargetType(const char* api, const aclTensor& target) {
  if (target.dtype() != ACL_INT64 && target.dtype() != ACL_INT32) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::UnsupportedDtype(api, "target", target.dtype(), "INT64, INT32"));
  }
  return Status::Ok();
}

Status CheckWeightType(const char* api, const aclTensor* weight) {
  if (weight != nullptr && weight->dtype() != ACL_FLOAT) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::UnsupportedDtype(api, "weightOptional", weight->dtype(), "FLOAT"));
  }
  return Status::Ok();
}

Status CheckReductionAndSmoothing(const char* api, const char* reduction, double label_smoothing) {
  if (!IsKnownReduction(reduction)) {
    return TilingError(api, "reductionOptional", kReductionNames, std::string("\"") + reduction + "\"");
  }
  if (!(label_smoothing >= 0.0 && label_smoothing <= 1.0)) {
    return TilingError(api, "labelSmoothing", "a value in [0.0, 1.0]", std::to_string(label_smoothing));
  }
  return Status::Ok();
}

// logits (N, C) with C > 0 when N > 0, target (N), weight (C): the checks both operators share.
Status CheckClassShapes(const char* api, const char* rows_arg, const aclTensor& rows, const aclTensor& target,
                        const aclTensor* weight) {
  if (rows.rank() != 2) {
    return ShapeError(api, rows_arg, "a 2-D (N, C) tensor", rows);
  }
  const int64_t n = rows.view_dims[0];
  const int64_t c = rows.view_dims[1];
  if (n > 0 && c == 0) {
    return ShapeError(api, rows_arg, "at least one class (C > 0) when N > 0", rows);
  }
  if (target.rank() != 1 || target.view_dims[0] != n) {
    return ShapeError(api, "target", "shape [" + std::to_string(n) + "] (N of " + rows_arg + ")", target);
  }
  if (weight != nullptr && (weight->rank() != 1 || weight->view_dims[0] != c)) {
    return ShapeError(api, "weightOptional", "shape [" + std::to_string(c) + "] (one weight per class)", *weight);
  }
  return Status::Ok();
}

// (N) for reduction none, otherwise one element of rank 0 or 1.
Status CheckPerRowOrOne(const char* api, const char* arg, const aclTensor& tensor, bool per_row, int64_t n) {
  if (per_row) {
    if (tensor.rank() != 1 || tensor.view_dims[0] != n) {
      return ShapeError(api, arg, "shape [" + std::to_string(n) + "] for reduction \"none\"", tensor);
    }
    return Status::Ok();
  }
  if (tensor.rank() > 1 || tensor.numel() != 1) {
    return ShapeError(api, arg, "one element (shape [] or [1]) for reduction \"mean\" or \"sum\"", tensor);
  }
  return Status::Ok();
}

Status CheckSameShape(const char* api, const char* arg, const aclTensor& tensor, const char* other_arg,
                      const aclTensor& other) {
  if (tensor.view_dims != other.view_dims) {
    return ShapeError(api, arg, "shape " + class_index::DimsOf(other) + " (the shape of " + other_arg + ")", tensor);
  }
  return Status::Ok();
}

Status CheckRowVector(const char* api, const char* arg, const aclTensor& tensor, int64_t n) {
  if (tensor.rank() != 1 || tensor.view_dims[0] != n) {
    return ShapeError(api, arg, "shape [" + std::to_string(n) + "] (one value per row)", tensor);
  }
  return Status::Ok();
}

// Empty tensors are never touched: their layouts do not matter (DECISIONS 11).
Status CheckInput(const char* api, const char* arg, const aclTensor& tensor) {
  if (tensor.empty()) {
    return Status::Ok();
  }
  OPENACLNN_RETURN_IF_ERROR(CheckElementCount(api, arg, tensor));
  return CheckAddressableLayout(api, arg, tensor);
}

Status CheckOutput(const char* api, const char* arg, const aclTensor& tensor) {
  if (tensor.empty()) {
    return Status::Ok();
  }
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(api, arg, tensor));
  return CheckNoSelfOverlap(api, arg, tensor);
}

}  // namespace

Reduction ReductionOf(const char* reduction) {
  if (reduction != nullptr && std::strcmp(reduction, "sum") == 0) {
    return Reduction::kSum;
  }
  if (reduction != nullptr && std::strcmp(reduction, "none") == 0) {
    return Reduction::kNone;
  }
  return Reduction::kMean;
}

Status CheckLossNulls(const CrossEntropyLossArgs& a) {
  constexpr const char* api = kLossPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.input, "input"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.loss_out, "lossOut"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.log_prob_out, "logProbOut"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.zloss_out, "zlossOut"));
  return class_index::CheckNotNull(api, a.lse_out, "lseForZlossOut");
}

Status ValidateCrossEntropyLoss(const CrossEntropyLossArgs& a) {
  constexpr const char* api = kLossPhase1Api;
  // The data-type combination of the op definition: input's list, target's, weight FLOAT, outputs like input.
  OPENACLNN_RETURN_IF_ERROR(CheckFloat(api, "input", *a.input));
  OPENACLNN_RETURN_IF_ERROR(CheckTargetType(api, *a.target));
  OPENACLNN_RETURN_IF_ERROR(CheckWeightType(api, a.weight));
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(api, "lossOut", *a.loss_out, "input", *a.input));
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(api, "logProbOut", *a.log_prob_out, "input", *a.input));
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(api, "zlossOut", *a.zloss_out, "input", *a.input));
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(api, "lseForZlossOut", *a.lse_out, "input", *a.input));
  // CANN's tiling: reduction, labelSmoothing, then the shapes (ours include the outputs': DECISIONS 20).
  OPENACLNN_RETURN_IF_ERROR(CheckReductionAndSmoothing(api, a.reduction, a.label_smoothing));
  OPENACLNN_RETURN_IF_ERROR(CheckClassShapes(api, "input", *a.input, *a.target, a.weight));
  const int64_t n = a.input->view_dims[0];
  const bool per_row = ReductionOf(a.reduction) == Reduction::kNone;
  OPENACLNN_RETURN_IF_ERROR(CheckPerRowOrOne(api, "lossOut", *a.loss_out, per_row, n));
  OPENACLNN_RETURN_IF_ERROR(CheckSameShape(api, "logProbOut", *a.log_prob_out, "input", *a.input));
  if (WritesZloss(a)) {
    OPENACLNN_RETURN_IF_ERROR(CheckSameShape(api, "zlossOut", *a.zloss_out, "lossOut", *a.loss_out));
  }
  if (WritesLse(a)) {
    OPENACLNN_RETURN_IF_ERROR(CheckRowVector(api, "lseForZlossOut", *a.lse_out, n));
  }
  // Layouts of what phase 2 reads and writes (DECISIONS 10).
  OPENACLNN_RETURN_IF_ERROR(CheckInput(api, "input", *a.input));
  OPENACLNN_RETURN_IF_ERROR(CheckInput(api, "target", *a.target));
  if (a.weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckInput(api, "weightOptional", *a.weight));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckOutput(api, "lossOut", *a.loss_out));
  OPENACLNN_RETURN_IF_ERROR(CheckOutput(api, "logProbOut", *a.log_prob_out));
  if (WritesZloss(a)) {
    OPENACLNN_RETURN_IF_ERROR(CheckOutput(api, "zlossOut", *a.zloss_out));
  }
  if (WritesLse(a)) {
    OPENACLNN_RETURN_IF_ERROR(CheckOutput(api, "lseForZlossOut", *a.lse_out));
  }
  const aclTensor* zloss = WritesZloss(a) ? a.zloss_out : nullptr;
  const aclTensor* lse = WritesLse(a) ? a.lse_out : nullptr;
  return CheckTensorsInLiveMemory(api, {{"input", a.input},
                                        {"target", a.target},
                                        {"weightOptional", a.weight},
                                        {"lossOut", a.loss_out},
                                        {"logProbOut", a.log_prob_out},
                                        {"zlossOut", zloss},
                                        {"lseForZlossOut", lse}});
}

Status CheckGradNulls(const CrossEntropyLossGradArgs& a) {
  constexpr const char* api = kGradPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.grad_loss, "gradLoss"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.log_prob, "logProb"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(class_index::CheckNotNull(api, a.out, "out"));
  if (a.lse_square_scale != 0.0 && a.lse == nullptr) {
    // The z-loss term needs each row's log-sum-exp, which logProb alone does not give.
    return Status(ACLNN_ERR_PARAM_NULLPTR,
                  msg::InvalidArgument(api, "lseForZlossOptional",
                                       "the forward's lseForZlossOut when lseSquareScaleForZloss is not 0",
                                       "NULL"));
  }
  return Status::Ok();
}

Status ValidateCrossEntropyLossGrad(const CrossEntropyLossGradArgs& a) {
  constexpr const char* api = kGradPhase1Api;
  const bool zloss = a.lse_square_scale != 0.0;
  OPENACLNN_RETURN_IF_ERROR(CheckFloat(api, "gradLoss", *a.grad_loss));
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(api, "logProb", *a.log_prob, "gradLoss", *a.grad_loss));
  OPENACLNN_RETURN_IF_ERROR(CheckTargetType(api, *a.target));
  OPENACLNN_RETURN_IF_ERROR(CheckWeightType(api, a.weight));
  if (a.grad_zloss != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckSameType(api, "gradZlossOptional", *a.grad_zloss, "gradLoss", *a.grad_loss));
  }
  if (a.lse != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckSameType(api, "lseForZlossOptional", *a.lse, "gradLoss", *a.grad_loss));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(api, "out", *a.out, "gradLoss", *a.grad_loss));
  OPENACLNN_RETURN_IF_ERROR(CheckReductionAndSmoothing(api, a.reduction, a.label_smoothing));
  OPENACLNN_RETURN_IF_ERROR(CheckClassShapes(api, "logProb", *a.log_prob, *a.target, a.weight));
  const int64_t n = a.log_prob->view_dims[0];
  const bool per_row = ReductionOf(a.reduction) == Reduction::kNone;
  OPENACLNN_RETURN_IF_ERROR(CheckPerRowOrOne(api, "gradLoss", *a.grad_loss, per_row, n));
  const bool zloss_grad = zloss && a.grad_zloss != nullptr;
  if (zloss_grad) {
    OPENACLNN_RETURN_IF_ERROR(CheckPerRowOrOne(api, "gradZlossOptional", *a.grad_zloss, per_row, n));
  }
  if (zloss) {
    OPENACLNN_RETURN_IF_ERROR(CheckRowVector(api, "lseForZlossOptional", *a.lse, n));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckSameShape(api, "out", *a.out, "logProb", *a.log_prob));
  OPENACLNN_RETURN_IF_ERROR(CheckInput(api, "gradLoss", *a.grad_loss));
  OPENACLNN_RETURN_IF_ERROR(CheckInput(api, "logProb", *a.log_prob));
  OPENACLNN_RETURN_IF_ERROR(CheckInput(api, "target", *a.target));
  if (a.weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckInput(api, "weightOptional", *a.weight));
  }
  if (zloss_grad) {
    OPENACLNN_RETURN_IF_ERROR(CheckInput(api, "gradZlossOptional", *a.grad_zloss));
  }
  if (zloss) {
    OPENACLNN_RETURN_IF_ERROR(CheckInput(api, "lseForZlossOptional", *a.lse));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckOutput(api, "out", *a.out));
  return CheckTensorsInLiveMemory(api, {{"gradLoss", a.grad_loss},
                                        {"logProb", a.log_prob},
                                        {"target", a.target},
                                        {"weightOptional", a.weight},
                                        {"gradZlossOptional", zloss_grad ? a.grad_zloss : nullptr},
                                        {"lseForZlossOptional", zloss ? a.lse : nullptr},
                                        {"out", a.out}});
}

}  // namespace openaclnn::cross_entropy
