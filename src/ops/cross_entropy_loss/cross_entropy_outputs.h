// Small pieces both cross-entropy launches share: an output's first element and stride, the targets' view, the
// mean's divisors, and reporting a row's bad target or a reduced value's overflow through the tolerated-fault
// mechanism.
#ifndef OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_OUTPUTS_H_
#define OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_OUTPUTS_H_

#include <array>
#include <cstdint>
#include <string_view>

#include "acl/acl_base.h"
#include "backend/cpu/reduce.h"
#include "core/status.h"
#include "core/tensor.h"
#include "ops/class_index/target_fault.h"
#include "ops/cross_entropy_loss/cross_entropy_kernel.h"

namespace openaclnn::cross_entropy {

// A tensor of one element or one per row: its first element and the bytes between rows (0 for one element).
struct RowVector {
  char* base = nullptr;
  int64_t stride = 0;
  aclDataType dtype = ACL_FLOAT;
};
RowVector RowVectorOf(const aclTensor& tensor);

// target (N) and weight (C) of a validated call.
ClassTargets TargetsOf(const aclTensor& target, const aclTensor* weight, int64_t classes, int64_t ignore_index);

// What the means of N rows divide by: the counted rows' target weights (the loss's mean, as CANN defines it) and
// their number (the z-loss's mean). Each is summed in double in a grouping fixed by the row index alone
// (cpu::DeterministicSum), so both launches, and every thread count, get the same bits.
struct MeanDivisors {
  double weight = 0.0;
  double rows = 0.0;
};
// row_class(n, &weight) gives row n's kind and its target's weight (0 unless the row counts); it is called from the
// kernel threads, inlined into the loop over a block's rows. Throws std::bad_alloc only when cpu::DeterministicSum
// does.
template <typename RowClass>
MeanDivisors SumMeanDivisors(int64_t rows, const RowClass& row_class) {
  const cpu::AddTermsFn<2> add = [&row_class](int64_t begin, int64_t end, cpu::LaneAccumulator<2>* lanes) {
    for (int64_t n = begin; n < end; ++n) {
      double weight = 0.0;
      const bool counted = row_class(n, &weight) == RowKind::kCounted;
      lanes->Add({weight, counted ? 1.0 : 0.0});
    }
  };
  const std::array<double, 2> sums = cpu::DeterministicSum<2>(rows, add);
  return {sums[0], sums[1]};
}

// sum / divisor for a mean (0 / 0 = NaN when no row counts, as CANN), sum otherwise.
inline double ReducedValue(bool mean, double sum, double divisor) { return mean ? sum / divisor : sum; }

// Stores value rounded once; a finite value that became infinite only by that rounding is DECISIONS 14's fault.
Status StoreReduced(std::string_view op, const RowVector& output, const char* arg, double value);

// The bad target of row `fault.index` of N rows, reported as DECISIONS 8 says.
Status ReportBadTarget(std::string_view op, const class_index::TargetFault& fault, int64_t rows, int64_t classes,
                       int64_t ignore_index, std::string_view consequence);

}  // namespace openaclnn::cross_entropy

#endif  // OPENACLNN_OPS_CROSS_ENTROPY_LOSS_CROSS_ENTROPY_OUTPUTS_H_
