#include "ops/nll_loss_backward/nll_loss_backward_plan.h"

#include <cstring>
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
                        aclDataType input_dtype, const char* total_weight, int64_t out_bytes,
                        const iter::LoopPlan* zero_plan, bool zero_first = true)
      : api_(api),
        plan_(plan),
        positions_(positions),
        kernel_(kernel),
        kernel_name_(kernel_name),
        params_(params),
        input_dtype_(input_dtype),
        total_weight_(total_weight),
        out_bytes_(out_bytes),
        scatter_(zero_plan != nullptr),
        zero_first_(scatter_ && zero_first),
        zero_plan_(zero_plan != nullptr ? *zero_plan : iter::LoopPlan{}) {}

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
    // Scatter form: zero out in its own memory order first (unless the planes kernel writes every element); its
    // plan then runs over the positions, not the rows.
    const int64_t per_row = scatter_ ? 1 : classes;
    if (zero_first_) {
      ZeroOut();
    }
    cpu::ParallelFor(rows, cpu::GrainForBytes(classes * out_bytes_), [&](int64_t first_row, int64_t end_row) {
      class_index::TargetFault local;
      iter::ForEachBlock(plan_, first_row * per_row, end_row * per_row,
                         [&](const iter::Block& block) { kernel_(block, params, &local); });
      fault.Merge(local);
    });
    return class_index::ReportTargetFault(api_, fault.first(), positions_, params.ignore_index,
                                          "out at that position was left zero");
  }

  int64_t Elements() const override { return scatter_ ? zero_plan_.numel : plan_.numel; }
  const char* KernelName() const override { return kernel_name_; }

 private:
  // +0.0 is all-zero bits in every float format.
  void ZeroOut() const {
    cpu::ParallelFor(zero_plan_.numel, cpu::GrainForBytes(out_bytes_), [&](int64_t begin, int64_t end) {
      iter::ForEachBlock(zero_plan_, begin, end, [&](const iter::Block& block) {
        for (int64_t j = 0; j < block.outer_size; ++j) {
          char* run = block.data[0] + j * block.outer_stride[0];
          if (block.inner_stride[0] == out_bytes_) {
            std::memset(run, 0, static_cast<size_t>(block.inner_size * out_bytes_));
            continue;
          }
          for (int64_t i = 0; i < block.inner_size; ++i) {
            std::memset(run + i * block.inner_stride[0], 0, static_cast<size_t>(out_bytes_));
          }
        }
      });
    });
  }

  const char* const api_;  // Phase 2's name, for messages.
  const iter::LoopPlan plan_;
  const class_index::ClassPositions positions_;
  const NllBlockKernel kernel_;
  const char* const kernel_name_;
  const NllKernelParams params_;
  const aclDataType input_dtype_;
  const char* const total_weight_;
  const int64_t out_bytes_;  // Bytes per element of out.
  const bool scatter_;       // plan_ is over the positions and zero_plan_ over out (SelectNllScatterKernel).
  const bool zero_first_;    // The scatter kernel writes the counting positions only: out is zeroed first.
  const iter::LoopPlan zero_plan_;
};

// Whether out's class dimension is not its innermost in memory (some other dimension longer than one steps by
// fewer bytes), so that rows of classes would be written far apart: then the scatter form is used.
bool ClassDimOutermostInMemory(const aclTensor& out, int class_dim) {
  const int64_t class_stride = out.strides[static_cast<size_t>(class_dim)];
  for (int64_t d = 0; d < out.rank(); ++d) {
    const auto index = static_cast<size_t>(d);
    if (d != class_dim && out.view_dims[index] > 1 && out.strides[index] < class_stride) {
      return true;
    }
  }
  return false;
}

// The scatter form's launch: out zeroed in its memory order, then one value per counting position.
Prepared PlanScatter(const NllLossBackwardArgs& args, const char* phase1_api, const char* phase2_api,
                     const class_index::ClassPositions& positions, NllKernelParams params) {
  const aclTensor& self = *args.self;
  // The planes kernel (SIMD targets) writes all of out in one pass; the reference scatter kernel needs a zero fill.
  const NllBlockKernel planes =
      ChooseNllPlanesKernel(args.target->dtype(), self.dtype(), args.out->dtype(), params.classes);
  const NllBlockKernel kernel =
      planes != nullptr ? planes : SelectNllScatterKernel(args.target->dtype(), self.dtype(), args.out->dtype());
  if (kernel == nullptr) {
    return {Status(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                   msg::RuntimeError(phase1_api, "no kernel for the validated data types (internal error).")),
            nullptr};
  }
  const int64_t out_bytes = DataTypeSize(args.out->dtype());
  params.weight = OperandOf(*args.weight).base;
  params.weight_stride = StrideBytesOf(*args.weight, 0);
  params.class_stride = StrideBytesOf(*args.out, positions.class_dim);
  class_index::ViewStorage out_storage;
  iter::LoopPlanBuilder builder(positions.dims, positions.rank);
  builder.AddOperand(class_index::DropClassDim(OperandOf(*args.out), positions.class_dim, &out_storage));  // kOut
  builder.AddOperand(OperandOf(*args.target));       // kTargetOperand
  builder.AddOperand(OperandOf(*args.grad_output));  // kGradOperand: per position, or one element broadcast.
  // Logical order: the linear index is the position, as the fault report names it.
  const iter::LoopPlan plan = builder.Build(iter::DimPolicy::kCoalesceInLogicalOrder);
  iter::LoopPlanBuilder zero_builder(args.out->view_dims.data(), args.out->rank());
  zero_builder.AddOperand(OperandOf(*args.out));
  const iter::LoopPlan zero_plan = zero_builder.Build(iter::DimPolicy::kReorderAndCoalesce);
  const char* total_weight = params.mean ? OperandOf(*args.total_weight).base : nullptr;
  params.streaming_stores = cpu::UseStreamingStores(positions.count * params.classes * out_bytes);
  const char* kernel_name =
      cpu::KernelTargetName(planes != nullptr ? cpu::ActiveKernelTarget() : cpu::kReferenceKernels);
  return {Status::Ok(), std::make_shared<NllLossBackwardLaunch>(phase2_api, plan, positions, kernel, kernel_name,
                                                                params, self.dtype(), total_weight, out_bytes,
                                                                &zero_plan, /*zero_first=*/planes == nullptr)};
}

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
  const class_index::ClassPositions positions = class_index::PositionsOf(self);
  const int64_t classes = positions.classes;
  if (positions.rank > 0 && ClassDimOutermostInMemory(*args.out, positions.class_dim)) {
    NllKernelParams params{};
    params.classes = classes;
    params.ignore_index = args.ignore_index;
    params.mean = args.reduction == static_cast<int64_t>(Reduction::kMean);
    return PlanScatter(args, phase1_api, phase2_api, positions, params);
  }
  // Iterate (positions..., C): a 1-D self is one position, (1, C); out's class dimension moves innermost.
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
                                                                params, self.dtype(), total_weight, out_bytes,
                                                                nullptr)};
}

Prepared PlanNllLossBackward(const NllLossBackwardArgs& args) {
  return PlanNllBackward(args, kPhase1Api, kPhase2Api);
}

}  // namespace openaclnn::nll
