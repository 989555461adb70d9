// A class target outside [0, C) that is not ignoreIndex (DECISIONS 8), as the NLL family's kernels note it: the
// first such position (lowest linear position, whatever the threads' order) and its value. The launch reports it
// through the tolerated-fault mechanism: a warning by default, a failure at synchronisation in strict mode.
#ifndef OPENACLNN_OPS_CLASS_INDEX_TARGET_FAULT_H_
#define OPENACLNN_OPS_CLASS_INDEX_TARGET_FAULT_H_

#include <cstdint>
#include <mutex>
#include <string_view>

#include "core/status.h"
#include "ops/class_index/class_positions.h"

namespace openaclnn::class_index {

struct TargetFault {
  int64_t position = -1;
  int64_t value = 0;
  void Note(int64_t bad_position, int64_t bad_value) {
    if (position < 0 || bad_position < position) {
      position = bad_position;
      value = bad_value;
    }
  }
};

// The first bad target over chunks that may run concurrently: each chunk notes into its own TargetFault and
// merges it here once.
class SharedTargetFault {
 public:
  void Merge(const TargetFault& local) {
    if (local.position < 0) {
      return;
    }
    std::lock_guard<std::mutex> lock(mu_);
    fault_.Note(local.position, local.value);
  }
  const TargetFault& fault() const { return fault_; }

 private:
  std::mutex mu_;
  TargetFault fault_;
};

// Ok when no target was bad. Otherwise TolerateFault's answer for operator `op` (phase 2's API name), naming the
// position and value; `consequence` says what the operator did with that position.
Status ReportTargetFault(std::string_view op, const TargetFault& fault, const ClassPositions& positions,
                         int64_t ignore_index, std::string_view consequence);

}  // namespace openaclnn::class_index

#endif  // OPENACLNN_OPS_CLASS_INDEX_TARGET_FAULT_H_
