#include "ops/binary_cross_entropy/binary_cross_entropy_plan.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <new>

#include "backend/cpu/parallel.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_round.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "framework/tensor_operand.h"
#include "iter/loop_plan.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_kernel.h"

namespace openaclnn::bce_forward {
namespace {

// Elements per parallel chunk for reduction none: below this a call stays on one thread. Two logarithms per
// element make this kernel compute-bound, so it splits sooner than the streaming kernels (about 0.5 ms of work
// per chunk). Elements are independent, so results do not depend on the split.
constexpr int64_t kNoneGrain = int64_t{1} << 14;

class BceNoneLaunch final : public Launch {
 public:
  BceNoneLaunch(const iter::LoopPlan& plan, const BceKernelParams& params) : plan_(plan), params_(params) {}

  Status Run() const override {
    cpu::ParallelFor(plan_.numel, kNoneGrain, [this](int64_t begin, int64_t end) {
      iter::ForEachBlock(plan_, begin, end, [this](const iter::Block& block) { BceNoneReference(block, params_); });
    });
    return Status::Ok();
  }

  int64_t Elements() const override { return plan_.numel; }

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
      return Status(ACL_ERROR_RT_AICORE_OVER_FLOW, msg::ReducedOverflow(kPhase2Api, "out", value, params_.out_dtype));
    }
    return Status::Ok();
  }

  int64_t Elements() const override { return plan_.numel; }

 private:
  const iter::LoopPlan plan_;
  const BceKernelParams params_;
  const bool mean_;
  char* const out_;
};

// A plan over self's shape whose linear order is self's logical (row-major) order, whatever the strides, so a
// reduced result depends on the values alone. Size-1 dimensions are dropped and neighbours merged where every
// operand steps across both uniformly (as kReorderAndCoalesce would, without reordering).
iter::LoopPlan LogicalOrderPlan(const aclTensor& self, const aclTensor* const* operands, int count) {
  const int rank = static_cast<int>(self.rank());
  int64_t aligned[iter::kMaxOperands][iter::kMaxLoopDims] = {};  // Element strides on self's dims, 0 = broadcast.
  for (int k = 0; k < count; ++k) {
    const aclTensor& tensor = *operands[k];
    const int lead = rank - static_cast<int>(tensor.rank());
    for (int d = 0; d < rank; ++d) {
      const int source = d - lead;
      const bool broadcast = source < 0 || (tensor.view_dims[source] == 1 && self.view_dims[d] != 1);
      aligned[k][d] = broadcast ? 0 : tensor.strides[source];
    }
  }
  int64_t dims[iter::kMaxLoopDims] = {};
  int64_t merged[iter::kMaxOperands][iter::kMaxLoopDims] = {};
  int merged_rank = 0;
  for (int d = 0; d < rank; ++d) {
    const int64_t size = self.view_dims[d];
    if (size == 1) {
      continue;
    }
    bool mergeable = merged_rank > 0;
    for (int k = 0; k < count && mergeable; ++k) {
      mergeable = merged[k][merged_rank - 1] == aligned[k][d] * size;
    }
    if (mergeable) {
      dims[merged_rank - 1] *= size;
      for (int k = 0; k < count; ++k) {
        merged[k][merged_rank - 1] = aligned[k][d];
      }
      continue;
    }
    dims[merged_rank] = size;
    for (int k = 0; k < count; ++k) {
      merged[k][merged_rank] = aligned[k][d];
    }
    ++merged_rank;
  }
  iter::LoopPlanBuilder builder(dims, merged_rank);
  for (int k = 0; k < count; ++k) {
    iter::OperandView view = OperandOf(*operands[k]);
    view.rank = merged_rank;
    view.dims = dims;
    view.strides = merged[k];
    builder.AddOperand(view);
  }
  return builder.Build(iter::DimPolicy::kKeepDims);
}

}  // namespace

Prepared PlanBce(const BceArgs& args) {
  const aclTensor& self = *args.self;
  const bool reduced = args.reduction != static_cast<int64_t>(Reduction::kNone);
  if (self.empty() && !reduced) {
    return {Status::Ok(), nullptr};
  }
  BceKernelParams params{};
  params.self_dtype = self.dtype;
  params.target_dtype = args.target->dtype;
  params.weight_dtype = args.weight != nullptr ? args.weight->dtype : ACL_DT_UNDEFINED;
  params.out_dtype = args.out->dtype;
  const bool mean = args.reduction == static_cast<int64_t>(Reduction::kMean);

  if (reduced) {
    char* out = OperandOf(*args.out).base;
    if (self.empty()) {
      // No elements: the sum is 0 and the mean 0 / 0 = NaN; nothing is read.
      return {Status::Ok(), std::make_shared<BceReducedLaunch>(iter::LoopPlan{}, params, mean, out)};
    }
    const aclTensor* operands[3] = {&self, args.target, args.weight};
    params.self_slot = 0;
    params.target_slot = 1;
    params.weight_slot = args.weight != nullptr ? 2 : -1;
    params.out_slot = -1;
    const iter::LoopPlan plan = LogicalOrderPlan(self, operands, args.weight != nullptr ? 3 : 2);
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
