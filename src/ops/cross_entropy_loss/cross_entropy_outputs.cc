#include "ops/cross_entropy_loss/cross_entropy_outputs.h"

#include <array>
#include <cmath>

#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_round.h"
#include "core/dtype.h"
#include "core/messages.h"
#include "framework/tensor_operand.h"
#include "framework/tolerated_fault.h"
#include "ops/class_index/class_positions.h"

namespace openaclnn::cross_entropy {

RowVector RowVectorOf(const aclTensor& tensor) {
  RowVector vector;
  vector.base = OperandOf(tensor).base;
  vector.dtype = tensor.dtype();
  vector.stride = tensor.rank() == 1 && tensor.view_dims[0] > 1 ? tensor.strides[0] * DataTypeSize(tensor.dtype())
                                                                : 0;
  return vector;
}

ClassTargets TargetsOf(const aclTensor& target, const aclTensor* weight, int64_t classes, int64_t ignore_index) {
  ClassTargets targets;
  targets.target = OperandOf(target).base;
  targets.target_stride = target.strides[0] * DataTypeSize(target.dtype());
  if (weight != nullptr) {
    targets.weight = OperandOf(*weight).base;
    targets.weight_stride = weight->strides[0] * DataTypeSize(weight->dtype());
  }
  targets.classes = classes;
  targets.ignore_index = ignore_index;
  return targets;
}

MeanDivisors SumMeanDivisors(int64_t rows, const RowClassFn& row_class) {
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

Status StoreReduced(std::string_view op, const RowVector& output, const char* arg, double value) {
  const double stored = cpu::StoreRoundedOnce(output.dtype, output.base, value);
  if (std::isfinite(value) && !std::isfinite(stored)) {
    return TolerateFault(op, kReducedOverflowFault, ACL_ERROR_RT_AICORE_OVER_FLOW,
                         msg::ReducedOverflow(arg, value, output.dtype));
  }
  return Status::Ok();
}

Status ReportBadTarget(std::string_view op, const class_index::TargetFault& fault, int64_t rows, int64_t classes,
                       int64_t ignore_index, std::string_view consequence) {
  class_index::ClassPositions positions;
  positions.rank = 1;
  positions.dims[0] = rows;
  positions.count = rows;
  positions.classes = classes;
  positions.class_dim = 1;
  return class_index::ReportTargetFault(op, fault, positions, ignore_index, consequence);
}

}  // namespace openaclnn::cross_entropy
