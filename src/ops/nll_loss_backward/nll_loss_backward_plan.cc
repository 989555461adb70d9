#include "ops/nll_loss_backward/nll_loss_backward_plan.h"

#include <memory>
#include <mutex>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "backend/cpu/kernel_target.h"
#include "backend/cpu/parallel.h"
#include "backend/cpu/store_policy.h"
#include "core/element.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "framework/tensor_operand.h"
#include "framework/tolerated_fault.h"
#include "ops/nll_loss_backward/nll_loss_backward_kernel.h"
#include "ops/nll_loss_backward/nll_loss_backward_kernel_hwy.h"

namespace openaclnn::nll {
namespace {

class NllLossBackwardLaunch final : public Launch {
 public:
  NllLossBackwardLaunch(iter::LoopPlan plan, NllBlockKernel kernel, const char* kernel_name, NllKernelParams params,
                        aclDataType input_dtype, const char* total_weight, int64_t out_bytes, bool zero_dim_target)
      : plan_(plan),
        kernel_(kernel),
        kernel_name_(kernel_name),
        params_(params),
        input_dtype_(input_dtype),
        total_weight_(total_weight),
        out_bytes_(out_bytes),
        zero_dim_target_(zero_dim_target) {}

  Status Run() const override {
    NllKernelParams params = params_;
    if (params.mean) {
      // Division first, then negation, as DECISIONS 5 fixes: -(g / totalWeight), later times w[t].
      const float grad = LoadAsFloat(input_dtype_, plan_.base[kGradOperand]);
      const float total_weight = LoadAsFloat(input_dtype_, total_weight_);
      params.mean_scale = -(grad / total_weight);
    }
    // Rows are independent: threads take contiguous row ranges, and the first bad row is the minimum over them.
    const int64_t classes = plan_.sizes[0];
    const int64_t rows = plan_.sizes[1];
    TargetFault fault;
    std::mutex fault_mu;
    cpu::ParallelFor(rows, cpu::GrainForBytes(classes * out_bytes_), [&](int64_t first_row, int64_t end_row) {
      TargetFault local;
      iter::ForEachBlock(plan_, first_row * classes, end_row * classes,
                         [&](const iter::Block& block) { kernel_(block, params, &local); });
      if (local.row >= 0) {
        std::lock_guard<std::mutex> lock(fault_mu);
        fault.Note(local.row, local.value);
      }
    });
    if (fault.row >= 0) {
      return TolerateFault(kPhase2Api, kTargetOutOfRangeFault, ACL_ERROR_RT_AICORE_EXCEPTION,
                           msg::TargetOutOfRange(fault.row, zero_dim_target_, fault.value, params.classes,
                                                 params.ignore_index, "that row of out was left zero"));
    }
    return Status::Ok();
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return kernel_name_; }

 private:
  const iter::LoopPlan plan_;
  const NllBlockKernel kernel_;
  const char* const kernel_name_;
  const NllKernelParams params_;
  const aclDataType input_dtype_;
  const char* const total_weight_;
  const int64_t out_bytes_;  // Bytes per element of out.
  const bool zero_dim_target_;  // A 1-D self's single target: the message names no row.
};

}  // namespace

Prepared PlanNllLossBackward(const NllLossBackwardArgs& args) {
  const aclTensor& self = *args.self;
  if (self.empty()) {
    return {Status::Ok(), nullptr};
  }
  NllBlockKernel kernel = ChooseNllBlockKernel(args.target->dtype(), self.dtype(), args.out->dtype());
  if (kernel == nullptr) {
    return {Status(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                   msg::RuntimeError(kPhase1Api, "no kernel for the validated data types (internal error).")),
            nullptr};
  }
  // A 1-D self is one row: iterate (1, C).
  const int64_t rows = self.rank() == 2 ? self.view_dims[0] : 1;
  const int64_t classes = self.view_dims[self.rank() - 1];
  const int64_t shape[2] = {rows, classes};

  // target and gradOutput vary along N only (a per-row gradOutput) or not at all (a 0-D target, a one-element
  // gradOutput): as columns (N, 1) or (1), the engine broadcasts them along the classes. out, and weight (C),
  // broadcast along N by right alignment when self is 1-D.
  iter::ColumnStorage target_column;
  iter::ColumnStorage grad_column;
  iter::LoopPlanBuilder builder(shape, 2);
  builder.AddOperand(OperandOf(*args.out));                                      // kOutOperand
  builder.AddOperand(iter::AsColumn(OperandOf(*args.target), &target_column));     // kTargetOperand
  builder.AddOperand(iter::AsColumn(OperandOf(*args.grad_output), &grad_column));  // kGradOperand
  builder.AddOperand(OperandOf(*args.weight));                                   // kWeightOperand
  iter::LoopPlan plan = builder.Build(iter::DimPolicy::kKeepDims);

  NllKernelParams params{};
  params.classes = classes;
  params.ignore_index = args.ignore_index;
  params.mean = args.reduction == static_cast<int64_t>(Reduction::kMean);
  const int64_t out_bytes = DataTypeSize(args.out->dtype());
  params.streaming_stores = cpu::UseStreamingStores(rows * classes * out_bytes);
  // totalWeight is only read (and only validated as addressable) for mean.
  const char* total_weight = params.mean ? OperandOf(*args.total_weight).base : nullptr;
  const bool reference = kernel == SelectNllBlockKernel(args.target->dtype(), self.dtype(), args.out->dtype());
  const char* kernel_name = cpu::KernelTargetName(reference ? cpu::kReferenceKernels : cpu::ActiveKernelTarget());
  return {Status::Ok(), std::make_shared<NllLossBackwardLaunch>(plan, kernel, kernel_name, params, self.dtype(),
                                                                total_weight, out_bytes, args.target->rank() == 0)};
}

}  // namespace openaclnn::nll
