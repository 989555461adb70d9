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

// Calls piece(row, first, count) for the block's rows cut into consecutive pieces of at most kForwardPiece
// elements, in index order.
template <typename Piece>
void ForEachPiece(const iter::Block& block, Piece&& piece) {
  for (int64_t row = 0; row < block.outer_size; ++row) {
    for (int64_t first = 0; first < block.inner_size; first += kForwardPiece) {
      piece(row, first, std::min(kForwardPiece, block.inner_size - first));
    }
  }
}

// Calls consume(terms, count, row, first) for consecutive pieces of the block, in index order; `inputs` counts the
// term's operands from first_input on (its extra operands included).
template <typename Consume>
void ForEachTermPiece(const iter::Block& block, int first_input, int inputs, const aclDataType* dtypes,
                      const TermParams& params, const TermKernels& kernels, ForwardTermsFn simd, Consume&& consume) {
  double terms[kForwardPiece];
  ForEachPiece(block, [&](int64_t row, int64_t first, int64_t count) {
    const Run run = RunOf(block, first_input, inputs, dtypes, params, row, first, count);
    if (simd == nullptr || !simd(run, terms)) {
      kernels.forward_reference(run, terms);
    }
    consume(terms, count, row, first);
  });
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
  bool stream;                // Reduction none: store_simd streams a FLOAT out (too large to stay in cache).
  ForwardAddFn add_simd;      // Mean and sum: whole rows into the sum's lanes, where every run can (AddsInLanes).
  ForwardAddPairFn add_pair_simd;  // The same for two blocks side by side.
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
      if (!params_.store_simd(run, out, block.inner_stride[0], params_.out_dtype, params_.stream)) {
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

// Run `run` from element `first` on, `count` elements long.
Run Slice(const Run& run, int inputs, int64_t first, int64_t count) {
  Run piece = run;
  for (int k = 0; k < inputs; ++k) {
    piece.input[k] += first * run.stride[k];
  }
  piece.count = count;
  return piece;
}

// A run's terms into the sum's lanes from `lane` on (run.h's ForwardAddFn); returns the lane after its last term.
// A run the vector kernel declines goes through the term kernels a piece at a time, each term added in order.
int AddRunToLanes(const ForwardParams& params, const Run& run, int lane, double* lanes) {
  if (params.add_simd(run, lane, lanes)) {
    return static_cast<int>((lane + run.count) % cpu::kSumLanes);
  }
  double terms[kForwardPiece];
  for (int64_t first = 0; first < run.count; first += kForwardPiece) {
    const Run piece = Slice(run, params.inputs, first, std::min(kForwardPiece, run.count - first));
    if (params.simd == nullptr || !params.simd(piece, terms)) {
      params.kernels->forward_reference(piece, terms);
    }
    for (int64_t i = 0; i < piece.count; ++i) {
      lanes[lane] += terms[i];
      lane = (lane + 1) % cpu::kSumLanes;
    }
  }
  return lane;
}

// Two runs of one count into two sets of the sum's lanes from `lane` on, side by side where the vector kernel takes
// them, else one after the other (AddRunToLanes); returns the lane after their last terms.
int AddRunPairToLanes(const ForwardParams& params, const Run& a, const Run& b, int lane, double* lanes_a,
                      double* lanes_b) {
  if (params.add_pair_simd != nullptr && params.add_pair_simd(a, b, lane, lanes_a, lanes_b)) {
    return static_cast<int>((lane + a.count) % cpu::kSumLanes);
  }
  AddRunToLanes(params, a, lane, lanes_a);
  return AddRunToLanes(params, b, lane, lanes_b);
}

// Whether the runs of a reducing plan are the vector kernels' kind (engine-inl.h: every input of one FLOAT,
// FLOAT16 or BFLOAT16 type, contiguous or broadcast along the run), so that the sum takes the terms straight into
// its lanes; other plans keep the term buffer, whose pass is cheap next to strided loads.
bool AddsInLanes(const iter::LoopPlan& plan, const ForwardParams& params) {
  const aclDataType dtype = params.dtypes[0];
  if (dtype != ACL_FLOAT && dtype != ACL_FLOAT16 && dtype != ACL_BF16) {
    return false;
  }
  for (int k = 0; k < params.inputs; ++k) {
    const int64_t stride = plan.strides[k][0];
    if (params.dtypes[k] != dtype || (stride != 0 && stride != DataTypeSize(dtype))) {
      return false;
    }
  }
  return true;
}

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
        ForEachPiece(block, [&](int64_t row, int64_t first, int64_t count) {
          const pointwise::Run run = RunOf(block, 0, params_.inputs, params_.dtypes, params_.term, row, first, count);
          if (params_.simd == nullptr || !params_.simd(run, terms)) {
            params_.kernels->forward_reference(run, terms);
          }
          terms += count;
        });
      });
    };
    // Or, for vector runs, added into the lanes as the kernels compute them: the same grouping, so the same bits.
    const auto add_lanes = [this](int64_t begin, int64_t end, double* lanes) {
      int lane = 0;  // Blocks start at multiples of kSumLanes.
      iter::ForEachBlock(plan_, begin, end, [&](const iter::Block& block) {
        for (int64_t row = 0; row < block.outer_size; ++row) {
          const pointwise::Run run =
              RunOf(block, 0, params_.inputs, params_.dtypes, params_.term, row, 0, block.inner_size);
          lane = AddRunToLanes(params_, run, lane, lanes);
        }
      });
    };
    // Or two full blocks side by side: the runs of the first block are listed, then walked in step with the second
    // block's, each pair of equal pieces added at once (the blocks have the same length, so their lanes agree).
    // Blocks of more runs than the list holds (short rows: the per-run work dominates there) go one at a time.
    const auto add_lane_pair = [this, &add_lanes](int64_t begin, double* lanes_a, double* lanes_b) {
      constexpr int kListedRuns = 16;
      pointwise::Run listed[kListedRuns];
      int runs = 0;
      bool fits = true;
      iter::ForEachBlock(plan_, begin, begin + cpu::kSumBlockTerms, [&](const iter::Block& block) {
        for (int64_t row = 0; row < block.outer_size && fits; ++row) {
          fits = runs < kListedRuns;
          if (fits) {
            listed[runs++] = RunOf(block, 0, params_.inputs, params_.dtypes, params_.term, row, 0, block.inner_size);
          }
        }
      });
      if (!fits) {
        add_lanes(begin, begin + cpu::kSumBlockTerms, lanes_a);
        add_lanes(begin + cpu::kSumBlockTerms, begin + 2 * cpu::kSumBlockTerms, lanes_b);
        return;
      }
      int run = 0;
      int64_t used = 0;  // Elements of listed[run] already added.
      int lane = 0;
      const int64_t end = begin + 2 * cpu::kSumBlockTerms;
      iter::ForEachBlock(plan_, begin + cpu::kSumBlockTerms, end, [&](const iter::Block& block) {
        for (int64_t row = 0; row < block.outer_size; ++row) {
          const pointwise::Run second =
              RunOf(block, 0, params_.inputs, params_.dtypes, params_.term, row, 0, block.inner_size);
          for (int64_t done = 0; done < second.count;) {
            const int64_t take = std::min(second.count - done, listed[run].count - used);
            lane = AddRunPairToLanes(params_, Slice(listed[run], params_.inputs, used, take),
                                     Slice(second, params_.inputs, done, take), lane, lanes_a, lanes_b);
            done += take;
            used += take;
            if (used == listed[run].count) {
              ++run;
              used = 0;
            }
          }
        }
      });
    };
    double sum = 0.0;
    try {
      sum = params_.add_simd != nullptr ? cpu::DeterministicLaneSum(plan_.numel, add_lanes, add_lane_pair)
                                        : cpu::DeterministicSeriesSum(plan_.numel, fill_terms);
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

// Column sums of a (rows, columns) iteration whose linear index is row * columns + column, stored into out (whose
// plan walks the columns in order): the columns are split over the threads and each thread adds its columns'
// terms row by row, in double, so every sum is added in row order whatever the split; each sum is divided once by
// `divisor`, rounded once to out_dtype, and a finite sum that the rounding makes infinite is a tolerated fault
// (DECISIONS 14) naming `out_arg`[column]. for_each_piece(begin, end, consume) hands the terms of linear indices
// [begin, end) to consume(const T* terms, int64_t count) in index order.
template <typename ForEachPiece>
Status SumColumnsInto(const iter::LoopPlan& out, int64_t rows, int64_t grain, double divisor, aclDataType out_dtype,
                      const char* run_api, const char* out_arg, const ForEachPiece& for_each_piece) {
  const int64_t columns = out.numel;
  std::atomic<bool> out_of_memory{false};
  cpu::SharedFirstFault<double> overflow;  // The first column whose finite sum became infinite when stored.
  cpu::ParallelFor(columns, grain, [&](int64_t begin, int64_t end) {
    std::unique_ptr<double[]> sums(new (std::nothrow) double[static_cast<size_t>(end - begin)]());
    if (sums == nullptr) {
      out_of_memory.store(true);  // Any thread: reported below.
      return;
    }
    for (int64_t row = 0; row < rows; ++row) {
      int64_t column = 0;
      for_each_piece(row * columns + begin, row * columns + end, [&](const auto* terms, int64_t count) {
        for (int64_t i = 0; i < count; ++i) {
          sums[static_cast<size_t>(column + i)] += terms[i];
        }
        column += count;
      });
    }
    cpu::FirstFault<double> chunk_overflow;
    int64_t column = 0;
    iter::ForEachBlock(out, begin, end, [&](const iter::Block& block) {
      for (int64_t r = 0; r < block.outer_size; ++r) {
        for (int64_t i = 0; i < block.inner_size; ++i) {
          char* at = block.data[0] + r * block.outer_stride[0] + i * block.inner_stride[0];
          const double value = sums[static_cast<size_t>(column)] / divisor;
          const double stored = cpu::StoreRoundedOnce(out_dtype, at, CanonicalTerm(value));
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
    return Status(ACL_ERROR_BAD_ALLOC, msg::ExecutionError(run_api, "out of host memory for the column sums."));
  }
  const cpu::FirstFault<double>& first = overflow.first();
  if (first.found()) {
    return TolerateFault(run_api, kReducedOverflowFault, ACL_ERROR_RT_AICORE_OVER_FLOW,
                         msg::ReducedOverflow(std::string(out_arg) + "[" + std::to_string(first.index) + "]",
                                              first.value, out_dtype));
  }
  return Status::Ok();
}

class ForwardOverDim0Launch final : public Launch {
 public:
  ForwardOverDim0Launch(const iter::LoopPlan& inputs, const iter::LoopPlan& out, const ForwardParams& params,
                        const char* run_api, int64_t rows, bool mean)
      : inputs_(inputs), out_(out), params_(params), run_api_(run_api), rows_(rows), mean_(mean) {}

  Status Run() const override {
    // Each column reads its rows' terms and writes one element, so a column's work is what its rows read.
    int64_t term_bytes = 0;
    for (int k = 0; k < params_.inputs; ++k) {
      term_bytes += DataTypeSize(params_.dtypes[k]);
    }
    const int64_t rows = std::max<int64_t>(1, rows_);
    const int64_t grain = cpu::GrainForBytes(rows * term_bytes, rows * params_.kernels->transcendentals);
    return SumColumnsInto(out_, rows_, grain, mean_ ? static_cast<double>(rows_) : 1.0, params_.out_dtype, run_api_,
                          "out", [this](int64_t begin, int64_t end, const auto& consume) {
                            iter::ForEachBlock(inputs_, begin, end, [&](const iter::Block& block) {
                              ForEachTermPiece(block, 0, params_.inputs, params_.dtypes, params_.term,
                                               *params_.kernels, params_.simd,
                                               [&](const double* terms, int64_t count, int64_t, int64_t) {
                                                 consume(terms, count);
                                               });
                            });
                          });
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

// The gradients of linear indices [begin, end) of a backward plan without out (operands: gradOutput, self, target,
// the extras), handed to consume(const float* gradients, int64_t count) in index order: each rounded to float,
// as the element kernels give it (through the vector kernel where it takes the piece).
template <typename Consume>
void ForEachGradientPiece(const iter::LoopPlan& plan, int64_t begin, int64_t end, const BackwardParams& params,
                          const Consume& consume) {
  alignas(64) float gradients[kForwardPiece];
  const BackwardOut out{reinterpret_cast<char*>(gradients), sizeof(float), ACL_FLOAT, params.scale, false};
  iter::ForEachBlock(plan, begin, end, [&](const iter::Block& block) {
    ForEachPiece(block, [&](int64_t row, int64_t first, int64_t count) {
      const pointwise::Run run = RunOf(block, 0, params.inputs, params.dtypes, params.term, row, first, count);
      if (params.simd == nullptr || !params.simd(run, out)) {
        params.kernels->backward_reference(run, out);
      }
      consume(static_cast<const float*>(gradients), count);
    });
  });
}

// The gradient over the broadcast summed back to out's shape (engine.h). The plan over the inputs walks the
// broadcast with the summed dimensions outermost, so linear index row * columns + column, column being out's
// element in logical order.
class BackwardSummedLaunch final : public Launch {
 public:
  BackwardSummedLaunch(const iter::LoopPlan& inputs, const iter::LoopPlan& out, const BackwardParams& params,
                       const char* run_api, const char* out_arg, int64_t rows)
      : inputs_(inputs), out_(out), params_(params), run_api_(run_api), out_arg_(out_arg), rows_(rows) {}

  Status Run() const override {
    const auto pieces = [this](int64_t begin, int64_t end, const auto& consume) {
      ForEachGradientPiece(inputs_, begin, end, params_, consume);
    };
    if (out_.numel == 1) {
      return SumAll(pieces);
    }
    int64_t input_bytes = 0;
    for (int k = 0; k < params_.inputs; ++k) {
      input_bytes += DataTypeSize(params_.dtypes[k]);
    }
    const int64_t rows = std::max<int64_t>(1, rows_);
    const int64_t grain = cpu::GrainForBytes(rows * input_bytes, rows * params_.kernels->transcendentals);
    return SumColumnsInto(out_, rows_, grain, 1.0, params_.out_dtype, run_api_, out_arg_, pieces);
  }

  int64_t Elements() const override { return inputs_.numel; }
  const char* KernelName() const override { return params_.kernel_name; }

 private:
  // One out element: its rows split over the threads by the deterministic series sum (backend/cpu/reduce.h),
  // whose grouping is fixed by the index alone.
  template <typename Pieces>
  Status SumAll(const Pieces& pieces) const {
    const auto fill_terms = [&](int64_t begin, int64_t end, double* terms) {
      pieces(begin, end, [&](const float* gradients, int64_t count) {
        for (int64_t i = 0; i < count; ++i) {
          *terms++ = gradients[i];
        }
      });
    };
    double sum = 0.0;
    try {
      sum = cpu::DeterministicSeriesSum(rows_, fill_terms);
    } catch (const std::bad_alloc&) {
      return Status(ACL_ERROR_BAD_ALLOC, msg::ExecutionError(run_api_, "out of host memory for the partial sums."));
    }
    const double stored = cpu::StoreRoundedOnce(params_.out_dtype, out_.base[0], CanonicalTerm(sum));
    if (std::isfinite(sum) && !std::isfinite(stored)) {
      return TolerateFault(run_api_, kReducedOverflowFault, ACL_ERROR_RT_AICORE_OVER_FLOW,
                           msg::ReducedOverflow(out_arg_, sum, params_.out_dtype));
    }
    return Status::Ok();
  }

  const iter::LoopPlan inputs_;
  const iter::LoopPlan out_;
  const BackwardParams params_;
  const char* const run_api_;
  const char* const out_arg_;
  const int64_t rows_;
};

// A plan builder over the broadcast's dimensions taken in `order` (a permutation of them): every operand's dims
// and strides, right-aligned to the broadcast as LoopPlanBuilder aligns them, are permuted alike.
class PermutedPlanBuilder {
 public:
  PermutedPlanBuilder(const std::vector<int64_t>& broadcast, const std::vector<int>& order)
      : order_(order), builder_(Permuted(broadcast, order).data(), static_cast<int64_t>(order.size())) {}

  void AddOperand(const iter::OperandView& view) {
    const auto rank = static_cast<int64_t>(order_.size());
    const int64_t skip = rank - view.rank;
    int64_t dims[iter::kMaxLoopDims];
    int64_t strides[iter::kMaxLoopDims];
    for (int64_t p = 0; p < rank; ++p) {
      const int64_t d = order_[static_cast<size_t>(p)];
      dims[p] = d < skip ? 1 : view.dims[d - skip];
      strides[p] = d < skip ? 0 : view.strides[d - skip];
    }
    iter::OperandView permuted = view;
    permuted.rank = rank;
    permuted.dims = dims;
    permuted.strides = strides;
    builder_.AddOperand(permuted);
  }

  iter::LoopPlan Build() const { return builder_.Build(iter::DimPolicy::kCoalesceInLogicalOrder); }

 private:
  static std::vector<int64_t> Permuted(const std::vector<int64_t>& shape, const std::vector<int>& order) {
    std::vector<int64_t> permuted;
    for (int d : order) {
      permuted.push_back(shape[static_cast<size_t>(d)]);
    }
    return permuted;
  }

  const std::vector<int> order_;
  iter::LoopPlanBuilder builder_;
};

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
template <typename Builder>
void AddExtraOperands(Builder* builder, const ExtraOperands& extras, int fixed,
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
  params.stream = cpu::UseStreamingStores(call.out->numel() * DataTypeSize(call.out->dtype()));
  params.add_simd = ActiveSimd(call.kernels->forward_add_simd);
  params.add_pair_simd = ActiveSimd(call.kernels->forward_add_pair_simd);
  params.kernel_name = cpu::KernelTargetName(params.simd != nullptr ? cpu::ActiveKernelTarget() : cpu::kReferenceKernels);
  return params;
}

}  // namespace

int64_t BroadcastInto(std::initializer_list<const aclTensor*> tensors, int64_t* shape) {
  int64_t rank = 0;
  for (const aclTensor* tensor : tensors) {
    rank = std::max(rank, tensor->rank());
  }
  std::fill(shape, shape + rank, int64_t{1});
  for (const aclTensor* tensor : tensors) {
    const int64_t skip = rank - tensor->rank();
    for (int64_t d = 0; d < tensor->rank(); ++d) {
      const int64_t dim = tensor->view_dims[static_cast<size_t>(d)];
      int64_t& into = shape[skip + d];
      into = dim == 1 ? into : dim;  // Broadcastable: equal, or one side 1 (a 0 wins over 1 too).
    }
  }
  return rank;
}

std::vector<int64_t> BroadcastShape(std::initializer_list<const aclTensor*> tensors) {
  int64_t shape[kMaxCreateRank];
  const int64_t rank = BroadcastInto(tensors, shape);
  return std::vector<int64_t>(shape, shape + rank);
}

namespace {

Prepared ForwardLaunchOf(const ForwardCall& call) {
  const aclTensor* target = TargetOf(call.self, call.target);
  // On the stack: every small forward call comes here.
  int64_t shape[kMaxCreateRank];
  const int64_t rank = BroadcastInto({call.self, target}, shape);
  const bool reduced = call.reduction != static_cast<int64_t>(Reduction::kNone);
  const bool mean = call.reduction == static_cast<int64_t>(Reduction::kMean);
  const int64_t numel = ElementCount(shape, rank);
  ForwardParams params = ForwardParamsOf(call);
  if (!reduced) {
    if (numel == 0) {
      return {Status::Ok(), nullptr};
    }
    // out first: it decides the traversal order, so out is written in memory order.
    iter::LoopPlanBuilder builder(shape, rank);
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
  iter::LoopPlanBuilder builder(shape, rank);
  builder.AddOperand(OperandOf(*call.self));
  builder.AddOperand(OperandOf(*target));
  AddExtraOperands(&builder, call.extras, kForwardInputs, params.dtypes, params.absent.get());
  const iter::LoopPlan plan = builder.Build(iter::DimPolicy::kCoalesceInLogicalOrder);
  if (!AddsInLanes(plan, params)) {
    params.add_simd = nullptr;
  }
  return {Status::Ok(),
          std::make_shared<ForwardReducedLaunch>(plan, params, call.run_api, mean, call.mean_divisor, out)};
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

BackwardParams BackwardParamsOf(const BackwardCall& call) {
  const aclTensor& out = *call.out;
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
  return params;
}

Prepared BackwardLaunchOf(const BackwardCall& call) {
  const aclTensor& out = *call.out;
  if (out.empty()) {
    return {Status::Ok(), nullptr};
  }
  const BackwardParams params = BackwardParamsOf(call);
  const aclTensor* target = TargetOf(call.self, call.target);
  iter::LoopPlanBuilder builder(out.view_dims.data(), out.rank());
  builder.AddOperand(OperandOf(out));
  builder.AddOperand(OperandOf(*call.grad_output));
  builder.AddOperand(OperandOf(*call.self));
  builder.AddOperand(OperandOf(*target));
  AddExtraOperands(&builder, call.extras, kBackwardInputs, params.dtypes, params.absent.get());
  return {Status::Ok(), std::make_shared<BackwardLaunch>(builder.Build(iter::DimPolicy::kReorderAndCoalesce), params)};
}

Prepared BackwardSummedLaunchOf(const BackwardCall& call) {
  const aclTensor* target = TargetOf(call.self, call.target);
  const std::vector<int64_t> shape = BroadcastShape({call.grad_output, call.self, target});
  const aclTensor& out = *call.out;
  if (shape == out.view_dims) {
    return BackwardLaunchOf(call);
  }
  if (out.empty()) {
    return {Status::Ok(), nullptr};
  }
  // The summed dimensions (those out lacks, or has as 1 where the broadcast does not) first, then out's.
  const auto rank = static_cast<int64_t>(shape.size());
  const int64_t skip = rank - out.rank();
  std::vector<int> order;
  std::vector<int> kept;
  std::vector<int64_t> summed;
  for (int64_t d = 0; d < rank; ++d) {
    const bool keep = d >= skip && out.view_dims[static_cast<size_t>(d - skip)] == shape[static_cast<size_t>(d)];
    (keep ? kept : order).push_back(static_cast<int>(d));
    if (!keep) {
      summed.push_back(shape[static_cast<size_t>(d)]);
    }
  }
  const int64_t rows = ElementCount(summed);
  order.insert(order.end(), kept.begin(), kept.end());
  const BackwardParams params = BackwardParamsOf(call);
  iter::LoopPlan inputs{};  // An empty broadcast reads nothing: every sum is 0.
  if (rows != 0) {
    PermutedPlanBuilder builder(shape, order);
    builder.AddOperand(OperandOf(*call.grad_output));
    builder.AddOperand(OperandOf(*call.self));
    builder.AddOperand(OperandOf(*target));
    AddExtraOperands(&builder, call.extras, kBackwardInputs, params.dtypes, params.absent.get());
    inputs = builder.Build();
  }
  iter::LoopPlanBuilder out_plan(out.view_dims.data(), out.rank());
  out_plan.AddOperand(OperandOf(out));
  return {Status::Ok(),
          std::make_shared<BackwardSummedLaunch>(inputs, out_plan.Build(iter::DimPolicy::kCoalesceInLogicalOrder),
                                                 params, call.run_api, call.out_arg, rows)};
}

void LogBackwardPhase1(const BackwardCall& call, const Prepared& prepared) {
  if (call.target == nullptr) {
    LogPhase1(call.run_api, prepared, {{"gradOutput", call.grad_output}, {"self", call.self}, {"out", call.out}});
  } else {
    LogPhase1(call.run_api, prepared,
              {{"gradOutput", call.grad_output}, {"self", call.self}, {"target", call.target}, {"out", call.out}});
  }
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
  LogBackwardPhase1(call, prepared);
  return prepared;
}

Prepared PlanBackwardSummedToOut(const BackwardCall& call) {
  Prepared prepared = BackwardSummedLaunchOf(call);
  LogBackwardPhase1(call, prepared);
  return prepared;
}

int64_t ElementCount(const int64_t* dims, int64_t rank) { return iter::ElementCountOf(dims, rank); }

int64_t ElementCount(const std::vector<int64_t>& shape) {
  return ElementCount(shape.data(), static_cast<int64_t>(shape.size()));
}

}  // namespace openaclnn::pointwise
