// One fuzz input run as a program against the C API. The interpreter keeps a model of every resource it made
// (buffers, tensors, executors, streams) so that it only does what a correct program may do with memory it
// owns, and leaves everything else to the library to refuse:
//   - in checked memory mode (OPENACLNN_CHECKED_MEMORY=1) anything goes: views past the end of their block,
//     into freed blocks or at wild addresses, and executors run after their memory was freed; the library must
//     refuse whatever it would touch outside live blocks (in phase 1 or, after a free, in phase 2), and the
//     sanitizers catch any byte it touches anyway;
//   - without it, a view that reaches outside the caller's buffers is one the library cannot know to be wrong,
//     so the interpreter never passes one, and never runs an executor whose tensors reach freed memory;
//   - views the library documents it refuses (NULL data, negative offsets or strides, extents past int64) are
//     always passed.
// Oracles besides the sanitizers: every failing call leaves an error message naming the API; calls that must
// fail (NULL outputs, double frees, released executors, counts past destMax, ...) fail; a successful phase 1
// returns an executor; a run writes no byte outside its outputs (out, and totalWeightOut where the forward NLL
// writes it), and a refused one none at all.
// At the end every resource is released, so the leak checker sees a clean slate after each input.
#ifndef OPENACLNN_FUZZ_INTERPRETER_H_
#define OPENACLNN_FUZZ_INTERPRETER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "byte_io.h"
#include "layout.h"
#include "program.h"

namespace openaclnn::fuzz {

// Runtime state that outlives one input (aclInit / aclrtSetDevice are process-wide).
struct RuntimeModel {
  int init_count = 0;    // aclInit calls not yet matched by aclFinalize (only the last one tears down).
  int device_opens = 0;  // aclrtSetDevice calls not yet matched by aclrtResetDevice.
  bool checked_memory = false;  // The library refuses views outside live blocks (probed at start-up).
};

// The operators. For the first four, bit 0 is the loss and bit 1 the direction, so RunExecutorArgs::wrong_api
// flips them; the later ones flip the same bits within their group of four, wrapping past the last one.
enum class OperatorApi : uint8_t {
  kNll = 0,
  kBce = 1,
  kNllForward = 2,
  kBceForward = 3,
  kNll2d = 4,
  kNll2dBackward = 5,
  kSoftmax = 6,
  kLogSoftmax = 7,
  kSoftmaxBackward = 8,
  kLogSoftmaxBackward = 9,
  kCrossEntropy = 10,
  kCrossEntropyGrad = 11,
  kBceWithLogits = 12,
  kBceWithLogitsBackward = 13,
  kBceWithLogitsTargetBackward = 14,
  kKlDiv = 15,
  kKlDivBackward = 16,
  kKlDivTargetBackward = 17,
  kLogit = 18,
  kLogitGrad = 19,
  kCount = 20,
};

struct BufferSlot {
  void* base = nullptr;
  size_t size = 0;
  bool host = false;
  bool live = false;
};

struct TensorSlot {
  aclTensor* handle = nullptr;
  ViewLayout layout;
  bool live = false;
};

struct ExecutorSlot {
  aclOpExecutor* handle = nullptr;
  OperatorApi api = OperatorApi::kNll;
  bool live = false;  // As far as the documented protocol tells.
  bool repeatable = false;
  uint64_t workspace_size = 0;
  // A pointwise loss's executor: its index in the test registry and its direction (`api` is then unused).
  int pointwise_loss = -1;
  bool pointwise_backward = false;
  std::vector<ViewReach> reaches;  // Of every tensor it was made with.
  std::vector<ViewLayout> outs;    // Every tensor a run may write.
  int64_t max_elements = 0;        // The most elements of any one of its tensors: what a run may visit.
};

// What the interpreter knows about the tensor arguments of one phase-1 call.
struct CallTensors {
  bool usable = true;  // False when passing them could make the library touch memory the interpreter does not own
                       // without being able to tell.
  std::vector<ViewReach> reaches;
  int64_t max_elements = 0;  // Saturating at INT64_MAX.
};

struct StreamSlot {
  aclrtStream handle = nullptr;
  bool live = false;
};

class Interpreter {
 public:
  explicit Interpreter(RuntimeModel* runtime);
  ~Interpreter();  // Releases every resource and restores an open device.

  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  void Run(const uint8_t* data, size_t size);

 private:
  static constexpr int kMaxOperations = 512;

