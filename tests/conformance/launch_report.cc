#include "launch_report.h"

#include "acl_environment.h"

namespace openaclnn::test {

std::string Phase1Problem(aclnnStatus status, uint64_t workspace_size, const aclOpExecutor* executor) {
  if (status != 0) {
    return "phase 1 returned " + std::to_string(status) + ": " + TakeErrorMessage() + "\n";
  }
  if (workspace_size != 0 || executor == nullptr) {
    return "phase 1 gave workspace " + std::to_string(workspace_size) + " and executor " +
           (executor == nullptr ? "NULL" : "non-NULL") + "\n";
  }
  return "";
}

std::string Phase2Problem(aclnnStatus status) {
  return "phase 2 returned " + std::to_string(status) + ": " + TakeErrorMessage() + "\n";
}

}  // namespace openaclnn::test
