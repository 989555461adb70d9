#include "ops/binary_cross_entropy/binary_cross_entropy_plan.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <new>

#include "backend/cpu/parallel.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_round.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "framework/tensor_operand.h"
#include "framework/tolerated_fault.h"
#include "iter/loop_plan.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_kernel.h"

namespace openaclnn::bce_forward {
namespace {

// Reduction none writes one out element and evaluates two logarithms per element: compute-bound, so the grain
// policy splits it sooner than the streaming kernels. Elements are independent, so results do not depend on the
// split.
constexpr int64_t kNoneLogarithms = 2;

class BceNoneLaunch final : public Launch {
 public:
  BceNoneLaunch(const iter::LoopPlan& plan, const BceKernelParams& params) : plan_(plan), params_(params) {}

  Status Run() const override {
    const int64_t grain = cpu::GrainForBytes(DataTypeSize(params_.out_dtype), kNoneLogarithms);
    cpu::ParallelFor(plan_.numel, grain, [this](int64_t begin, int64_t end) {
      iter::ForEachBlock(plan_, begin, end, [this](const iter::Block& block) { BceNoneReference(block, params_); });
    });
    return Status::Ok();
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return "reference"; }  // Double-precision scalar kernels only.

 private:
  const iter::LoopPlan plan_;
  const BceKernelParams params_;
};

class BceReducedLaunch final : public Launch {
 public:
  BceReducedLaunch(const iter::LoopPlan& plan, const BceKernelParams& params, bool mean, char* out)
      : plan_(plan), params_(params), mean_(mean), out_(out) {}

  Status Run() const override {
    const cpu::AddTermsFn<1> add_terms = [this](int64_t begin, int64_t end, cpu::LaneAccumulator<1>* lanes) {
      iter::ForEachBlock(plan_, begin, end,
                         [&](const iter::Block& block) { BceSumReference(block, params_, lanes); });
    };
    std::array<double, 1> sum;
    try {
      sum = cpu::DeterministicSum<1>(plan_.numel, add_terms);
    } catch (const std::bad_alloc&) {
      return Status(ACL_ERROR_BAD_ALLOC, msg::ExecutionError(kPhase2Api, "out of host memory for the partial sums."));
    }
    // Mean divides the total once, in double (0 / 0 = NaN for an empty self, as CANN and PyTorch give).
    const double value = mean_ ? sum[0] / static_cast<double>(plan_.numel) : sum[0];
    const double stored = cpu::StoreRoundedOnce(params_.out_dtype, out_, value);
    if (std::isfinite(value) && !std::isfinite(stored)) {
      return TolerateFault(kPhase2Api, kReducedOverflowFault, ACL_ERROR_RT_AICORE_OVER_FLOW,
                           msg::ReducedOverflow("out", value, params_.out_dtype));
    }
    return Status::Ok();
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return "reference"; }  // Double-precision scalar kernels only.

 private:
  const iter::LoopPlan plan_;
  const BceKernelParams params_;
  const bool mean_;
  char* const out_;
};

}  // namespace

Prepared PlanBce(const BceArgs& args) {
  const aclTensor& self = *args.self;
  const bool reduced = args.reduction != static_cast<int64_t>(Reduction::kNone);
  if (self.empty() && !reduced) {
    return {Status::Ok(), nullptr};
  }
  BceKernelParams params{};
  params.self_dtype = self.dtype();
  params.target_dtype = args.target->dtype();
  params.weight_dtype = args.weight != nullptr ? args.weight->dtype() : ACL_DT_UNDEFINED;
  params.out_dtype = args.out->dtype();
  const bool mean = args.reduction == static_cast<int64_t>(Reduction::kMean);

  if (reduced) {
    char* out = OperandOf(*args.out).base;
    if (self.empty()) {
      // No elements: the sum is 0 and the mean 0 / 0 = NaN; nothing is read.
      return {Status::Ok(), std::make_shared<BceReducedLaunch>(iter::LoopPlan{}, params, mean, out)};
    }
    // The sum groups its additions by linear index, so the plan walks self's logical order whatever the strides:
    // the result then depends on the values alone, never on the layout.
    iter::LoopPlanBuilder builder(self.view_dims.data(), self.rank());
    params.self_slot = builder.AddOperand(OperandOf(self));
    params.target_slot = builder.AddOperand(OperandOf(*args.target));
    params.weight_slot = args.weight != nullptr ? builder.AddOperand(OperandOf(*args.weight)) : -1;
    params.out_slot = -1;
    const iter::LoopPlan plan = builder.Build(iter::DimPolicy::kCoalesceInLogicalOrder);
    return {Status::Ok(), std::make_shared<BceReducedLaunch>(plan, params, mean, out)};
  }

  iter::LoopPlanBuilder builder(self.view_dims.data(), self.rank());
  // out first: it decides the traversal order, so out is written in memory order.
  params.out_slot = builder.AddOperand(OperandOf(*args.out));
  params.self_slot = builder.AddOperand(OperandOf(self));
  params.target_slot = builder.AddOperand(OperandOf(*args.target));
  params.weight_slot = args.weight != nullptr ? builder.AddOperand(OperandOf(*args.weight)) : -1;
  return {Status::Ok(),
          std::make_shared<BceNoneLaunch>(builder.Build(iter::DimPolicy::kReorderAndCoalesce), params)};
}

}  // namespace openaclnn::bce_forward
