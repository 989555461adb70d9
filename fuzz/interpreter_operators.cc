// Operator calls of a fuzz interpreter: both phases of each operator, executor reuse and destruction, and the
// check that a run writes nothing outside out.
#include <algorithm>
#include <string>
#include <unordered_set>

#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "interpreter.h"
#include "value_tables.h"

namespace openaclnn::fuzz {
namespace {

constexpr const char* kNllPhase1Api = "aclnnNLLLossBackwardGetWorkspaceSize";
constexpr const char* kNllPhase2Api = "aclnnNLLLossBackward";
constexpr const char* kBcePhase1Api = "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize";
constexpr const char* kBcePhase2Api = "aclnnBinaryCrossEntropyBackward";

constexpr uint64_t kMaxWorkspace = uint64_t{1} << 20;
constexpr int64_t kMaxObservedElements = int64_t{1} << 16;
constexpr size_t kMaxObservedBytes = size_t{8} << 20;

bool UseNullOutput(uint8_t null_outputs, uint8_t which) {
  return (null_outputs & 0xfc) == 0xfc && (null_outputs & which) != 0;
}

int32_t RunPhase2(OperatorApi api, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                  aclrtStream stream) {
  if (api == OperatorApi::kBce) {
    return aclnnBinaryCrossEntropyBackward(workspace, workspace_size, executor, stream);
  }
  return aclnnNLLLossBackward(workspace, workspace_size, executor, stream);
}

const char* Phase2Name(OperatorApi api) { return api == OperatorApi::kBce ? kBcePhase2Api : kNllPhase2Api; }

}  // namespace

void Interpreter::NllPhase1(const NllPhase1Args& args) {
  bool usable = true;
  std::vector<ViewReach> reaches;
  ViewLayout out;
  const aclTensor* grad = TensorArg(args.tensors[0], &usable, &reaches);
  const aclTensor* self = TensorArg(args.tensors[1], &usable, &reaches);
  const aclTensor* target = TensorArg(args.tensors[2], &usable, &reaches);
  const aclTensor* weight = TensorArg(args.tensors[3], &usable, &reaches);
  const aclTensor* total_weight = TensorArg(args.tensors[4], &usable, &reaches);
  const aclTensor* out_tensor = TensorArg(args.tensors[5], &usable, &reaches, &out);
  if (!usable) {
    return;
  }
  uint64_t workspace = 7;
  aclOpExecutor* executor = nullptr;
  const int32_t status = aclnnNLLLossBackwardGetWorkspaceSize(
      grad, self, target, weight, ReductionFromByte(args.reduction), IgnoreIndexFromByte(args.ignore_index),
      total_weight, const_cast<aclTensor*>(out_tensor),
      UseNullOutput(args.null_outputs, kNullWorkspaceSize) ? nullptr : &workspace,
      UseNullOutput(args.null_outputs, kNullExecutor) ? nullptr : &executor);
  if (status == 0 && UseNullOutput(args.null_outputs, kNullWorkspaceSize | kNullExecutor)) {
    Fail(std::string(kNllPhase1Api) + " succeeded with a NULL workspaceSize or executor");
  }
  FinishPhase1(status, kNllPhase1Api, OperatorApi::kNll, executor, workspace, std::move(reaches), out);
}

void Interpreter::BcePhase1(const BcePhase1Args& args) {
  bool usable = true;
  std::vector<ViewReach> reaches;
  ViewLayout out;
  const aclTensor* grad = TensorArg(args.tensors[0], &usable, &reaches);
  const aclTensor* self = TensorArg(args.tensors[1], &usable, &reaches);
  const aclTensor* target = TensorArg(args.tensors[2], &usable, &reaches);
  const aclTensor* weight = TensorArg(args.tensors[3], &usable, &reaches);
  const aclTensor* out_tensor = TensorArg(args.tensors[4], &usable, &reaches, &out);
  if (!usable) {
    return;
  }
  uint64_t workspace = 7;
  aclOpExecutor* executor = nullptr;
  const int32_t status = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(
      grad, self, target, weight, ReductionFromByte(args.reduction), const_cast<aclTensor*>(out_tensor),
      UseNullOutput(args.null_outputs, kNullWorkspaceSize) ? nullptr : &workspace,
      UseNullOutput(args.null_outputs, kNullExecutor) ? nullptr : &executor);
  if (status == 0 && UseNullOutput(args.null_outputs, kNullWorkspaceSize | kNullExecutor)) {
    Fail(std::string(kBcePhase1Api) + " succeeded with a NULL workspaceSize or executor");
  }
  FinishPhase1(status, kBcePhase1Api, OperatorApi::kBce, executor, workspace, std::move(reaches), out);
}

void Interpreter::FinishPhase1(int32_t status, const char* api, OperatorApi op, aclOpExecutor* executor,
                           uint64_t workspace, std::vector<ViewReach> reaches, const ViewLayout& out) {
  Expect(status, api);
  if (status != 0) {
    return;
  }
  if (executor == nullptr) {
    Fail(std::string(api) + " succeeded without an executor");
  }
  every_executor_.push_back(executor);
  // A handle the library hands out again is no longer the one an older slot knew.
  for (ExecutorSlot& slot : executors_) {
    if (slot.handle == executor) {
      slot = ExecutorSlot{};
    }
  }
  auto free_slot = std::find_if(std::begin(executors_), std::end(executors_),
                                [](const ExecutorSlot& slot) { return !slot.live; });
  if (free_slot == std::end(executors_)) {
    Expect(aclDestroyAclOpExecutor(executor), "aclDestroyAclOpExecutor");
    return;
  }
  free_slot->handle = executor;
  free_slot->api = op;
  free_slot->live = true;
  free_slot->repeatable = false;
  free_slot->workspace_size = workspace;
  free_slot->reaches = std::move(reaches);
  free_slot->out = out;
}

bool Interpreter::Runnable(const ExecutorSlot& slot) const {
  if (runtime_->checked_memory) {
    return true;  // Phase 2 re-verifies every extent the run will touch and must refuse the rest.
  }
  for (const ViewReach& reach : slot.reaches) {
    if (reach.kind == Reach::kBytes && !InsideLiveBuffer(reach)) {
      return false;  // Freed since phase 1.
    }
  }
  return true;
}

std::vector<std::vector<uint8_t>> Interpreter::SnapshotBuffers() const {
  std::vector<std::vector<uint8_t>> snapshot(kMaxBuffers);
  for (int i = 0; i < kMaxBuffers; ++i) {
    const BufferSlot& buffer = buffers_[i];
    if (buffer.live) {
      snapshot[i].resize(buffer.size);
      Expect(aclrtMemcpy(snapshot[i].data(), buffer.size, buffer.base, buffer.size, ACL_MEMCPY_DEVICE_TO_HOST),
             "aclrtMemcpy");
    }
  }
  return snapshot;
}

void Interpreter::CheckWritesInsideOut(const ExecutorSlot& slot, const std::vector<std::vector<uint8_t>>& before,
                                   bool launched) const {
  std::unordered_set<uintptr_t> out_bytes;
  if (launched) {
    const int64_t element_bytes = slot.out.element_bytes;
    const bool listed = ForEachElement(slot.out, kMaxObservedElements, [&](uintptr_t address) {
      for (int64_t b = 0; b < element_bytes; ++b) {
        out_bytes.insert(address + static_cast<uintptr_t>(b));
      }
    });
    if (!listed && ReachOf(slot.out).kind != Reach::kNothing) {
      return;  // Too large to list; the sanitizers still watch the run.
    }
  }
  const std::vector<std::vector<uint8_t>> after = SnapshotBuffers();
  for (int i = 0; i < kMaxBuffers; ++i) {
    if (before[i].size() != after[i].size()) {
      continue;
    }
    const auto base = reinterpret_cast<uintptr_t>(buffers_[i].base);
    for (size_t b = 0; b < before[i].size(); ++b) {
      if (before[i][b] != after[i][b] && out_bytes.count(base + b) == 0) {
        Fail(std::string(Phase2Name(slot.api)) + (launched ? " wrote outside out" : " failed but changed memory") +
             ": byte " + std::to_string(b) + " of buffer " + std::to_string(i));
      }
    }
  }
}

void Interpreter::RunExecutor(const RunExecutorArgs& args) {
  ExecutorSlot& slot = executors_[args.executor % kMaxExecutors];
  OperatorApi api = slot.api;
  if (args.wrong_api % 2 == 1) {
    api = api == OperatorApi::kNll ? OperatorApi::kBce : OperatorApi::kNll;
  }
  const char* name = Phase2Name(api);
  const aclrtStream stream = StreamHandle(args.stream);
  if (slot.handle == nullptr) {
    ExpectFailure(RunPhase2(api, nullptr, 0, nullptr, stream), name);
    return;
  }
  if (!Runnable(slot)) {
    return;  // Its tensors reach freed memory: a correct program never runs it again.
  }
  uint8_t scratch[64] = {};
  void* workspace = nullptr;
  uint64_t workspace_size = 0;
  void* allocated = nullptr;
  bool must_fail = !slot.live || api != slot.api;
  bool releases = false;  // A NULL workspace where one is needed releases the executor (DECISIONS 12).
  switch (static_cast<WorkspaceMode>(args.workspace % static_cast<uint8_t>(WorkspaceMode::kCount))) {
    case WorkspaceMode::kNone:
      if (slot.workspace_size > 0) {
        if (slot.workspace_size > kMaxWorkspace ||
            aclrtMalloc(&allocated, slot.workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) != 0) {
          aclGetRecentErrMsg();
          return;
        }
        workspace = allocated;
        workspace_size = slot.workspace_size;
      }
      break;
    case WorkspaceMode::kSmall:
      workspace = scratch;
      workspace_size = sizeof(scratch);
      must_fail = must_fail || slot.workspace_size > sizeof(scratch);
      break;
    case WorkspaceMode::kNullWithSize:
      workspace_size = kMaxWorkspace;
      must_fail = must_fail || slot.workspace_size > 0;
      releases = slot.live && api == slot.api && slot.workspace_size > 0;
      break;
    case WorkspaceMode::kCount: break;
  }
  const bool observed = args.observed % 2 == 0 && std::all_of(std::begin(buffers_), std::end(buffers_), [](const BufferSlot& b) {
                          return !b.live || b.size <= kMaxObservedBytes;
                        });
  std::vector<std::vector<uint8_t>> before;
  if (observed) {
    SyncDevice();  // Nothing else may be running while memory is compared.
    before = SnapshotBuffers();
  }
  const int32_t status = RunPhase2(api, workspace, workspace_size, slot.handle, stream);
  must_fail ? ExpectFailure(status, name) : Expect(status, name);
  if ((status == 0 && !slot.repeatable) || releases) {
    slot.live = false;
  }
  if (observed) {
    ExpectAnyMessage(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
    CheckWritesInsideOut(slot, before, status == 0);
  }
  if (allocated != nullptr) {
    Expect(aclrtFree(allocated), "aclrtFree");  // Waits for the run.
  }
}

void Interpreter::SetRepeatable(const ExecutorArgs& args) {
  ExecutorSlot& slot = executors_[args.executor % kMaxExecutors];
  const int32_t status = aclSetAclOpExecutorRepeatable(slot.handle);
  if (!slot.live) {
    ExpectFailure(status, "aclSetAclOpExecutorRepeatable");  // NULL, or released and never handed out again.
    return;
  }
  Expect(status, "aclSetAclOpExecutorRepeatable");
  slot.repeatable = slot.repeatable || status == 0;
}

void Interpreter::DestroyExecutor(const ExecutorArgs& args) {
  ExecutorSlot& slot = executors_[args.executor % kMaxExecutors];
  const int32_t status = aclDestroyAclOpExecutor(slot.handle);
  if (!slot.live) {
    ExpectFailure(status, "aclDestroyAclOpExecutor");
    return;
  }
  Expect(status, "aclDestroyAclOpExecutor");
  slot.live = false;
}

}  // namespace openaclnn::fuzz
