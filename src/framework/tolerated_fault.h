// Data faults that phase 1 cannot see and that CANN tolerates (DECISIONS 8, 14, 15): a class target outside
// [0, C), a reduced value that overflows its output type. By default the run keeps CANN's result and succeeds, and
// the fault is logged as a warning (once per operator and kind per process unless a log variable is set); in
// strict mode it fails the run instead, reported by the stream's next synchronisation with the same words.
#ifndef OPENACLNN_FRAMEWORK_TOLERATED_FAULT_H_
#define OPENACLNN_FRAMEWORK_TOLERATED_FAULT_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "core/status.h"

namespace openaclnn {

// OPENACLNN_STRICT=1 turns strict mode on for the process; openaclnnSetStrictMode overrides it.
inline constexpr const char* kStrictModeEnv = "OPENACLNN_STRICT";

bool StrictMode();
// enable: 1 on, 0 off, -1 back to the environment's choice; anything else is ACL_ERROR_INVALID_PARAM for `api`.
Status SetStrictMode(std::string_view api, int32_t enable);

// The kinds of tolerated fault, as the warnings and the once-per-kind rule name them.
inline constexpr std::string_view kTargetOutOfRangeFault = "target outside [0, C)";
inline constexpr std::string_view kReducedOverflowFault = "reduced value overflows out";

// What a launch that found `fault` (a message of core/messages.h naming the argument, the first offending position
// and the value) returns: in strict mode a failure with `strict_code`; otherwise success, after the warning.
Status TolerateFault(std::string_view op, std::string_view kind, int32_t strict_code, const std::string& fault);

}  // namespace openaclnn

#endif  // OPENACLNN_FRAMEWORK_TOLERATED_FAULT_H_
