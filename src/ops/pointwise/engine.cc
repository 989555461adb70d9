#include "ops/pointwise/engine.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <new>
#include <string>

#include "backend/cpu/first_fault.h"
#include "backend/cpu/kernel_target.h"
#include "backend/cpu/parallel.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_round.h"
#include "backend/cpu/store_policy.h"
#include "core/dtype.h"
#include "core/element.h"
#include "core/messages.h"
#include "core/nan.h"
#include "core/reduction.h"
#include "core/tensor.h"
#include "framework/phase1_log.h"
#include "framework/tensor_operand.h"
#include "framework/tolerated_fault.h"
#include "iter/loop_plan.h"
#include "ops/pointwise/reference.h"

namespace openaclnn::pointwise {
namespace {

// The kernels a plan runs: the active target's vector kernel where it is compiled, else none (reference only).
template <typename Fn>
Fn ActiveSimd(Fn (*simd)(int64_t target)) {
  const int64_t target = cpu::ActiveKernelTarget();
  return target == cpu::kReferenceKernels ? nullptr : simd(target);
}

// Element-wise launches give each thread a multiple of this many elements, so that no two threads write one cache
// line of out and each thread's share starts vector-aligned wherever out does (out decides the plan's order).
constexpr int64_t kSplitElements = 64;

// fn(begin, end) on parts of [0, count) split at multiples of kSplitElements, possibly concurrently; the grain
// policy's work per element as cpu::GrainForBytes takes it.
template <typename Fn>
void ParallelForElements(int64_t count, int64_t bytes_per_element, int64_t transcendentals_per_element, Fn&& fn) {
  const int64_t units = (count + kSplitElements - 1) / kSplitElements;
  const int64_t grain =
      cpu::GrainForBytes(kSplitElements * bytes_per_element, kSplitElements * transcendentals_per_element);
  cpu::ParallelFor(units, grain, [&](int64_t first_unit, int64_t end_unit) {
    fn(first_unit * kSplitElements, std::min(end_unit * kSplitElements, count));
  });
}

// The one element each absent extra operand reads (engine.h's ExtraOperand), as a 0-D operand of the plan.
struct AbsentValues {
  alignas(8) char bytes[kMaxExtraOperands][8] = {};
};

// The part of a block row [first, first + count) as a run; operand 0 of the plan is out when it has one.
Run RunOf(const iter::Block& block, int first_input, int inputs, const aclDataType* dtypes,
          const TermParams& params, int64_t row, int64_t first, int64_t count) {
  Run run{};
  for (int k = 0; k < inputs; ++k) {
    const int slot = first_input + k;
    run.input[k] = block.data[slot] + row * block.outer_stride[slot] + first * block.inner_stride[slot];
    run.stride[k] = block.inner_stride[slot];
    run.dtype[k] = dtypes[k];
  }
  run.count = count;
  run.params = params;
  return run;
}

// Calls consume(terms, count, row, first) for consecutive pieces of the block, in index order; `inputs` counts the
// term's operands from first_input on (its extra operands included).
template <typename Consume>
void ForEachTermPiece(const iter::Block& block, int first_input, int inputs, const aclDataType* dtypes,
                      const TermParams& params, const TermKernels& kernels, ForwardTermsFn simd, Consume&& consume) {
  double terms[kForwardPiece];
  for (int64_t row = 0; row < block.outer_size; ++row) {
    for (int64_t first = 0; first < block.inner_size; first += kForwardPiece) {
      const int64_t count = std::min(kForwardPiece, block.inner_size - first);
      const Run run = RunOf(block, first_input, inputs, dtypes, params, row, first, count);
      if (simd == nullptr || !simd(run, terms)) {
        kernels.forward_reference(run, terms);
      }
      consume(terms, count, row, first);
    }
  }
}

// Row `row` of a block as a block of one row.
iter::Block OneRow(const iter::Block& block, int64_t row) {
  iter::Block one = block;
  for (int k = 0; k < iter::kMaxOperands; ++k) {
    one.data[k] = block.data[k] + row * block.outer_stride[k];
  }
  one.outer_size = 1;
  return one;
}

// One NaN for every path (core/nan.h): NaN terms may carry either input's payload.
inline double CanonicalTerm(double term) {
  return term != term ? static_cast<double>(BitsToFloat(kCanonicalNanBits)) : term;
}

// A piece's terms rounded once to T and stored `stride` bytes apart.
template <typename T>
void StoreTerms(const double* terms, int64_t count, char* out, int64_t stride) {
  for (int64_t i = 0; i < count; ++i) {
    cpu::StoreFromDouble<T>(out + i * stride, CanonicalTerm(terms[i]));
  }
}

void StoreTermsAs(aclDataType dtype, const double* terms, int64_t count, char* out, int64_t stride) {
  switch (dtype) {
    case ACL_FLOAT16: return StoreTerms<Float16>(terms, count, out, stride);
    case ACL_BF16: return StoreTerms<BFloat16>(terms, count, out, stride);
    default: return StoreTerms<float>(terms, count, out, stride);
  }
}

struct ForwardParams {
  aclDataType dtypes[kMaxInputs];
  int inputs;  // self, target and the extra operands.
  std::shared_ptr<const AbsentValues> absent;  // Keeps the plan's addresses of absent extra operands valid.
  TermParams term;
  aclDataType out_dtype;
  const TermKernels* kernels;
  ForwardTermsFn simd;
  ForwardStoreFn store_simd;  // Reduction none: whole rows straight into out, where it can.
  const char* kernel_name;    // For the debug log: "reference" or the SIMD target.
};

class ForwardNoneLaunch final : public Launch {
 public:
  ForwardNoneLaunch(const iter::LoopPlan& plan, const ForwardParams& params) : plan_(plan), params_(params) {}

