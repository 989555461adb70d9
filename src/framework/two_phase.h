// The parts of the two-phase aclnn protocol shared by every operator: output-pointer checks and executor
// creation for phase 1, executor checks and stream launch for phase 2 (CANN-FACTS 1.11, DECISIONS 12-13).
#ifndef OPENACLNN_FRAMEWORK_TWO_PHASE_H_
#define OPENACLNN_FRAMEWORK_TWO_PHASE_H_

#include <memory>
#include <string_view>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "core/status.h"
#include "framework/launch.h"

namespace openaclnn {

// What an operator's phase 1 produced: a launch, or none when there is nothing to compute.
struct Prepared {
  Status status;
  std::shared_ptr<const Launch> launch;
};

// First check of every phase 1: both output pointers present (161001).
Status CheckPhase1Outputs(std::string_view api, const uint64_t* workspace_size, aclOpExecutor* const* executor);

// Hands a successful phase 1 result to the caller as an executor with workspace size 0.
Status FinishPhase1(std::string_view run_api, Prepared prepared, uint64_t* workspace_size,
                    aclOpExecutor** executor);

// Phase 2 of every operator: checks the executor and workspace, enqueues the launch on the stream and releases a
// single-use executor.
Status RunPhase2(std::string_view api, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                 aclrtStream stream);

}  // namespace openaclnn

#endif  // OPENACLNN_FRAMEWORK_TWO_PHASE_H_
