#include "ops/class_index/target_fault.h"

#include "acl/acl_base.h"
#include "core/messages.h"
#include "framework/tolerated_fault.h"

namespace openaclnn::class_index {

Status ReportTargetFault(std::string_view op, const TargetFault& fault, const ClassPositions& positions,
                         int64_t ignore_index, std::string_view consequence) {
  if (!fault.found()) {
    return Status::Ok();
  }
  return TolerateFault(op, kTargetOutOfRangeFault, ACL_ERROR_RT_AICORE_EXCEPTION,
                       msg::TargetOutOfRange(PositionIndexText(positions, fault.index), fault.value,
                                             positions.classes, ignore_index, consequence));
}

}  // namespace openaclnn::class_index
