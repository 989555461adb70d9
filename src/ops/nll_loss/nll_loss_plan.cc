#include "ops/nll_loss/nll_loss_plan.h"

#include <array>
#include <cmath>
#include <memory>
#include <mutex>
#include <new>

#include "aclnn/opdev/op_errno.h"
#include "backend/cpu/parallel.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_round.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "framework/tensor_operand.h"
#include "framework/tolerated_fault.h"
#include "ops/nll_loss/nll_loss_kernel.h"

namespace openaclnn::nll_forward {
namespace {

// The first bad target over chunks that may run concurrently.
class SharedFault {
 public:
  void Merge(const TargetFault& local) {
    if (local.row < 0) {
      return;
    }
    std::lock_guard<std::mutex> lock(mu_);
    fault_.Note(local.row, local.value);
  }
  const TargetFault& fault() const { return fault_; }

 private:
  std::mutex mu_;
  TargetFault fault_;
};

struct ReducedOutput {
  char* address;
  aclDataType dtype;
};

class NllLossLaunch final : public Launch {
 public:
  NllLossLaunch(const iter::LoopPlan& plan, int64_t rows, const NllRowParams& params, NllNoneKernel none_kernel,
                NllSumKernel sum_kernel, Reduction reduction, ReducedOutput out, ReducedOutput total_weight,
                bool zero_dim_target)
      : plan_(plan),
        rows_(rows),
        params_(params),
        none_kernel_(none_kernel),
        sum_kernel_(sum_kernel),
        reduction_(reduction),
        out_(out),
        total_weight_(total_weight),
        zero_dim_target_(zero_dim_target) {}

  Status Run() const override {
    SharedFault fault;
    const Status status = reduction_ == Reduction::kNone ? RunNone(&fault) : RunReduced(&fault);
    if (fault.fault().row >= 0) {
      const char* consequence = reduction_ == Reduction::kNone
                                    ? "out for that row was set to 0"
                                    : "that row was left out of out and totalWeightOut";
      const Status target_status = TolerateFault(
          kPhase2Api, kTargetOutOfRangeFault, ACL_ERROR_RT_AICORE_EXCEPTION,
          msg::TargetOutOfRange(fault.fault().row, zero_dim_target_, fault.fault().value, params_.classes,
                                params_.ignore_index, consequence));
      if (!target_status.ok()) {
        return target_status;  // Strict mode: the bad target is the first fault to report.
      }
    }
    return status;
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return "reference"; }  // Double-precision scalar kernels only.

 private:
  Status RunNone(SharedFault* fault) const {
    // A row costs a gather and one store of at most 4 bytes: split like any kernel by the bytes it writes.
    // (Reductions split by cpu::DeterministicSum's own fixed chunks.)
    cpu::ParallelFor(rows_, cpu::GrainForBytes(4), [&](int64_t begin, int64_t end) {
      TargetFault local;
      iter::ForEachBlock(plan_, begin, end,
                         [&](const iter::Block& block) { none_kernel_(block, params_, &local); });
      fault->Merge(local);
    });
    return Status::Ok();
  }

  Status RunReduced(SharedFault* fault) const {
    const cpu::AddTermsFn<2> add_terms = [&](int64_t begin, int64_t end, cpu::LaneAccumulator<2>* lanes) {
      TargetFault local;
      iter::ForEachBlock(plan_, begin, end,
                         [&](const iter::Block& block) { sum_kernel_(block, params_, lanes, &local); });
      fault->Merge(local);
    };
    std::array<double, 2> sums;
    try {
      sums = cpu::DeterministicSum<2>(rows_, add_terms);
    } catch (const std::bad_alloc&) {
      return Status(ACL_ERROR_BAD_ALLOC, msg::ExecutionError(kPhase2Api, "out of host memory for the partial sums."));
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
  static Status Store(const ReducedOutput& output, const char* arg, double value) {
    const double stored = cpu::StoreRoundedOnce(output.dtype, output.address, value);
    if (std::isfinite(value) && !std::isfinite(stored)) {
      return TolerateFault(kPhase2Api, kReducedOverflowFault, ACL_ERROR_RT_AICORE_OVER_FLOW,
                           msg::ReducedOverflow(arg, value, output.dtype));
    }
    return Status::Ok();
  }

  const iter::LoopPlan plan_;
  const int64_t rows_;
  const NllRowParams params_;
  const NllNoneKernel none_kernel_;
  const NllSumKernel sum_kernel_;
  const Reduction reduction_;
  const ReducedOutput out_;
  const ReducedOutput total_weight_;
  const bool zero_dim_target_;  // A 1-D self's single target: the message names no row.
};

Status NoKernel() {
  return Status(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                msg::RuntimeError(kPhase1Api, "no kernel for the validated data types (internal error)."));
}

}  // namespace

Prepared PlanNllLoss(const NllLossArgs& args) {
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
  NllRowParams params{};
  params.classes = self.view_dims[self.rank() - 1];
  params.ignore_index = args.ignore_index;
  if (self.empty()) {
    // N == 0 (phase 1 rejected C == 0 with targets): no rows, so the sums are 0, the mean 0 / 0 = NaN.
    return {Status::Ok(), std::make_shared<NllLossLaunch>(iter::LoopPlan{}, 0, params, nullptr, nullptr, reduction,
                                                          out, total_weight, false)};
  }

  NllNoneKernel none_kernel = nullptr;
  NllSumKernel sum_kernel = nullptr;
  if (reduced) {
    sum_kernel = SelectNllSumKernel(args.target->dtype(), self.dtype());
  } else {
    none_kernel = SelectNllNoneKernel(args.target->dtype(), self.dtype(), args.out->dtype());
  }
  if (sum_kernel == nullptr && none_kernel == nullptr) {
    return {NoKernel(), nullptr};
  }

  // A 1-D self is one row.
  const int64_t rows = self.rank() == 2 ? self.view_dims[0] : 1;
  const int64_t element_bytes = DataTypeSize(self.dtype());
  params.class_stride = self.strides.back() * element_bytes;
  params.weight = OperandOf(*args.weight).base;
  params.weight_stride = args.weight->strides[0] * element_bytes;

  // The plan runs over the rows; the engine broadcasts a 0-D target and a 0-D out along them.
  const int64_t shape[1] = {rows};
  iter::LoopPlanBuilder builder(shape, 1);
  builder.AddOperand(OperandOf(*args.target));  // kTargetOperand
  // self without its class dimension (the kernel walks that itself): a 1-D self's only row then broadcasts.
  iter::OperandView self_rows = OperandOf(self);
  self_rows.rank = self.rank() - 1;
  builder.AddOperand(self_rows);  // kSelfRowOperand
  if (!reduced) {
    builder.AddOperand(OperandOf(*args.out));  // kOutOperand
  }
  const iter::LoopPlan plan = builder.Build(iter::DimPolicy::kKeepDims);
  return {Status::Ok(), std::make_shared<NllLossLaunch>(plan, rows, params, none_kernel, sum_kernel, reduction, out,
                                                        total_weight, args.target->rank() == 0)};
}

}  // namespace openaclnn::nll_forward
