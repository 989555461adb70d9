// A class target outside [0, C) that is not ignoreIndex (DECISIONS 8), as the NLL family's kernels note it: the
// first such position (lowest linear position, whatever the threads' order) and its value. The launch reports it
// through the tolerated-fault mechanism: a warning by default, a failure at synchronisation in strict mode.
#ifndef OPENACLNN_OPS_CLASS_INDEX_TARGET_FAULT_H_
#define OPENACLNN_OPS_CLASS_INDEX_TARGET_FAULT_H_

#include <cstdint>
#include <string_view>

#include "backend/cpu/first_fault.h"
#include "core/status.h"
#include "ops/class_index/class_positions.h"

namespace openaclnn::class_index {

// Positions are linear class positions (ClassPositions); the value is the target read there.
using TargetFault = cpu::FirstFault<int64_t>;
using SharedTargetFault = cpu::SharedFirstFault<int64_t>;

// Ok when no target was bad. Otherwise TolerateFault's answer for operator `op` (phase 2's API name), naming the
// position and value; `consequence` says what the operator did with that position.
Status ReportTargetFault(std::string_view op, const TargetFault& fault, const ClassPositions& positions,
                         int64_t ignore_index, std::string_view consequence);

}  // namespace openaclnn::class_index

#endif  // OPENACLNN_OPS_CLASS_INDEX_TARGET_FAULT_H_
