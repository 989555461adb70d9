// The debug-level line every phase 1 logs (ASCEND_GLOBAL_LOG_LEVEL=0), so a user can see what ran: the operator,
// each tensor's data type, shape and strides, the kernels chosen and the thread count.
#ifndef OPENACLNN_FRAMEWORK_PHASE1_LOG_H_
#define OPENACLNN_FRAMEWORK_PHASE1_LOG_H_

#include <initializer_list>
#include <string_view>

#include "aclnn/acl_meta.h"
#include "framework/two_phase.h"

namespace openaclnn {

struct NamedTensor {
  const char* name;
  const aclTensor* tensor;  // nullptr: the optional argument was not given.
};

// Logs a successful phase 1 of operator `run_api` (its line names <run_api>GetWorkspaceSize) at debug level; costs
// one load and a branch when debug logs are off.
void LogPhase1(std::string_view run_api, const Prepared& prepared, std::initializer_list<NamedTensor> tensors);

}  // namespace openaclnn

#endif  // OPENACLNN_FRAMEWORK_PHASE1_LOG_H_
