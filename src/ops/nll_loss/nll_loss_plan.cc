#include "ops/nll_loss/nll_loss_plan.h"

#include <array>
#include <cmath>
#include <memory>
#include <new>

#include "aclnn/opdev/op_errno.h"
#include "backend/cpu/parallel.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_round.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "framework/tensor_operand.h"
#include "framework/tolerated_fault.h"
#include "ops/class_index/class_positions.h"
#include "ops/class_index/target_fault.h"
#include "ops/nll_loss/nll_loss_kernel.h"

namespace openaclnn::nll_forward {
namespace {

struct ReducedOutput {
  char* address;
  aclDataType dtype;
};

class NllLossLaunch final : public Launch {
 public:
  NllLossLaunch(const char* api, const iter::LoopPlan& plan, const class_index::ClassPositions& positions,
                const NllRowParams& params, NllNoneKernel none_kernel, NllSumKernel sum_kernel, Reduction reduction,
                ReducedOutput out, ReducedOutput total_weight)
      : api_(api),
        plan_(plan),
        positions_(positions),
        params_(params),
        none_kernel_(none_kernel),
        sum_kernel_(sum_kernel),
        reduction_(reduction),
        out_(out),
        total_weight_(total_weight) {}

  Status Run() const override {
    class_index::SharedTargetFault fault;
    const Status status = reduction_ == Reduction::kNone ? RunNone(&fault) : RunReduced(&fault);
    const char* consequence = reduction_ == Reduction::kNone ? "out at that position was set to 0"
                                                             : "that position was left out of out and totalWeightOut";
    const Status target_status =
        class_index::ReportTargetFault(api_, fault.first(), positions_, params_.ignore_index, consequence);
    // Strict mode: the bad target is the first fault to report.
    return target_status.ok() ? status : target_status;
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return "reference"; }  // Double-precision scalar kernels only.

 private:
  Status RunNone(class_index::SharedTargetFault* fault) const {
    // A position costs a gather and one store of at most 4 bytes: split like any kernel by the bytes it writes.
    // (Reductions split by cpu::DeterministicSum's own fixed chunks.)
    cpu::ParallelFor(positions_.count, cpu::GrainForBytes(4), [&](int64_t begin, int64_t end) {
      class_index::TargetFault local;
      iter::ForEachBlock(plan_, begin, end,
                         [&](const iter::Block& block) { none_kernel_(block, params_, &local); });
      fault->Merge(local);
    });
    return Status::Ok();
  }

  Status RunReduced(class_index::SharedTargetFault* fault) const {
    const cpu::AddTermsFn<2> add_terms = [&](int64_t begin, int64_t end, cpu::LaneAccumulator<2>* lanes) {
      class_index::TargetFault local;
      iter::ForEachBlock(plan_, begin, end,
                         [&](const iter::Block& block) { sum_kernel_(block, params_, lanes, &local); });
      fault->Merge(local);
    };
    std::array<double, 2> sums;
    try {
      sums = cpu::DeterministicSum<2>(positions_.count, add_terms);
    } catch (const std::bad_alloc&) {
      return Status(ACL_ERROR_BAD_ALLOC, msg::ExecutionError(api_, "out of host memory for the partial sums."));
    }
    const double loss_sum = sums[0];
    const double total_weight = sums[1];
    // Mean divides the exact-as-possible totals once (0 / 0 = NaN when no row counts, as in PyTorch).
    const double loss = reduction_ == Reduction::kMean ? loss_sum / total_weight : loss_sum;
    // Both outputs are written even when one overflows its type; the first overflow is the one reported.
    const Status out_status = Store(out_, "out", loss);
    const Status total_status = Store(total_weight_, "totalWeightOut", total_weight);
    return out_status.ok() ? total_status : out_status;
  }

  // Rounds once; a finite value that only became infinite by that rounding is stored so (DECISIONS 14) and
  // logged, or in strict mode reported.
  Status Store(const ReducedOutput& output, const char* arg, double value) const {
    const double stored = cpu::StoreRoundedOnce(output.dtype, output.address, value);
    if (std::isfinite(value) && !std::isfinite(stored)) {
      return TolerateFault(api_, kReducedOverflowFault, ACL_ERROR_RT_AICORE_OVER_FLOW,
                           msg::ReducedOverflow(arg, value, output.dtype));
    }
    return Status::Ok();
  }