  void Step(Op op, ByteReader& reader);

  // interpreter_runtime.cc
  void Malloc(const MallocArgs& args);
  void Free(const FreeArgs& args);
  void CreateStream(const CreateStreamArgs& args);
  void DestroyStream(const StreamArgs& args);
  void SyncStream(const StreamArgs& args);
  void SyncDevice();
  void FillValues(const FillValuesArgs& args);
  void CopyBytes(const CopyBytesArgs& args, ByteReader& reader);
  void Memset(const MemsetArgs& args);
  void DeviceLifecycle(const LifecycleArgs& args);
  void Misc(const MiscArgs& args);
  void KernelConfig(const KernelConfigArgs& args);
  void StrictMode(const StrictModeArgs& args);
  aclrtStream StreamHandle(uint8_t raw) const;
  void ForgetStreams();
  void ForgetMemory();
  void ReleaseAll();

  // interpreter_tensors.cc
  void CreateTensor(const CreateTensorArgs& args);
  void DestroyTensor(const DestroyTensorArgs& args);
  void QueryTensor(const QueryTensorArgs& args);
  // The tensor for a slot byte (nullptr for kNullTensor), noted in *call; its layout in *layout if asked for.
  const aclTensor* TensorArg(uint8_t raw, CallTensors* call, ViewLayout* layout = nullptr) const;
  bool InsideLiveBuffer(const ViewReach& reach) const;

  // interpreter_operators.cc
  void NllPhase1(const NllPhase1Args& args);
  void BcePhase1(const BcePhase1Args& args);
  void NllForwardPhase1(const NllForwardPhase1Args& args);
  void BceForwardPhase1(const BceForwardPhase1Args& args);
  void Nll2dPhase1(const NllForwardPhase1Args& args);
  void Nll2dBackwardPhase1(const NllPhase1Args& args);
  void SoftmaxPhase1(const SoftmaxPhase1Args& args);
  void PointwisePhase1(const PointwisePhase1Args& args);
  void CrossEntropyPhase1(const CrossEntropyPhase1Args& args);
  void BceWithLogitsPhase1(const BceWithLogitsPhase1Args& args);
  void KlDivPhase1(const KlDivPhase1Args& args);
  void LogitPhase1(const LogitPhase1Args& args);
  void NllForwardCall(const NllForwardPhase1Args& args, bool maps);  // aclnnNLLLoss, or aclnnNLLLoss2d.
  void NllBackwardCall(const NllPhase1Args& args, bool maps);        // The backward of either.
  void FinishPhase1(int32_t status, const char* api, OperatorApi op, aclOpExecutor* executor, uint64_t workspace,
                    CallTensors call, std::vector<ViewLayout> outs, int pointwise_loss = -1,
                    bool pointwise_backward = false);
  void RunExecutor(const RunExecutorArgs& args);
  void SetRepeatable(const ExecutorArgs& args);
  void DestroyExecutor(const ExecutorArgs& args);
  bool Runnable(const ExecutorSlot& slot) const;
  // Fails when a byte of a live buffer changed outside the outputs' elements (anywhere, when nothing was launched).
  void CheckWritesInsideOut(const ExecutorSlot& slot, const std::vector<std::vector<uint8_t>>& before,
                            bool launched) const;
  std::vector<std::vector<uint8_t>> SnapshotBuffers() const;

  // interpreter.cc: the message oracle. A non-zero status must leave a message that names `api` (or, for
  // synchronisations that report an asynchronous failure, any message).
  void Expect(int32_t status, const char* api) const;
  void ExpectAnyMessage(int32_t status, const char* api) const;
  void ExpectFailure(int32_t status, const char* api) const;

  RuntimeModel* runtime_;
  BufferSlot buffers_[kMaxBuffers];
  std::vector<uintptr_t> freed_addresses_;  // For dangling pointers (checked memory mode only).
  TensorSlot tensors_[kMaxTensors];
  ExecutorSlot executors_[kMaxExecutors];
  std::vector<aclOpExecutor*> every_executor_;  // Every handle phase 1 returned, destroyed at the end.
  StreamSlot streams_[kMaxStreams];
};

// Prints the violated expectation and aborts, which the fuzzer records as a crash.
[[noreturn]] void Fail(const std::string& what);

}  // namespace openaclnn::fuzz

#endif  // OPENACLNN_FUZZ_INTERPRETER_H_