  Status Run() const override {
    const int64_t bytes = DataTypeSize(params_.out_dtype);
    ParallelForElements(plan_.numel, bytes, params_.kernels->transcendentals, [this](int64_t begin, int64_t end) {
      iter::ForEachBlock(plan_, begin, end, [this](const iter::Block& block) {
        if (params_.store_simd != nullptr && StoreRows(block)) {
          return;
        }
        ForEachTermPiece(block, 1, params_.inputs, params_.dtypes, params_.term, *params_.kernels, params_.simd,
                         [&](const double* terms, int64_t count, int64_t row, int64_t first) {
                           char* out = block.data[0] + row * block.outer_stride[0] + first * block.inner_stride[0];
                           StoreTermsAs(params_.out_dtype, terms, count, out, block.inner_stride[0]);
                         });
      });
    });
    return Status::Ok();
  }

  int64_t Elements() const override { return plan_.numel; }
  const char* KernelName() const override { return params_.kernel_name; }

 private:
  // Every row of the block through the vector kernel's direct store; false (nothing written) when it declines
  // the first row, which then means all of them (rows differ only in their starting addresses).
  bool StoreRows(const iter::Block& block) const {
    for (int64_t row = 0; row < block.outer_size; ++row) {
      const pointwise::Run run = RunOf(block, 1, params_.inputs, params_.dtypes, params_.term, row, 0, block.inner_size);
      char* out = block.data[0] + row * block.outer_stride[0];
      if (!params_.store_simd(run, out, block.inner_stride[0], params_.out_dtype)) {
        if (row == 0) {
          return false;
        }
        ForEachTermPiece(OneRow(block, row), 1, params_.inputs, params_.dtypes, params_.term, *params_.kernels,
                         params_.simd,
                         [&](const double* terms, int64_t count, int64_t, int64_t first) {
                           StoreTermsAs(params_.out_dtype, terms, count, out + first * block.inner_stride[0],
                                        block.inner_stride[0]);
                         });
      }
    }
    return true;
  }

