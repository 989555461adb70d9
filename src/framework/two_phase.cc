#include "framework/two_phase.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "core/messages.h"
#include "core/tensor_checks.h"
#include "framework/executor.h"
#include "runtime/device.h"
#include "runtime/env.h"
#include "runtime/memory.h"
#include "runtime/stream.h"

namespace openaclnn {
namespace {

// A launch of at most this many elements (256 KiB per float32 operand, a few microseconds of work) runs in
// the launching thread when its stream is idle: handing it to the stream's worker would cost about as much as
// the work (the hand-over, and the worker's core fetching the data the caller just wrote). Larger launches
// are queued, so phase 2 returns at once and the work overlaps host code.
constexpr int64_t kRunHereMaxElements = int64_t{1} << 16;

// Checks the other arguments of a live executor made for `api` and enqueues its launch.
Status RunExecutor(std::string_view api, void* workspace, uint64_t workspace_size, const aclOpExecutor& executor,
                   aclrtStream stream) {
  if (executor.workspace_size > 0 && workspace == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::NullArgument(api, "workspace"));
  }
  if (workspace_size < executor.workspace_size) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, "workspaceSize", ">= " + std::to_string(executor.workspace_size),
                                       std::to_string(workspace_size)));
  }
  if (!executor.checked_extents.empty()) {
    OPENACLNN_RETURN_IF_ERROR(RecheckExtents(api, executor.checked_extents, &runtime::VerifyLiveExtent));
  }
  Status stream_error;
  std::shared_ptr<runtime::Stream> target = runtime::FindStream(api, stream, &stream_error);
  if (!target) {
    return Status(ACLNN_ERR_RUNTIME_ERROR, stream_error.message());
  }
  if (executor.launch) {
    const bool small = executor.launch->Elements() <= kRunHereMaxElements;
    // The executor outlives a launch run here (phase 2 holds it), so only a queued launch needs its own
    // reference, and the allocation of a task.
    const Launch& here = *executor.launch;
    if (!small || !target->RunHereIfIdle([&here] { return here.Run(); })) {
      std::shared_ptr<const Launch> launch = executor.launch;
      target->Enqueue([launch] { return launch->Run(); },
                      small ? runtime::Dispatch::kHereIfIdle : runtime::Dispatch::kWorker);
    }
  }
  return Status::Ok();
}

}  // namespace

Status CheckPhase1Outputs(std::string_view api, const uint64_t* workspace_size, aclOpExecutor* const* executor) {
  if (runtime::CheckedMemory()) {
    // This call's validation checks its tensors against the runtime's live blocks and records the extents.
    BeginCheckedExtents(&runtime::VerifyLiveExtent);
  }
  if (workspace_size == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::NullArgument(api, "workspaceSize"));
  }
  if (executor == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::NullArgument(api, "executor"));
  }
  return Status::Ok();
}

Status FinishPhase1(std::string_view run_api, Prepared prepared, uint64_t* workspace_size,
                    aclOpExecutor** executor) {
  if (!prepared.status.ok()) {
    return prepared.status;
  }
  auto created = std::make_shared<aclOpExecutor>();
  created->run_api = run_api;
  created->launch = std::move(prepared.launch);
  if (runtime::CheckedMemory()) {
    created->checked_extents = TakeCheckedExtents();
  }
  *executor = RegisterExecutor(std::move(created));
  *workspace_size = 0;
  return Status::Ok();
}

// Phase 2's one rule for the executor (docs/ARCHITECTURE.md): handed a live executor made for this operator, it
// releases a single-use executor whatever the outcome (success, or any failure: workspace, stream, checked
// memory), so a failed launch never leaks one; a repeatable executor is only ever released by
// aclDestroyAclOpExecutor. A NULL or unknown handle, or an executor made for another operator, is refused and
// left as it was (it is not this operator's to release).
Status RunPhase2(std::string_view api, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                 aclrtStream stream) {
  if (executor == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::NullArgument(api, "executor"));
  }
  std::shared_ptr<aclOpExecutor> found = FindExecutor(executor);
  if (!found) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, "executor", "a live executor from phase 1",
                                       "a released handle (single-use executors are released by their first run; "
                                       "call aclSetAclOpExecutorRepeatable to run one again)"));
  }
  if (found->run_api != api) {
    return Status(ACLNN_ERR_PARAM_INVALID,
                  msg::InvalidArgument(api, "executor", "an executor made for " + std::string(api),
                                       "one made for " + std::string(found->run_api)));
  }
  Status result;
  try {
    result = RunExecutor(api, workspace, workspace_size, *found, stream);
  } catch (...) {
    // Out of memory (the only exception here) is a failure like any other: the rule holds.
    if (!found->repeatable) {
      DestroyExecutor(executor);
    }
    throw;
  }
  if (!found->repeatable) {
    DestroyExecutor(executor);
  }
  return result;
}

}  // namespace openaclnn