  const char* const api_;  // Phase 2's name, for messages.
  const iter::LoopPlan plan_;
  const class_index::ClassPositions positions_;
  const NllRowParams params_;
  const NllNoneKernel none_kernel_;
  const NllSumKernel sum_kernel_;
  const Reduction reduction_;
  const ReducedOutput out_;
  const ReducedOutput total_weight_;
};

Status NoKernel(const char* phase1_api) {
  return Status(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                msg::RuntimeError(phase1_api, "no kernel for the validated data types (internal error)."));
}

}  // namespace

Prepared PlanNllForward(const NllLossArgs& args, const char* phase1_api, const char* phase2_api) {
  const aclTensor& self = *args.self;
  const Reduction reduction = static_cast<Reduction>(args.reduction);
  const bool reduced = reduction != Reduction::kNone;
  if (self.empty() && !reduced) {
    return {Status::Ok(), nullptr};
  }
  ReducedOutput out{};
  ReducedOutput total_weight{};
  if (reduced) {
    out = {OperandOf(*args.out).base, args.out->dtype()};
    total_weight = {OperandOf(*args.total_weight_out).base, args.total_weight_out->dtype()};
  }
  const class_index::ClassPositions positions = class_index::PositionsOf(self);
  NllRowParams params{};
  params.classes = positions.classes;
  params.ignore_index = args.ignore_index;
  if (self.empty()) {
    // No positions (phase 1 rejected C == 0 with targets for NLL; for NLL2d an empty self has no positions or no
    // classes, and an empty target): the sums are 0, the mean 0 / 0 = NaN.
    class_index::ClassPositions none = positions;
    none.count = 0;
    return {Status::Ok(), std::make_shared<NllLossLaunch>(phase2_api, iter::LoopPlan{}, none, params, nullptr,
                                                          nullptr, reduction, out, total_weight)};
  }

  NllNoneKernel none_kernel = nullptr;
  NllSumKernel sum_kernel = nullptr;
  if (reduced) {
    sum_kernel = SelectNllSumKernel(args.target->dtype(), self.dtype());
  } else {
    none_kernel = SelectNllNoneKernel(args.target->dtype(), self.dtype(), args.out->dtype());
  }
  if (sum_kernel == nullptr && none_kernel == nullptr) {
    return {NoKernel(phase1_api), nullptr};
  }

  params.class_stride = StrideBytesOf(self, positions.class_dim);
  params.weight = OperandOf(*args.weight).base;
  params.weight_stride = StrideBytesOf(*args.weight, 0);

  // The plan runs over the positions in logical order (the sums' grouping follows the index alone); a 1-D self's
  // single position is a plan of one, along which the engine broadcasts the 0-D target and the one-element out.
  const int64_t one = 1;
  const bool single = positions.rank == 0;
  iter::LoopPlanBuilder builder(single ? &one : positions.dims, single ? 1 : positions.rank);
  builder.AddOperand(OperandOf(*args.target));  // kTargetOperand
  // self without its class dimension (the kernel walks that itself).
  class_index::ViewStorage self_storage;
  builder.AddOperand(class_index::DropClassDim(OperandOf(self), positions.class_dim, &self_storage));  // kSelfRow
  if (!reduced) {
    builder.AddOperand(OperandOf(*args.out));  // kOutOperand
  }
  const iter::LoopPlan plan = builder.Build(iter::DimPolicy::kCoalesceInLogicalOrder);
  return {Status::Ok(), std::make_shared<NllLossLaunch>(phase2_api, plan, positions, params, none_kernel, sum_kernel,
                                                        reduction, out, total_weight)};
}

Prepared PlanNllLoss(const NllLossArgs& args) { return PlanNllForward(args, kPhase1Api, kPhase2Api); }

}  // namespace openaclnn::nll_forward
