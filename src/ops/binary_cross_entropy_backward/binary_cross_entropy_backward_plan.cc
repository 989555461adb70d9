#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_plan.h"

#include <algorithm>
#include <cstdint>
#include <memory>

#include "backend/cpu/kernel_target.h"
#include "backend/cpu/parallel.h"
#include "backend/cpu/store_policy.h"
#include "core/dtype.h"
#include "core/reduction.h"
#include "framework/tensor_operand.h"
#include "iter/loop_plan.h"
#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_kernel.h"
#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_kernel_hwy.h"

namespace openaclnn::bce {
namespace {

// Threads split the elements at multiples of this many, so no two threads write one cache line and each chunk
// starts vector-aligned wherever out is.
constexpr int64_t kSplitElements = 64;

class BceBackwardLaunch final : public Launch {
 public:
  BceBackwardLaunch(const iter::LoopPlan& plan, BceBlockKernel kernel, const char* kernel_name,
                    const BceKernelParams& params)
      : plan_(plan), kernel_(kernel), kernel_name_(kernel_name), params_(params) {}

  Status Run() const override {
    const int64_t units = (plan_.numel + kSplitElements - 1) / kSplitElements;
    const int64_t grain = cpu::GrainForBytes(kSplitElements * DataTypeSize(params_.dtype[kOutOperand]));
    cpu::ParallelFor(units, grain, [this](int64_t first_unit, int64_t end_unit) {
      const int64_t end = std::min(end_unit * kSplitElements, plan_.numel);
      iter::ForEachBlock(plan_, first_unit * kSplitElements, end,
                         [this](const iter::Block& block) { kernel_(block, params_); });
    });
    return Status::Ok();
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return kernel_name_; }

 private:
  const iter::LoopPlan plan_;
  const BceBlockKernel kernel_;
  const char* const kernel_name_;
  const BceKernelParams params_;
};

}  // namespace

Prepared PlanBceBackward(const BceBackwardArgs& args) {
  const aclTensor& self = *args.self;
  if (self.empty()) {
    return {Status::Ok(), nullptr};
  }
  iter::LoopPlanBuilder builder(self.view_dims.data(), self.rank());
  // out first: it decides the traversal order, so out is written in memory order.
  builder.AddOperand(OperandOf(*args.out));          // kOutOperand
  builder.AddOperand(OperandOf(self));               // kSelfOperand
  builder.AddOperand(OperandOf(*args.target));       // kTargetOperand
  builder.AddOperand(OperandOf(*args.grad_output));  // kGradOperand
  BceKernelParams params{};
  params.dtype[kOutOperand] = args.out->dtype();
  params.dtype[kSelfOperand] = self.dtype();
  params.dtype[kTargetOperand] = args.target->dtype();
  params.dtype[kGradOperand] = args.grad_output->dtype();
  params.dtype[kWeightOperand] = ACL_DT_UNDEFINED;
  params.has_weight = args.weight != nullptr;
  if (params.has_weight) {
    builder.AddOperand(OperandOf(*args.weight));  // kWeightOperand
    params.dtype[kWeightOperand] = args.weight->dtype();
  }
  const iter::LoopPlan plan = builder.Build(iter::DimPolicy::kReorderAndCoalesce);
  params.mean = args.reduction == static_cast<int64_t>(Reduction::kMean);
  // The reciprocal once, in float (DECISIONS 6); numel(self) > 2^24 is itself rounded to float first.
  params.mean_scale = 1.0f / static_cast<float>(plan.numel);
  params.streaming_stores = cpu::UseStreamingStores(plan.numel * DataTypeSize(args.out->dtype()));
  const BceBlockKernel kernel = ChooseBceBlockKernel(params);
  const bool reference = kernel == SelectBceBlockKernel(params);
  const char* kernel_name = cpu::KernelTargetName(reference ? cpu::kReferenceKernels : cpu::ActiveKernelTarget());
  return {Status::Ok(), std::make_shared<BceBackwardLaunch>(plan, kernel, kernel_name, params)};
}

}  // namespace openaclnn::bce