  const iter::LoopPlan plan_;
  const ForwardParams params_;
};

class ForwardReducedLaunch final : public Launch {
 public:
  // divisor: mean's (0 for the plan's element count).
  ForwardReducedLaunch(const iter::LoopPlan& plan, const ForwardParams& params, const char* run_api, bool mean,
                       double divisor, char* out)
      : plan_(plan), params_(params), run_api_(run_api), mean_(mean),
        divisor_(divisor != 0.0 ? divisor : static_cast<double>(plan.numel)), out_(out) {}

  Status Run() const override {
    // Each block's terms are written by the kernels straight into the summation's buffer, in index order.
    const auto fill_terms = [this](int64_t begin, int64_t end, double* terms) {
      iter::ForEachBlock(plan_, begin, end, [&](const iter::Block& block) {
        for (int64_t row = 0; row < block.outer_size; ++row) {
          for (int64_t first = 0; first < block.inner_size; first += kForwardPiece) {
            const int64_t count = std::min(kForwardPiece, block.inner_size - first);
            const pointwise::Run run = RunOf(block, 0, params_.inputs, params_.dtypes, params_.term, row, first, count);
            if (params_.simd == nullptr || !params_.simd(run, terms)) {
              params_.kernels->forward_reference(run, terms);
            }
            terms += count;
          }
        }
      });
    };
    double sum = 0.0;
    try {
      sum = cpu::DeterministicSeriesSum(plan_.numel, fill_terms);
    } catch (const std::bad_alloc&) {
      return Status(ACL_ERROR_BAD_ALLOC, msg::ExecutionError(run_api_, "out of host memory for the partial sums."));
    }
    // The mean divides the total once, in double: 0 / 0 = NaN for empty inputs, as CANN and PyTorch give. A total
    // beyond out's range is stored as infinity: a result, not an error (DECISIONS 14), logged, or in strict mode
    // reported.
    const double value = mean_ ? sum / divisor_ : sum;
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
  const double divisor_;
  char* const out_;
};

class ForwardOverDim0Launch final : public Launch {
 public:
  ForwardOverDim0Launch(const iter::LoopPlan& inputs, const iter::LoopPlan& out, const ForwardParams& params,
                        const char* run_api, int64_t rows, bool mean)
      : inputs_(inputs), out_(out), params_(params), run_api_(run_api), rows_(rows), mean_(mean) {}

