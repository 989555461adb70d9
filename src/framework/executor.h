// The definition behind the opaque aclOpExecutor handle and the registry of live executors, which lets
// phase 2 and aclDestroyAclOpExecutor reject handles that were already released instead of crashing. The
// handle a caller gets is not the object's address but a number never reused (runtime/handle_table.h), so a
// released handle stays released even when a newer executor occupies the old one's memory.
#ifndef OPENACLNN_FRAMEWORK_EXECUTOR_H_
#define OPENACLNN_FRAMEWORK_EXECUTOR_H_

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "aclnn/acl_meta.h"
#include "core/tensor_checks.h"
#include "framework/launch.h"

struct aclOpExecutor {
  // The phase-2 API that may run this executor ("aclnnNLLLossBackward").
  std::string_view run_api;
  // Null when there is nothing to compute (empty tensors).
  std::shared_ptr<const openaclnn::Launch> launch;
  uint64_t workspace_size = 0;
  bool repeatable = false;
  // Checked memory mode only: the tensor extents phase 1 verified, re-verified before every run.
  std::vector<openaclnn::CheckedExtent> checked_extents;
};

namespace openaclnn {

// Registers an executor and returns its handle.
aclOpExecutor* RegisterExecutor(std::shared_ptr<aclOpExecutor> executor);

// The executor behind a live handle, or null (released, or never a handle).
std::shared_ptr<aclOpExecutor> FindExecutor(const aclOpExecutor* handle);

// Unregisters (the object goes when its last user lets go); false if the handle was not live.
bool DestroyExecutor(const aclOpExecutor* handle);

}  // namespace openaclnn

#endif  // OPENACLNN_FRAMEWORK_EXECUTOR_H_
