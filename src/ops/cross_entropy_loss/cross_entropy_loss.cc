#include "ops/cross_entropy_loss/cross_entropy_loss.h"

#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "backend/cpu/kernel_target.h"
#include "backend/cpu/store_policy.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_round.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "framework/phase1_log.h"
#include "framework/two_phase.h"
#include "ops/class_index/target_fault.h"
#include "ops/cross_entropy_loss/cross_entropy_kernel.h"
#include "ops/cross_entropy_loss/cross_entropy_outputs.h"
#include "ops/cross_entropy_loss/cross_entropy_validate.h"
#include "ops/row/row_walk.h"

namespace openaclnn::cross_entropy {
namespace {

struct ForwardOutputs {
  RowVector loss;
  RowVector zloss;  // base null: not written.
  RowVector lse;    // base null: not written.
};

class CrossEntropyLossLaunch final : public Launch {
 public:
  CrossEntropyLossLaunch(std::unique_ptr<row::RowWalk> walk, ForwardRowKernel kernel, const ForwardParams& params,
                         int64_t rows, Reduction reduction, double zloss_scale, const ForwardOutputs& outputs)
      : walk_(std::move(walk)),
        kernel_(kernel),
        params_(params),
        rows_(rows),
        reduction_(reduction),
        zloss_scale_(zloss_scale),
        outputs_(outputs),
        kernel_target_(cpu::ActiveKernelTarget()) {}

  Status Run() const override {
    std::vector<ForwardRow> results;
    try {
      results.resize(static_cast<size_t>(rows_));
    } catch (const std::bad_alloc&) {
      return OutOfMemory();
    }
    if (walk_ != nullptr) {
      // The smoothing term's weights: contiguous for the vector kernels, and their total.
      ForwardParams params = params_;
      std::vector<float> weights;
      try {
        params.targets = WithContiguousWeights(params_.targets, &weights);
      } catch (const std::bad_alloc&) {
        return OutOfMemory();
      }
      if (params.label_smoothing > 0.0) {
        params.weight_total = ClassWeightTotal(params.targets);
      }
      const int64_t bytes_per_row = walk_->length() * DataTypeSize(outputs_.loss.dtype) * 3;
      walk_->Run(bytes_per_row, [this, &params, &results](const row::Rows& rows) {
        kernel_(rows, params, kernel_target_, &results[static_cast<size_t>(rows.index)]);
      });
    }
    class_index::TargetFault fault;
    for (int64_t n = 0; n < rows_ && !fault.found(); ++n) {
      if (results[static_cast<size_t>(n)].kind == RowKind::kBadTarget) {
        fault.Note(n, results[static_cast<size_t>(n)].target);
      }
    }
    Status status = Status::Ok();
    if (reduction_ == Reduction::kNone) {
      WritePerRow(results);
    } else {
      status = WriteReduced(results);
    }
    if (outputs_.lse.base != nullptr) {
      for (int64_t n = 0; n < rows_; ++n) {
        cpu::StoreRoundedOnce(outputs_.lse.dtype, outputs_.lse.base + n * outputs_.lse.stride,
                              results[static_cast<size_t>(n)].lse);
      }
    }
    const char* consequence = reduction_ == Reduction::kNone
                                  ? "its loss was set to 0 (logProbOut is written)"
                                  : "that row was left out of the loss and its total weight (logProbOut is written)";
    const Status target_status = ReportBadTarget(kLossPhase2Api, fault, rows_, params_.targets.classes,
                                                 params_.targets.ignore_index, consequence);
    return target_status.ok() ? status : target_status;
  }

  int64_t Elements() const override { return walk_ == nullptr ? 0 : walk_->rows() * walk_->length(); }
  const char* KernelName() const override { return cpu::KernelTargetName(kernel_target_); }

 private:
  static Status OutOfMemory() {
    return Status(ACL_ERROR_BAD_ALLOC, msg::ExecutionError(kLossPhase2Api, "out of host memory for the row terms."));
  }

  // The z-loss of a row (DECISIONS 20: CANN's documented formula): lseSquareScaleForZloss * lse^2 where it counts.
  double Zloss(const ForwardRow& row) const {
    return row.kind == RowKind::kCounted ? zloss_scale_ * (row.lse * row.lse) : 0.0;
  }

  void WritePerRow(const std::vector<ForwardRow>& results) const {
    for (int64_t n = 0; n < rows_; ++n) {
      const ForwardRow& row = results[static_cast<size_t>(n)];
      cpu::StoreRoundedOnce(outputs_.loss.dtype, outputs_.loss.base + n * outputs_.loss.stride,
                            row.kind == RowKind::kCounted ? row.loss : 0.0);
      if (outputs_.zloss.base != nullptr) {
        cpu::StoreRoundedOnce(outputs_.zloss.dtype, outputs_.zloss.base + n * outputs_.zloss.stride, Zloss(row));
      }
    }
  }

