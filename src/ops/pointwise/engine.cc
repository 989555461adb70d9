#include "ops/pointwise/engine.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <new>

#include "backend/cpu/kernel_target.h"
#include "backend/cpu/parallel.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_round.h"
#include "backend/cpu/store_policy.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "core/nan.h"
#include "core/reduction.h"
#include "core/tensor.h"
#include "framework/tensor_operand.h"
#include "framework/tolerated_fault.h"
#include "iter/loop_plan.h"

namespace openaclnn::pointwise {
namespace {

// The kernels a plan runs: the active target's vector kernel where it is compiled, else none (reference only).
template <typename Fn>
Fn ActiveSimd(Fn (*simd)(int64_t target)) {
  const int64_t target = cpu::ActiveKernelTarget();
  return target == cpu::kReferenceKernels ? nullptr : simd(target);
}

// The part of a block row [first, first + count) as a run; operand 0 of the plan is out when it has one.
Run RunOf(const iter::Block& block, int first_input, int inputs, const aclDataType* dtypes, int64_t row,
          int64_t first, int64_t count) {
  Run run{};
  for (int k = 0; k < inputs; ++k) {
    const int slot = first_input + k;
    run.input[k] = block.data[slot] + row * block.outer_stride[slot] + first * block.inner_stride[slot];
    run.stride[k] = block.inner_stride[slot];
    run.dtype[k] = dtypes[k];
  }
  run.count = count;
  return run;
}

// Calls consume(terms, count, row, first) for consecutive pieces of the block, in index order.
template <typename Consume>
void ForEachTermPiece(const iter::Block& block, int first_input, const aclDataType* dtypes,
                      const TermKernels& kernels, ForwardTermsFn simd, Consume&& consume) {
  double terms[kForwardPiece];
  for (int64_t row = 0; row < block.outer_size; ++row) {
    for (int64_t first = 0; first < block.inner_size; first += kForwardPiece) {
      const int64_t count = std::min(kForwardPiece, block.inner_size - first);
      const Run run = RunOf(block, first_input, kForwardInputs, dtypes, row, first, count);
      if (simd == nullptr || !simd(run, terms)) {
        kernels.forward_reference(run, terms);
      }
      consume(terms, count, row, first);
    }
  }
}

// One NaN for every path (core/nan.h): NaN terms may carry either input's payload.
inline double CanonicalTerm(double term) {
  return term != term ? static_cast<double>(BitsToFloat(kCanonicalNanBits)) : term;
}

struct ForwardParams {
  aclDataType dtypes[kForwardInputs];
  aclDataType out_dtype;
  const TermKernels* kernels;
  ForwardTermsFn simd;
  const char* kernel_name;  // For the debug log: "reference" or the SIMD target.
};

class ForwardNoneLaunch final : public Launch {
 public:
  ForwardNoneLaunch(const iter::LoopPlan& plan, const ForwardParams& params) : plan_(plan), params_(params) {}

  Status Run() const override {
    const int64_t grain = cpu::GrainForBytes(DataTypeSize(params_.out_dtype));
    cpu::ParallelFor(plan_.numel, grain, [this](int64_t begin, int64_t end) {
      iter::ForEachBlock(plan_, begin, end, [this](const iter::Block& block) {
        ForEachTermPiece(block, 1, params_.dtypes, *params_.kernels, params_.simd,
                         [&](const double* terms, int64_t count, int64_t row, int64_t first) {
                           char* out = block.data[0] + row * block.outer_stride[0] + first * block.inner_stride[0];
                           for (int64_t i = 0; i < count; ++i) {
                             cpu::StoreRoundedOnce(params_.out_dtype, out + i * block.inner_stride[0],
                                                   CanonicalTerm(terms[i]));
                           }
                         });
      });
    });
    return Status::Ok();
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return params_.kernel_name; }

