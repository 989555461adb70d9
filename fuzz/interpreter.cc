#include "interpreter.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace openaclnn::fuzz {

void Fail(const std::string& what) {
  std::fprintf(stderr, "\n== openaclnn fuzz: expectation violated: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

namespace {

// OPENACLNN_FUZZ_TRACE=1 prints every operation and every call's status: how to read a crash input.
const bool kTrace = std::getenv("OPENACLNN_FUZZ_TRACE") != nullptr;

void TraceCall(const char* api, int32_t status, const char* message) {
  if (kTrace) {
    std::fprintf(stderr, "    %s -> %d%s%s\n", api, status, message != nullptr ? ": " : "",
                 message != nullptr ? message : "");
  }
}

const char* OpName(Op op) {
  static const char* const kNames[] = {
      "Malloc",      "Free",       "CreateTensor", "DestroyTensor", "NllPhase1", "BcePhase1",   "RunExecutor",
      "SetRepeatable", "DestroyExecutor", "CreateStream", "DestroyStream", "SyncStream", "SyncDevice",
      "FillValues",  "CopyBytes",  "Memset",       "QueryTensor",   "TakeErrors", "DeviceLifecycle", "Misc",
      "KernelConfig", "NllForwardPhase1", "BceForwardPhase1", "StrictMode", "Nll2dPhase1", "Nll2dBackwardPhase1",
      "SoftmaxPhase1", "PointwisePhase1", "CrossEntropyPhase1", "BceWithLogitsPhase1", "KlDivPhase1", "LogitPhase1"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<size_t>(Op::kCount));
  return kNames[static_cast<size_t>(op)];
}

}  // namespace

Interpreter::Interpreter(RuntimeModel* runtime) : runtime_(runtime) {}

Interpreter::~Interpreter() { ReleaseAll(); }

void Interpreter::Expect(int32_t status, const char* api) const {
  const char* message = aclGetRecentErrMsg();
  TraceCall(api, status, message);
  if (status == 0) {
    return;  // Whatever was pending is cleared, so the next failure's message stands alone.
  }
  if (message == nullptr) {
    Fail(std::string(api) + " returned " + std::to_string(status) + " without an error message");
  }
  if (std::strstr(message, api) == nullptr) {
    Fail(std::string(api) + " returned " + std::to_string(status) + " with a message that does not name it: " +
         message);
  }
}

void Interpreter::ExpectAnyMessage(int32_t status, const char* api) const {
  const char* message = aclGetRecentErrMsg();
  TraceCall(api, status, message);
  if (status != 0 && (message == nullptr || message[0] == '\0')) {
    Fail(std::string(api) + " returned " + std::to_string(status) + " without an error message");
  }
}

void Interpreter::ExpectFailure(int32_t status, const char* api) const {
  if (status == 0) {
    Fail(std::string(api) + " succeeded where it must fail");
  }
  Expect(status, api);
}

void Interpreter::Run(const uint8_t* data, size_t size) {
  ByteReader reader(data, size);
  for (int step = 0; step < kMaxOperations && !reader.AtEnd(); ++step) {
    uint8_t opcode = 0;
    reader(opcode);
    const auto op = static_cast<Op>(opcode % static_cast<uint8_t>(Op::kCount));
    if (kTrace) {
      std::fprintf(stderr, "%d: %s\n", step, OpName(op));
    }
    Step(op, reader);
  }
}

namespace {

template <typename Args>
Args Read(ByteReader& reader) {
  Args args;
  args.Visit(reader);
  return args;
}

}  // namespace

void Interpreter::Step(Op op, ByteReader& reader) {
  switch (op) {
    case Op::kMalloc: return Malloc(Read<MallocArgs>(reader));
    case Op::kFree: return Free(Read<FreeArgs>(reader));
    case Op::kCreateTensor: return CreateTensor(Read<CreateTensorArgs>(reader));
    case Op::kDestroyTensor: return DestroyTensor(Read<DestroyTensorArgs>(reader));
    case Op::kNllPhase1: return NllPhase1(Read<NllPhase1Args>(reader));
    case Op::kBcePhase1: return BcePhase1(Read<BcePhase1Args>(reader));
    case Op::kRunExecutor: return RunExecutor(Read<RunExecutorArgs>(reader));
    case Op::kSetRepeatable: return SetRepeatable(Read<ExecutorArgs>(reader));
    case Op::kDestroyExecutor: return DestroyExecutor(Read<ExecutorArgs>(reader));
    case Op::kCreateStream: return CreateStream(Read<CreateStreamArgs>(reader));
    case Op::kDestroyStream: return DestroyStream(Read<StreamArgs>(reader));
    case Op::kSyncStream: return SyncStream(Read<StreamArgs>(reader));
    case Op::kSyncDevice: return SyncDevice();
    case Op::kFillValues: return FillValues(Read<FillValuesArgs>(reader));
    case Op::kCopyBytes: return CopyBytes(Read<CopyBytesArgs>(reader), reader);
    case Op::kMemset: return Memset(Read<MemsetArgs>(reader));
    case Op::kQueryTensor: return QueryTensor(Read<QueryTensorArgs>(reader));
    case Op::kTakeErrors: aclGetRecentErrMsg(); return;
    case Op::kDeviceLifecycle: return DeviceLifecycle(Read<LifecycleArgs>(reader));
    case Op::kMisc: return Misc(Read<MiscArgs>(reader));
    case Op::kKernelConfig: return KernelConfig(Read<KernelConfigArgs>(reader));
    case Op::kNllForwardPhase1: return NllForwardPhase1(Read<NllForwardPhase1Args>(reader));
    case Op::kBceForwardPhase1: return BceForwardPhase1(Read<BceForwardPhase1Args>(reader));
    case Op::kStrictMode: return StrictMode(Read<StrictModeArgs>(reader));
    case Op::kNll2dPhase1: return Nll2dPhase1(Read<NllForwardPhase1Args>(reader));
    case Op::kNll2dBackwardPhase1: return Nll2dBackwardPhase1(Read<NllPhase1Args>(reader));
    case Op::kSoftmaxPhase1: return SoftmaxPhase1(Read<SoftmaxPhase1Args>(reader));
    case Op::kPointwisePhase1: return PointwisePhase1(Read<PointwisePhase1Args>(reader));
    case Op::kCrossEntropyPhase1: return CrossEntropyPhase1(Read<CrossEntropyPhase1Args>(reader));
    case Op::kBceWithLogitsPhase1: return BceWithLogitsPhase1(Read<BceWithLogitsPhase1Args>(reader));
    case Op::kKlDivPhase1: return KlDivPhase1(Read<KlDivPhase1Args>(reader));
    case Op::kLogitPhase1: return LogitPhase1(Read<LogitPhase1Args>(reader));
    case Op::kCount: return;
  }
}

}  // namespace openaclnn::fuzz