  Status Run() const override {
    const int64_t columns = out_.numel;
    // Each column reads its rows' terms and writes one element, so a column's work is what its rows read.
    int64_t term_bytes = 0;
    for (int k = 0; k < params_.inputs; ++k) {
      term_bytes += DataTypeSize(params_.dtypes[k]);
    }
    const int64_t rows = std::max<int64_t>(1, rows_);
    const int64_t grain = cpu::GrainForBytes(rows * term_bytes, rows * params_.kernels->transcendentals);
    std::atomic<bool> out_of_memory{false};
    cpu::SharedFirstFault<double> overflow;  // The first column whose finite sum became infinite when stored.
    cpu::ParallelFor(columns, grain, [&](int64_t begin, int64_t end) {
      std::unique_ptr<double[]> sums(new (std::nothrow) double[static_cast<size_t>(end - begin)]());
      if (sums == nullptr) {
        out_of_memory.store(true);  // Any thread: reported below.
        return;
      }
      // Row by row, so every column's terms are added in row order whatever the split.
      for (int64_t row = 0; row < rows_; ++row) {
        int64_t column = 0;
        iter::ForEachBlock(inputs_, row * columns + begin, row * columns + end, [&](const iter::Block& block) {
          ForEachTermPiece(block, 0, params_.inputs, params_.dtypes, params_.term, *params_.kernels, params_.simd,
                           [&](const double* terms, int64_t count, int64_t, int64_t) {
                             for (int64_t i = 0; i < count; ++i) {
                               sums[static_cast<size_t>(column + i)] += terms[i];
                             }
                             column += count;
                           });
        });
      }
      const double divisor = mean_ ? static_cast<double>(rows_) : 1.0;
      cpu::FirstFault<double> chunk_overflow;
      int64_t column = 0;
      iter::ForEachBlock(out_, begin, end, [&](const iter::Block& block) {
        for (int64_t r = 0; r < block.outer_size; ++r) {
          for (int64_t i = 0; i < block.inner_size; ++i) {
            char* at = block.data[0] + r * block.outer_stride[0] + i * block.inner_stride[0];
            const double value = sums[static_cast<size_t>(column)] / divisor;
            const double stored = cpu::StoreRoundedOnce(params_.out_dtype, at, CanonicalTerm(value));
            if (std::isfinite(value) && !std::isfinite(stored)) {
              chunk_overflow.Note(begin + column, value);
            }
            ++column;
          }
        }
      });
      overflow.Merge(chunk_overflow);
    });
    if (out_of_memory.load()) {
      return Status(ACL_ERROR_BAD_ALLOC, msg::ExecutionError(run_api_, "out of host memory for the column sums."));
    }
    const cpu::FirstFault<double>& first = overflow.first();
    if (first.found()) {
      return TolerateFault(run_api_, kReducedOverflowFault, ACL_ERROR_RT_AICORE_OVER_FLOW,
                           msg::ReducedOverflow("out[" + std::to_string(first.index) + "]", first.value,
                                                params_.out_dtype));
    }
    return Status::Ok();
  }

  int64_t Elements() const override { return inputs_.numel; }
  const char* KernelName() const override { return params_.kernel_name; }

