#include "ops/cross_entropy_loss_grad/cross_entropy_loss_grad.h"

#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "backend/cpu/kernel_target.h"
#include "backend/cpu/store_policy.h"
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

class CrossEntropyLossGradLaunch final : public Launch {
 public:
  CrossEntropyLossGradLaunch(row::RowWalk walk, GradRowKernel kernel, const GradParams& params,
                             aclDataType target_type, int64_t element_bytes)
      : walk_(std::move(walk)),
        kernel_(kernel),
        params_(params),
        target_type_(target_type),
        element_bytes_(element_bytes),
        kernel_target_(cpu::ActiveKernelTarget()) {}

  Status Run() const override {
    GradParams params = params_;
    std::vector<float> weights;  // The class weights, contiguous for the vector kernels.
    try {
      params.targets = WithContiguousWeights(params_.targets, &weights);
    } catch (const std::bad_alloc&) {
      return Status(ACL_ERROR_BAD_ALLOC, msg::ExecutionError(kGradPhase2Api, "out of host memory for the weights."));
    }
    const ClassTargets& targets = params.targets;
    if (params.smoothing_per_class != 0.0) {
      params.weight_total = ClassWeightTotal(targets);
    }
    if (params.mean) {
      MeanDivisors divisors;
      try {
        divisors = SumMeanDivisors(walk_.rows(), [this](int64_t n, double* weight) {
          int64_t target = 0;
          return ClassifyRow(params_.targets, target_type_, n, &target, weight);
        });
      } catch (const std::bad_alloc&) {
        return Status(ACL_ERROR_BAD_ALLOC,
                      msg::ExecutionError(kGradPhase2Api, "out of host memory for the partial sums."));
      }
      params.loss_divisor = divisors.weight;
      params.zloss_divisor = divisors.rows;
    }
    class_index::SharedTargetFault fault;
    walk_.Run(walk_.length() * element_bytes_ * 2, [&](const row::Rows& rows) {
      if (kernel_(rows, params, kernel_target_) == RowKind::kBadTarget) {
        int64_t target = 0;
        double weight = 0.0;
        ClassifyRow(params.targets, target_type_, rows.index, &target, &weight);
        class_index::TargetFault local;
        local.Note(rows.index, target);
        fault.Merge(local);
      }
    });
    return ReportBadTarget(kGradPhase2Api, fault.first(), walk_.rows(), targets.classes, targets.ignore_index,
                           "its gradient row was set to 0");
  }

  int64_t Elements() const override { return walk_.rows() * walk_.length(); }
  const char* KernelName() const override { return cpu::KernelTargetName(kernel_target_); }

 private:
  const row::RowWalk walk_;
  const GradRowKernel kernel_;
  const GradParams params_;
  const aclDataType target_type_;
  const int64_t element_bytes_;
  const int64_t kernel_target_;
};

Prepared Plan(const CrossEntropyLossGradArgs& args) {
  const aclTensor& log_prob = *args.log_prob;
  if (log_prob.empty()) {
    return {Status::Ok(), nullptr};  // N = 0: out is empty.
  }
  const GradRowKernel kernel = SelectGradRowKernel(log_prob.dtype(), args.target->dtype());
  if (kernel == nullptr) {
    return {Status(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                   msg::RuntimeError(kGradPhase1Api, "no kernel for the validated data types (internal error).")),
            nullptr};
  }
  const int64_t classes = log_prob.view_dims[1];
  const Reduction reduction = ReductionOf(args.reduction);
  GradParams params;
  params.targets = TargetsOf(*args.target, args.weight, classes, args.ignore_index);
  params.stream = cpu::UseStreamingStores(args.out->numel() * DataTypeSize(args.out->dtype()));
  const RowVector grad_loss = RowVectorOf(*args.grad_loss);
  params.grad_loss = grad_loss.base;
  params.grad_loss_stride = reduction == Reduction::kNone ? grad_loss.stride : 0;
  if (args.lse_square_scale != 0.0 && args.grad_zloss != nullptr) {
    const RowVector grad_zloss = RowVectorOf(*args.grad_zloss);
    const RowVector lse = RowVectorOf(*args.lse);
    params.grad_zloss = grad_zloss.base;
    params.grad_zloss_stride = reduction == Reduction::kNone ? grad_zloss.stride : 0;
    params.lse = lse.base;
    params.lse_stride = lse.stride;
    params.twice_zloss_scale = 2.0 * args.lse_square_scale;
  }
  params.one_minus_smoothing = 1.0 - args.label_smoothing;
  params.smoothing_per_class = args.label_smoothing / static_cast<double>(classes);
  params.mean = reduction == Reduction::kMean;
  const aclTensor* inputs[1] = {args.log_prob};
  row::RowWalk walk(*args.out, inputs, 1, /*dim=*/1);
  return {Status::Ok(), std::make_shared<CrossEntropyLossGradLaunch>(std::move(walk), kernel, params,
                                                                     args.target->dtype(),
                                                                     DataTypeSize(log_prob.dtype()))};
}

}  // namespace

Status GradGetWorkspaceSize(const CrossEntropyLossGradArgs& args, uint64_t* workspace_size,
                            aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckGradNulls(args));
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kGradPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateCrossEntropyLossGrad(args));
  Prepared prepared = Plan(args);
  OPENACLNN_RETURN_IF_ERROR(prepared.status);
  LogPhase1(kGradPhase2Api, prepared,
            {{"gradLoss", args.grad_loss},
             {"logProb", args.log_prob},
             {"target", args.target},
             {"weightOptional", args.weight},
             {"gradZlossOptional", args.grad_zloss},
             {"lseForZlossOptional", args.lse},
             {"out", args.out}});
  return FinishPhase1(kGradPhase2Api, std::move(prepared), workspace_size, executor);
}

}  // namespace openaclnn::cross_entropy