 private:
  const iter::LoopPlan plan_;
  const ForwardParams params_;
};

class ForwardReducedLaunch final : public Launch {
 public:
  ForwardReducedLaunch(const iter::LoopPlan& plan, const ForwardParams& params, const char* run_api, bool mean,
                       char* out)
      : plan_(plan), params_(params), run_api_(run_api), mean_(mean), out_(out) {}

  Status Run() const override {
    const cpu::AddTermsFn<1> add_terms = [this](int64_t begin, int64_t end, cpu::LaneAccumulator<1>* lanes) {
      iter::ForEachBlock(plan_, begin, end, [&](const iter::Block& block) {
        ForEachTermPiece(block, 0, params_.dtypes, *params_.kernels, params_.simd,
                         [&](const double* terms, int64_t count, int64_t, int64_t) {
                           for (int64_t i = 0; i < count; ++i) {
                             lanes->Add({terms[i]});
                           }
                         });
      });
    };
    std::array<double, 1> sum;
    try {
      sum = cpu::DeterministicSum<1>(plan_.numel, add_terms);
    } catch (const std::bad_alloc&) {
      return Status(ACL_ERROR_BAD_ALLOC, msg::ExecutionError(run_api_, "out of host memory for the partial sums."));
    }
    // The mean divides the total once, in double: 0 / 0 = NaN for empty inputs, as CANN and PyTorch give. A total
    // beyond out's range is stored as infinity: a result, not an error (DECISIONS 14).
    const double value = mean_ ? sum[0] / static_cast<double>(plan_.numel) : sum[0];
    const double stored = cpu::StoreRoundedOnce(params_.out_dtype, out_, CanonicalTerm(value));
    if (std::isfinite(value) && !std::isfinite(stored)) {
      return TolerateFault(run_api_, kReducedOverflowFault, ACL_ERROR_RT_AICORE_OVER_FLOW,
                           msg::ReducedOverflow("out", value, params_.out_dtype));
    }
    return Status::Ok();
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return params_.kernel_name; }

 private:
  const iter::LoopPlan plan_;
  const ForwardParams params_;
  const char* const run_api_;
  const bool mean_;
  char* const out_;
};

struct BackwardParams {
  aclDataType dtypes[kBackwardInputs];
  aclDataType out_dtype;
  float scale;
  bool stream;
  const TermKernels* kernels;
  BackwardRunFn simd;
  const char* kernel_name;
};

class BackwardLaunch final : public Launch {
 public:
  BackwardLaunch(const iter::LoopPlan& plan, const BackwardParams& params) : plan_(plan), params_(params) {}

  Status Run() const override {
    const int64_t grain = cpu::GrainForBytes(DataTypeSize(params_.out_dtype));
    cpu::ParallelFor(plan_.numel, grain, [this](int64_t begin, int64_t end) {
      iter::ForEachBlock(plan_, begin, end, [this](const iter::Block& block) {
        for (int64_t row = 0; row < block.outer_size; ++row) {
          const pointwise::Run run = RunOf(block, 1, kBackwardInputs, params_.dtypes, row, 0, block.inner_size);
          const BackwardOut out{block.data[0] + row * block.outer_stride[0], block.inner_stride[0],
                                params_.out_dtype, params_.scale, params_.stream};
          if (params_.simd == nullptr || !params_.simd(run, out)) {
            params_.kernels->backward_reference(run, out);
          }
        }
      });
    });
    return Status::Ok();
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return params_.kernel_name; }