  Status WriteReduced(const std::vector<ForwardRow>& results) const {
    // Rows that do not count still take their lane, so the grouping depends on the row index alone.
    const cpu::AddTermsFn<2> terms = [this, &results](int64_t begin, int64_t end, cpu::LaneAccumulator<2>* lanes) {
      for (int64_t n = begin; n < end; ++n) {
        const ForwardRow& row = results[static_cast<size_t>(n)];
        lanes->Add({row.loss, Zloss(row)});
      }
    };
    const bool mean = reduction_ == Reduction::kMean;
    std::array<double, 2> sums;  // loss, z-loss
    MeanDivisors divisors;
    try {
      sums = cpu::DeterministicSum<2>(rows_, terms);
      if (mean) {
        divisors = SumMeanDivisors(rows_, [&results](int64_t n, double* weight) {
          *weight = results[static_cast<size_t>(n)].weight;
          return results[static_cast<size_t>(n)].kind;
        });
      }
    } catch (const std::bad_alloc&) {
      return OutOfMemory();
    }
    const Status loss_status =
        StoreReduced(kLossPhase2Api, outputs_.loss, "lossOut", ReducedValue(mean, sums[0], divisors.weight));
    Status zloss_status = Status::Ok();
    if (outputs_.zloss.base != nullptr) {
      zloss_status =
          StoreReduced(kLossPhase2Api, outputs_.zloss, "zlossOut", ReducedValue(mean, sums[1], divisors.rows));
    }
    return loss_status.ok() ? zloss_status : loss_status;
  }

  const std::unique_ptr<row::RowWalk> walk_;  // Null when there are no rows.
  const ForwardRowKernel kernel_;
  const ForwardParams params_;
  const int64_t rows_;
  const Reduction reduction_;
  const double zloss_scale_;
  const ForwardOutputs outputs_;
  const int64_t kernel_target_;
};

Prepared Plan(const CrossEntropyLossArgs& args) {
  const aclTensor& input = *args.input;
  const int64_t rows = input.view_dims[0];
  const int64_t classes = input.view_dims[1];
  const Reduction reduction = ReductionOf(args.reduction);
  if (rows == 0 && reduction == Reduction::kNone) {
    return {Status::Ok(), nullptr};  // Nothing to write.
  }
  const ForwardRowKernel kernel = SelectForwardRowKernel(input.dtype(), args.target->dtype());
  if (kernel == nullptr) {
    return {Status(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                   msg::RuntimeError(kLossPhase1Api, "no kernel for the validated data types (internal error).")),
            nullptr};
  }
  ForwardParams params;
  params.targets = TargetsOf(*args.target, args.weight, classes, args.ignore_index);
  params.label_smoothing = args.label_smoothing;
  params.stream = cpu::UseStreamingStores(args.log_prob_out->numel() * DataTypeSize(args.log_prob_out->dtype()));
  ForwardOutputs outputs;
  outputs.loss = RowVectorOf(*args.loss_out);
  if (WritesZloss(args)) {
    outputs.zloss = RowVectorOf(*args.zloss_out);
  }
  if (WritesLse(args) && rows > 0) {
    outputs.lse = RowVectorOf(*args.lse_out);
  }
  std::unique_ptr<row::RowWalk> walk;
  if (rows > 0) {
    const aclTensor* inputs[1] = {args.input};
    walk = std::make_unique<row::RowWalk>(*args.log_prob_out, inputs, 1, /*dim=*/1);
  }
  return {Status::Ok(), std::make_shared<CrossEntropyLossLaunch>(std::move(walk), kernel, params, rows, reduction,
                                                                 args.lse_square_scale, outputs)};
}

}  // namespace

Status LossGetWorkspaceSize(const CrossEntropyLossArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckLossNulls(args));
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kLossPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateCrossEntropyLoss(args));
  Prepared prepared = Plan(args);
  OPENACLNN_RETURN_IF_ERROR(prepared.status);
  LogPhase1(kLossPhase2Api, prepared,
            {{"input", args.input},
             {"target", args.target},
             {"weightOptional", args.weight},
             {"lossOut", args.loss_out},
             {"logProbOut", args.log_prob_out},
             {"zlossOut", args.zloss_out},
             {"lseForZlossOut", args.lse_out}});
  return FinishPhase1(kLossPhase2Api, std::move(prepared), workspace_size, executor);
}

}  // namespace openaclnn::cross_entropy
