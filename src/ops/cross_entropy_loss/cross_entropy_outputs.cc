#include "ops/cross_entropy_loss/cross_entropy_outputs.h"

#include <cmath>

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
  vector.stride = tensor.rank() == 1 ? StrideBytesOf(tensor, 0) : 0;
  return vector;
}

ClassTargets TargetsOf(const aclTensor& target, const aclTensor* weight, int64_t classes, int64_t ignore_index) {
  ClassTargets targets;
  targets.target = OperandOf(target).base;
  targets.target_stride = StrideBytesOf(target, 0);
  if (weight != nullptr) {
    targets.weight = OperandOf(*weight).base;
    targets.weight_stride = StrideBytesOf(*weight, 0);
  }
  targets.classes = classes;
  targets.ignore_index = ignore_index;
  return targets;
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