 private:
  const iter::LoopPlan plan_;
  const BackwardParams params_;
};

}  // namespace

std::vector<int64_t> BroadcastShape(std::initializer_list<const aclTensor*> tensors) {
  int64_t rank = 0;
  for (const aclTensor* tensor : tensors) {
    rank = std::max(rank, tensor->rank());
  }
  std::vector<int64_t> shape(static_cast<size_t>(rank), 1);
  for (const aclTensor* tensor : tensors) {
    const int64_t skip = rank - tensor->rank();
    for (int64_t d = 0; d < tensor->rank(); ++d) {
      const int64_t dim = tensor->view_dims[static_cast<size_t>(d)];
      int64_t& into = shape[static_cast<size_t>(skip + d)];
      into = dim == 1 ? into : dim;  // Broadcastable: equal, or one side 1 (a 0 wins over 1 too).
    }
  }
  return shape;
}

Prepared PlanForward(const ForwardCall& call) {
  const std::vector<int64_t> shape = BroadcastShape({call.self, call.target});
  const bool reduced = call.reduction != static_cast<int64_t>(Reduction::kNone);
  const bool mean = call.reduction == static_cast<int64_t>(Reduction::kMean);
  int64_t numel = 1;
  for (int64_t dim : shape) {
    numel *= dim;
  }
  ForwardParams params{};
  params.dtypes[0] = call.self->dtype();
  params.dtypes[1] = call.target->dtype();
  params.out_dtype = call.out->dtype();
  params.kernels = call.kernels;
  params.simd = ActiveSimd(call.kernels->forward_simd);
  params.kernel_name = cpu::KernelTargetName(params.simd != nullptr ? cpu::ActiveKernelTarget() : cpu::kReferenceKernels);
  const int64_t rank = static_cast<int64_t>(shape.size());
  if (!reduced) {
    if (numel == 0) {
      return {Status::Ok(), nullptr};
    }
    // out first: it decides the traversal order, so out is written in memory order.
    iter::LoopPlanBuilder builder(shape.data(), rank);
    builder.AddOperand(OperandOf(*call.out));
    builder.AddOperand(OperandOf(*call.self));
    builder.AddOperand(OperandOf(*call.target));
    return {Status::Ok(),
            std::make_shared<ForwardNoneLaunch>(builder.Build(iter::DimPolicy::kReorderAndCoalesce), params)};
  }
  char* out = OperandOf(*call.out).base;
  if (numel == 0) {
    return {Status::Ok(), std::make_shared<ForwardReducedLaunch>(iter::LoopPlan{}, params, call.run_api, mean, out)};
  }
  // The sum groups its additions by linear index, so the plan walks the broadcast shape in logical order whatever
  // the strides: the result depends on the values alone, never on the layout.
  iter::LoopPlanBuilder builder(shape.data(), rank);
  builder.AddOperand(OperandOf(*call.self));
  builder.AddOperand(OperandOf(*call.target));
  return {Status::Ok(), std::make_shared<ForwardReducedLaunch>(builder.Build(iter::DimPolicy::kCoalesceInLogicalOrder),
                                                               params, call.run_api, mean, out)};
}

Prepared PlanBackward(const BackwardCall& call) {
  const aclTensor& out = *call.out;
  if (out.empty()) {
    return {Status::Ok(), nullptr};
  }
  BackwardParams params{};
  params.dtypes[0] = call.grad_output->dtype();
  params.dtypes[1] = call.self->dtype();
  params.dtypes[2] = call.target->dtype();
  params.out_dtype = out.dtype();
  params.scale = call.scale;
  params.stream = cpu::UseStreamingStores(out.numel() * DataTypeSize(out.dtype()));
  params.kernels = call.kernels;
  params.simd = ActiveSimd(call.kernels->backward_simd);
  params.kernel_name = cpu::KernelTargetName(params.simd != nullptr ? cpu::ActiveKernelTarget() : cpu::kReferenceKernels);
  iter::LoopPlanBuilder builder(out.view_dims.data(), out.rank());
  builder.AddOperand(OperandOf(out));
  builder.AddOperand(OperandOf(*call.grad_output));
  builder.AddOperand(OperandOf(*call.self));
  builder.AddOperand(OperandOf(*call.target));
  return {Status::Ok(), std::make_shared<BackwardLaunch>(builder.Build(iter::DimPolicy::kReorderAndCoalesce), params)};
}

}  // namespace openaclnn::pointwise
