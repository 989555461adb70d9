// The definition behind the opaque aclOpExecutor handle and the registry of live executors, which lets
// phase 2 and aclDestroyAclOpExecutor reject handles that were already released instead of crashing.
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

// Creates and registers an executor.
aclOpExecutor* CreateExecutor(std::string_view run_api, std::shared_ptr<const Launch> launch);

// True while the executor is registered (created and not yet released).
bool IsLiveExecutor(const aclOpExecutor* executor);

// Unregisters and deletes; false if it was not live.
bool DestroyExecutor(aclOpExecutor* executor);

}  // namespace openaclnn

#endif  // OPENACLNN_FRAMEWORK_EXECUTOR_H_
