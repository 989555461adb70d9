#include "ops/nll_loss_backward/nll_loss_backward_plan.h"

#include <memory>
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
#include "ops/class_index/class_positions.h"
#include "ops/class_index/target_fault.h"
#include "ops/nll_loss_backward/nll_loss_backward_kernel.h"
#include "ops/nll_loss_backward/nll_loss_backward_kernel_hwy.h"

namespace openaclnn::nll {
namespace {

class NllLossBackwardLaunch final : public Launch {
 public:
  NllLossBackwardLaunch(const char* api, iter::LoopPlan plan, const class_index::ClassPositions& positions,
                        NllBlockKernel kernel, const char* kernel_name, NllKernelParams params,
                        aclDataType input_dtype, const char* total_weight, int64_t out_bytes)
      : api_(api),
        plan_(plan),
        positions_(positions),
        kernel_(kernel),
        kernel_name_(kernel_name),
        params_(params),
        input_dtype_(input_dtype),
        total_weight_(total_weight),
        out_bytes_(out_bytes) {}

  Status Run() const override {
    NllKernelParams params = params_;
    if (params.mean) {
      // Division first, then negation, as DECISIONS 5 fixes: -(g / totalWeight), later times w[t].
      const float grad = LoadAsFloat(input_dtype_, plan_.base[kGradOperand]);
      const float total_weight = LoadAsFloat(input_dtype_, total_weight_);
      params.mean_scale = -(grad / total_weight);
    }
    // Rows (one per position) are independent: threads take contiguous row ranges, and the first bad row is the
    // minimum over them.
    const int64_t classes = params.classes;
    const int64_t rows = positions_.count;
    class_index::SharedTargetFault fault;
    cpu::ParallelFor(rows, cpu::GrainForBytes(classes * out_bytes_), [&](int64_t first_row, int64_t end_row) {
      class_index::TargetFault local;
      iter::ForEachBlock(plan_, first_row * classes, end_row * classes,
                         [&](const iter::Block& block) { kernel_(block, params, &local); });
      fault.Merge(local);
    });
    return class_index::ReportTargetFault(api_, fault.fault(), positions_, params.ignore_index,
                                          "out at that position was left zero");
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return kernel_name_; }

 private:
  const char* const api_;  // Phase 2's name, for messages.
  const iter::LoopPlan plan_;
  const class_index::ClassPositions positions_;
  const NllBlockKernel kernel_;
  const char* const kernel_name_;
  const NllKernelParams params_;
  const aclDataType input_dtype_;
  const char* const total_weight_;
  const int64_t out_bytes_;  // Bytes per element of out.
};

}  // namespace

Prepared PlanNllBackward(const NllLossBackwardArgs& args, const char* phase1_api, const char* phase2_api) {
  const aclTensor& self = *args.self;
  if (self.empty()) {
    return {Status::Ok(), nullptr};
  }
  NllBlockKernel kernel = ChooseNllBlockKernel(args.target->dtype(), self.dtype(), args.out->dtype());
  if (kernel == nullptr) {
    return {Status(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                   msg::RuntimeError(phase1_api, "no kernel for the validated data types (internal error).")),
            nullptr};
  }
  // Iterate (positions..., C): a 1-D self is one position, (1, C); out's class dimension moves innermost.
  const class_index::ClassPositions positions = class_index::PositionsOf(self);
  const int64_t classes = positions.classes;
  int64_t shape[iter::kMaxLoopDims] = {1};
  int rank = 0;
  for (; rank < positions.rank; ++rank) {
    shape[rank] = positions.dims[rank];
  }
  rank = rank == 0 ? 1 : rank;
  shape[rank++] = classes;

  // target and gradOutput vary along the positions only (a per-position gradOutput) or not at all (a 0-D target, a
  // one-element gradOutput): as columns (positions..., 1) or (1), the engine broadcasts them along the classes.
  // weight (C) broadcasts along the positions by right alignment.
  class_index::ViewStorage out_storage;
  iter::ColumnStorage target_column;
  iter::ColumnStorage grad_column;
  iter::LoopPlanBuilder builder(shape, rank);
  builder.AddOperand(class_index::ClassDimLast(OperandOf(*args.out), positions.class_dim, &out_storage));  // kOut
  builder.AddOperand(iter::AsColumn(OperandOf(*args.target), &target_column));     // kTargetOperand
  builder.AddOperand(iter::AsColumn(OperandOf(*args.grad_output), &grad_column));  // kGradOperand
  builder.AddOperand(OperandOf(*args.weight));                                   // kWeightOperand
  iter::LoopPlan plan = builder.Build(iter::DimPolicy::kKeepDims);

  NllKernelParams params{};
  params.classes = classes;
  params.ignore_index = args.ignore_index;
  params.mean = args.reduction == static_cast<int64_t>(Reduction::kMean);
  const int64_t out_bytes = DataTypeSize(args.out->dtype());
  params.streaming_stores = cpu::UseStreamingStores(positions.count * classes * out_bytes);
  // totalWeight is only read (and only validated as addressable) for mean.
  const char* total_weight = params.mean ? OperandOf(*args.total_weight).base : nullptr;
  const bool reference = kernel == SelectNllBlockKernel(args.target->dtype(), self.dtype(), args.out->dtype());
  const char* kernel_name = cpu::KernelTargetName(reference ? cpu::kReferenceKernels : cpu::ActiveKernelTarget());
  return {Status::Ok(), std::make_shared<NllLossBackwardLaunch>(phase2_api, plan, positions, kernel, kernel_name,
                                                                params, self.dtype(), total_weight, out_bytes)};
}

Prepared PlanNllLossBackward(const NllLossBackwardArgs& args) {
  return PlanNllBackward(args, kPhase1Api, kPhase2Api);
}

}  // namespace openaclnn::nll