 private:
  const iter::LoopPlan inputs_;
  const iter::LoopPlan out_;
  const ForwardParams params_;
  const char* const run_api_;
  const int64_t rows_;
  const bool mean_;
};

struct BackwardParams {
  aclDataType dtypes[kMaxInputs];
  int inputs;  // gradOutput, self, target and the extra operands.
  std::shared_ptr<const AbsentValues> absent;
  TermParams term;
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
    const int64_t bytes = DataTypeSize(params_.out_dtype);
    const int transcendentals = params_.kernels->gradient_transcendentals;
    ParallelForElements(plan_.numel, bytes, transcendentals, [this](int64_t begin, int64_t end) {
      iter::ForEachBlock(plan_, begin, end, [this](const iter::Block& block) {
        for (int64_t row = 0; row < block.outer_size; ++row) {
          const pointwise::Run run = RunOf(block, 1, params_.inputs, params_.dtypes, params_.term, row, 0, block.inner_size);
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

int64_t ElementCount(const std::vector<int64_t>& shape) {
  int64_t count = 1;
  for (int64_t dim : shape) {
    count *= dim;  // Checked against int64 by the operator's validation (CheckShapeCount).
  }
  return count;
}

// A unary term's target is self (engine.h).
const aclTensor* TargetOf(const aclTensor* self, const aclTensor* target) {
  return target != nullptr ? target : self;
}

// The data type an absent extra operand is stored in: `like`'s where it holds the value exactly (so that runs keep
// one data type for the vector kernels), else FLOAT.
aclDataType AbsentType(aclDataType like, float value) {
  char bytes[4];
  StoreFloatAs(like, bytes, value);
  return LoadAsFloat(like, bytes) == value ? like : ACL_FLOAT;
}

// The extra operands' data types after the fixed ones (dtypes[0] is the term's first input), and the storage of
// the absent ones.
std::shared_ptr<const AbsentValues> ExtraTypesOf(const ExtraOperands& extras, int fixed, aclDataType* dtypes) {
  if (extras.count == 0) {
    return nullptr;
  }
  auto absent = std::make_shared<AbsentValues>();
  for (int k = 0; k < extras.count; ++k) {
    const ExtraOperand& extra = extras.operand[k];
    if (extra.tensor != nullptr) {
      dtypes[fixed + k] = extra.tensor->dtype();
    } else {
      dtypes[fixed + k] = AbsentType(dtypes[0], extra.absent_value);
      StoreFloatAs(dtypes[fixed + k], absent->bytes[k], extra.absent_value);
    }
  }
  return absent;
}

// The extra operands as operands of the plan, after the fixed ones; an absent one is 0-D (read everywhere).
void AddExtraOperands(iter::LoopPlanBuilder* builder, const ExtraOperands& extras, int fixed,
                      const aclDataType* dtypes, const AbsentValues* absent) {
  for (int k = 0; k < extras.count; ++k) {
    const ExtraOperand& extra = extras.operand[k];
    if (extra.tensor != nullptr) {
      builder->AddOperand(OperandOf(*extra.tensor));
    } else {
      iter::OperandView view;
      view.base = const_cast<char*>(absent->bytes[k]);  // Read only: only out is written.
      view.element_bytes = DataTypeSize(dtypes[fixed + k]);
      builder->AddOperand(view);
    }
  }
}

ForwardParams ForwardParamsOf(const ForwardCall& call) {
  ForwardParams params{};
  params.dtypes[0] = call.self->dtype();
  params.dtypes[1] = TargetOf(call.self, call.target)->dtype();
  params.inputs = kForwardInputs + call.extras.count;
  params.absent = ExtraTypesOf(call.extras, kForwardInputs, params.dtypes);
  params.term = call.params;
  params.out_dtype = call.out->dtype();
  params.kernels = call.kernels;
  params.simd = ActiveSimd(call.kernels->forward_simd);
  params.store_simd = ActiveSimd(call.kernels->forward_store_simd);
  params.kernel_name = cpu::KernelTargetName(params.simd != nullptr ? cpu::ActiveKernelTarget() : cpu::kReferenceKernels);
  return params;
}

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

namespace {

Prepared ForwardLaunchOf(const ForwardCall& call) {
  const aclTensor* target = TargetOf(call.self, call.target);
  const std::vector<int64_t> shape = BroadcastShape({call.self, target});
  const bool reduced = call.reduction != static_cast<int64_t>(Reduction::kNone);
  const bool mean = call.reduction == static_cast<int64_t>(Reduction::kMean);
  const int64_t numel = ElementCount(shape);
  const ForwardParams params = ForwardParamsOf(call);
  const int64_t rank = static_cast<int64_t>(shape.size());
  if (!reduced) {
    if (numel == 0) {
      return {Status::Ok(), nullptr};
    }
    // out first: it decides the traversal order, so out is written in memory order.
    iter::LoopPlanBuilder builder(shape.data(), rank);
    builder.AddOperand(OperandOf(*call.out));
    builder.AddOperand(OperandOf(*call.self));
    builder.AddOperand(OperandOf(*target));
    AddExtraOperands(&builder, call.extras, kForwardInputs, params.dtypes, params.absent.get());
    return {Status::Ok(),
            std::make_shared<ForwardNoneLaunch>(builder.Build(iter::DimPolicy::kReorderAndCoalesce), params)};
  }
  char* out = OperandOf(*call.out).base;
  if (numel == 0) {
    return {Status::Ok(), std::make_shared<ForwardReducedLaunch>(iter::LoopPlan{}, params, call.run_api, mean,
                                                                 call.mean_divisor, out)};
  }
  // The sum groups its additions by linear index, so the plan walks the broadcast shape in logical order whatever
  // the strides: the result depends on the values alone, never on the layout.
  iter::LoopPlanBuilder builder(shape.data(), rank);
  builder.AddOperand(OperandOf(*call.self));
  builder.AddOperand(OperandOf(*target));
  AddExtraOperands(&builder, call.extras, kForwardInputs, params.dtypes, params.absent.get());
  return {Status::Ok(), std::make_shared<ForwardReducedLaunch>(builder.Build(iter::DimPolicy::kCoalesceInLogicalOrder),
                                                               params, call.run_api, mean, call.mean_divisor, out)};
}

Prepared ForwardOverDim0LaunchOf(const ForwardCall& call) {
  const std::vector<int64_t> shape = BroadcastShape({call.self, call.target});
  const int64_t numel = ElementCount(shape);
  if (numel == 0) {
    return {Status::Ok(), nullptr};
  }
  const int64_t rows = shape.empty() ? 1 : shape[0];
  const ForwardParams params = ForwardParamsOf(call);
  // Logical order for both: input index row * columns + column, out index column.
  iter::LoopPlanBuilder inputs(shape.data(), static_cast<int64_t>(shape.size()));
  inputs.AddOperand(OperandOf(*call.self));
  inputs.AddOperand(OperandOf(*call.target));
  AddExtraOperands(&inputs, call.extras, kForwardInputs, params.dtypes, params.absent.get());
  const aclTensor& out = *call.out;
  iter::LoopPlanBuilder out_plan(out.view_dims.data(), out.rank());
  out_plan.AddOperand(OperandOf(out));
  return {Status::Ok(), std::make_shared<ForwardOverDim0Launch>(
                            inputs.Build(iter::DimPolicy::kCoalesceInLogicalOrder),
                            out_plan.Build(iter::DimPolicy::kCoalesceInLogicalOrder), params, call.run_api, rows,
                            call.reduction == static_cast<int64_t>(Reduction::kMean))};
}

Prepared BackwardLaunchOf(const BackwardCall& call) {
  const aclTensor& out = *call.out;
  if (out.empty()) {
    return {Status::Ok(), nullptr};
  }
  BackwardParams params{};
  params.dtypes[0] = call.grad_output->dtype();
  params.dtypes[1] = call.self->dtype();
  const aclTensor* target = TargetOf(call.self, call.target);
  params.dtypes[2] = target->dtype();
  params.inputs = kBackwardInputs + call.extras.count;
  params.absent = ExtraTypesOf(call.extras, kBackwardInputs, params.dtypes);
  params.term = call.params;
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
  builder.AddOperand(OperandOf(*target));
  AddExtraOperands(&builder, call.extras, kBackwardInputs, params.dtypes, params.absent.get());
  return {Status::Ok(), std::make_shared<BackwardLaunch>(builder.Build(iter::DimPolicy::kReorderAndCoalesce), params)};
}

}  // namespace

// Each plan is described at debug level, as every operator's phase 1 is (framework/phase1_log.h).
Prepared PlanForward(const ForwardCall& call) {
  Prepared prepared = ForwardLaunchOf(call);
  if (call.target == nullptr) {
    LogPhase1(call.run_api, prepared, {{"self", call.self}, {"out", call.out}});
  } else {
    LogPhase1(call.run_api, prepared, {{"self", call.self}, {"target", call.target}, {"out", call.out}});
  }
  return prepared;
}

Prepared PlanForwardOverDim0(const ForwardCall& call) {
  Prepared prepared = ForwardOverDim0LaunchOf(call);
  LogPhase1(call.run_api, prepared, {{"self", call.self}, {"target", call.target}, {"out", call.out}});
  return prepared;
}

Prepared PlanBackward(const BackwardCall& call) {
  Prepared prepared = BackwardLaunchOf(call);
  if (call.target == nullptr) {
    LogPhase1(call.run_api, prepared, {{"gradOutput", call.grad_output}, {"self", call.self}, {"out", call.out}});
  } else {
    LogPhase1(call.run_api, prepared,
              {{"gradOutput", call.grad_output}, {"self", call.self}, {"target", call.target}, {"out", call.out}});
  }
  return prepared;
}

}  // namespace openaclnn::pointwise
