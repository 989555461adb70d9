// The fuzzer's input format: a program of operations on the C API, one opcode byte followed by that
// operation's fields. Each operation's fields are listed once, in Visit(), which both the fuzzer (reading) and
// the seed generator (writing) use, so the two cannot drift apart. Raw bytes are mapped to values by
// value_tables.h; small raw values mean themselves, so seeds stay readable.
#ifndef OPENACLNN_FUZZ_PROGRAM_H_
#define OPENACLNN_FUZZ_PROGRAM_H_

#include <cstdint>

namespace openaclnn::fuzz {

enum class Op : uint8_t {
  kMalloc,
  kFree,
  kCreateTensor,
  kDestroyTensor,
  kNllPhase1,
  kBcePhase1,
  kRunExecutor,
  kSetRepeatable,
  kDestroyExecutor,
  kCreateStream,
  kDestroyStream,
  kSyncStream,
  kSyncDevice,
  kFillValues,
  kCopyBytes,
  kMemset,
  kQueryTensor,
  kTakeErrors,
  kDeviceLifecycle,
  kMisc,
  kKernelConfig,
  // The forward operators came after the rest: appended, so older inputs keep their meaning.
  kNllForwardPhase1,
  kBceForwardPhase1,
  kStrictMode,
  // The class-index and row operators came later still: appended too.
  kNll2dPhase1,          // NllForwardPhase1Args, for aclnnNLLLoss2d.
  kNll2dBackwardPhase1,  // NllPhase1Args, for aclnnNLLLoss2dBackward.
  kSoftmaxPhase1,
  // Every pointwise loss of the shared test registry, by registry index: appended last.
  kPointwisePhase1,
  // Cross entropy came after those: appended.
  kCrossEntropyPhase1,
  // The operators with their own test suites instead of registry entries: appended last.
  kBceWithLogitsPhase1,
  kKlDivPhase1,
  kLogitPhase1,
  kCount,  // Opcode bytes are taken modulo this.
};

// Resource slots a program can name (slot bytes are taken modulo these).
inline constexpr int kMaxBuffers = 8;
inline constexpr int kMaxTensors = 16;
inline constexpr int kMaxExecutors = 8;
inline constexpr int kMaxStreams = 4;
// aclCreateTensor accepts up to 32 dimensions; the fuzzer also tries a few more.
inline constexpr int kMaxFuzzRank = 40;
inline constexpr int kMaxFillValues = 16;
// A tensor-slot byte with this value passes NULL instead of a tensor.
inline constexpr uint8_t kNullTensor = 255;

// Buffer sizes: small blocks come from the heap, blocks of 2 MiB and more are mapped; kind selects which.
enum class MallocKind : uint8_t { kDevice, kHost, kZeroBytes, kLargeDevice, kCount };

struct MallocArgs {
  uint8_t kind = 0;     // MallocKind, modulo kCount.
  uint16_t size = 0;    // Bytes (1 + size % 4096 for small blocks; 2 MiB + size for large ones).
  uint8_t policy = 0;   // Index into the allocation-policy table.
  template <typename IO>
  void Visit(IO& io) {
    io(kind);
    io(size);
    io(policy);
  }
};

enum class FreeMode : uint8_t { kFree, kFreeTwice, kWrongKind, kCount };

struct FreeArgs {
  uint8_t buffer = 0;
  uint8_t mode = 0;  // FreeMode, modulo kCount.
  template <typename IO>
  void Visit(IO& io) {
    io(buffer);
    io(mode);
  }
};

enum class StrideMode : uint8_t { kNull, kExplicit, kContiguous, kTransposed, kPadded, kReversed, kCount };
enum class StorageMode : uint8_t { kNone, kSameAsView, kFlat, kExplicit, kCount };
// Where the data pointer points: pointer_kind values 0..4 select a buffer (the common case).
enum class PointerKind : uint8_t { kBuffer, kNull = 5, kDangling, kWild, kCount };

struct CreateTensorArgs {
  uint8_t rank = 0;        // RankFromByte().
  uint8_t dims_null = 0;   // 1: viewDims is NULL (whatever the rank).
  uint8_t dims[kMaxFuzzRank] = {};
  uint8_t dtype = 0;        // DtypeFromByte().
  uint8_t stride_mode = 0;  // StrideMode, modulo kCount.
  uint8_t strides[kMaxFuzzRank] = {};  // StrideFromByte(); only with StrideMode::kExplicit.
  uint8_t offset = 0;        // OffsetFromByte().
  uint8_t format = 0;        // FormatFromByte().
  uint8_t storage_mode = 0;  // StorageMode, modulo kCount.
  uint8_t storage_rank = 0;  // Only with StorageMode::kExplicit: dims come from `dims`.
  uint8_t pointer_kind = 0;  // PointerKind, modulo kCount.
  uint8_t buffer = 0;
  uint16_t byte_offset = 0;  // Into the buffer, modulo (size + 16): may point past its end.

  template <typename IO>
  void Visit(IO& io);
};

struct DestroyTensorArgs {
  uint8_t tensor = 0;
  uint8_t twice = 0;  // 1: destroy again at once (must be reported, not crash).
  template <typename IO>
  void Visit(IO& io) {
    io(tensor);
    io(twice);
  }
};

// Bits of Phase1Args::null_outputs.
inline constexpr uint8_t kNullWorkspaceSize = 1;
inline constexpr uint8_t kNullExecutor = 2;

struct NllPhase1Args {
  // gradOutput, self, target, weight, totalWeight, out: tensor slots or kNullTensor.
  uint8_t tensors[6] = {};
  uint8_t reduction = 0;     // ReductionFromByte().
  uint8_t ignore_index = 0;  // IgnoreIndexFromByte().
  uint8_t null_outputs = 0;  // Only the low two bits count, and only when the high bits are all set.
  template <typename IO>
  void Visit(IO& io) {
    for (uint8_t& tensor : tensors) {
      io(tensor);
    }
    io(reduction);
    io(ignore_index);
    io(null_outputs);
  }
};

struct BcePhase1Args {
  uint8_t tensors[5] = {};  // gradOutput, self, target, weightOptional, out.
  uint8_t reduction = 0;
  uint8_t null_outputs = 0;
  template <typename IO>
  void Visit(IO& io) {
    for (uint8_t& tensor : tensors) {
      io(tensor);
    }
    io(reduction);
    io(null_outputs);
  }
};

// aclnnNLLLossGetWorkspaceSize.
struct NllForwardPhase1Args {
  uint8_t tensors[5] = {};  // self, target, weight, out, totalWeightOut: tensor slots or kNullTensor.
  uint8_t reduction = 0;     // ReductionFromByte().
  uint8_t ignore_index = 0;  // IgnoreIndexFromByte().
  uint8_t null_outputs = 0;  // As NllPhase1Args::null_outputs.
  template <typename IO>
  void Visit(IO& io) {
    for (uint8_t& tensor : tensors) {
      io(tensor);
    }
    io(reduction);
    io(ignore_index);
    io(null_outputs);
  }
};

// aclnnBinaryCrossEntropyGetWorkspaceSize.
struct BceForwardPhase1Args {
  uint8_t tensors[4] = {};  // self, target, weight (may be kNullTensor: all ones), out.
  uint8_t reduction = 0;
  uint8_t null_outputs = 0;
  template <typename IO>
  void Visit(IO& io) {
    for (uint8_t& tensor : tensors) {
      io(tensor);
    }
    io(reduction);
    io(null_outputs);
  }
};

enum class WorkspaceMode : uint8_t { kNone, kSmall, kNullWithSize, kCount };
// Stream bytes: 0 is the default stream (NULL), 1..kMaxStreams a stream slot, anything else a bogus handle.
inline constexpr uint8_t kDefaultStream = 0;

struct RunExecutorArgs {
  uint8_t executor = 0;
  // Run it through another operator's phase 2: wrong_api % 4 flips bits of the executor's OperatorApi (bit 0 the
  // loss, bit 1 the direction), so 0 is its own phase 2, 1 the other loss's in the same direction, 2 the same loss's
  // in the other direction and 3 the remaining one.
  uint8_t wrong_api = 0;
  uint8_t stream = 0;
  uint8_t workspace = 0;  // WorkspaceMode, modulo kCount.
  uint8_t observed = 0;   // Even: synchronise and check that nothing outside the outputs changed; odd: leave it
                          // queued.
  template <typename IO>
  void Visit(IO& io) {
    io(executor);
    io(wrong_api);
    io(stream);
    io(workspace);
    io(observed);
  }
};

struct ExecutorArgs {
  uint8_t executor = 0;
  template <typename IO>
  void Visit(IO& io) {
    io(executor);
  }
};

struct CreateStreamArgs {
  uint8_t launch_blocking = 0;  // 1: the stream runs launches in the caller (OPENACLNN_LAUNCH_BLOCKING).
  template <typename IO>
  void Visit(IO& io) {
    io(launch_blocking);
  }
};

struct StreamArgs {
  uint8_t stream = 0;  // As RunExecutorArgs::stream.
  template <typename IO>
  void Visit(IO& io) {
    io(stream);
  }
};

struct NoArgs {
  template <typename IO>
  void Visit(IO&) {}
};

// Fills a whole buffer with a repeating pattern of interesting values of one data type.
struct FillValuesArgs {
  uint8_t buffer = 0;
  uint8_t dtype = 0;  // DtypeFromByte(); only the float, fp16, bf16 and integer types write values.
  uint8_t count = 0;  // 1 + count % kMaxFillValues.
  uint8_t values[kMaxFillValues] = {};  // Indexes into the interesting-value tables.
  template <typename IO>
  void Visit(IO& io) {
    io(buffer);
    io(dtype);
    io(count);
    const int n = 1 + count % kMaxFillValues;
    for (int i = 0; i < n; ++i) {
      io(values[i]);
    }
  }
};

// aclrtMemcpy of raw bytes (that follow in the input) into a buffer, or out of it.
struct CopyBytesArgs {
  uint8_t buffer = 0;
  uint8_t direction = 0;  // Even: into the buffer; odd: out of it.
  uint8_t kind = 0;       // aclrtMemcpyKind, modulo 8.
  uint16_t offset = 0;    // Into the buffer, modulo its size.
  uint16_t count = 0;     // May exceed the room left (must be rejected).
  template <typename IO>
  void Visit(IO& io) {
    io(buffer);
    io(direction);
    io(kind);
    io(offset);
    io(count);
  }
};

struct MemsetArgs {
  uint8_t buffer = 0;
  uint16_t offset = 0;
  uint16_t max_count = 0;  // Clamped to the room left in the buffer.
  uint8_t value = 0;
  uint16_t count = 0;  // May exceed max_count (must be rejected).
  template <typename IO>
  void Visit(IO& io) {
    io(buffer);
    io(offset);
    io(max_count);
    io(value);
    io(count);
  }
};

enum class TensorQuery : uint8_t { kViewShape, kStorageShape, kStrides, kOffset, kFormat, kDataType, kCount };

struct QueryTensorArgs {
  uint8_t tensor = 0;  // Slot, or kNullTensor.
  uint8_t query = 0;   // TensorQuery, modulo kCount.
  uint8_t null_out = 0;  // 1: NULL output pointers.
  template <typename IO>
  void Visit(IO& io) {
    io(tensor);
    io(query);
    io(null_out);
  }
};

enum class Lifecycle : uint8_t {
  kResetAndSet,      // aclrtResetDevice(0) then aclrtSetDevice(0): streams are released.
  kFinalizeAndInit,  // aclFinalize then aclInit and aclrtSetDevice: streams and memory are released.
  kReset,
  kSet,
  kInitAgain,        // aclInit while initialised: must be reported.
  kFinalize,
  kSetBadDevice,
  kResetBadDevice,
  kInitBadConfig,
  kCount
};

struct LifecycleArgs {
  uint8_t what = 0;  // Lifecycle, modulo kCount.
  template <typename IO>
  void Visit(IO& io) {
    io(what);
  }
};

enum class MiscCall : uint8_t {
  kDataTypeSize,
  kHalfRoundTrip,
  kGetDevice,
  kGetDeviceCount,
  kGetRunMode,
  kGetMemInfo,
  kGetVersion,
  kNames,
  kCount
};

struct MiscArgs {
  uint8_t call = 0;  // MiscCall, modulo kCount.
  uint8_t null_out = 0;
  uint16_t value = 0;
  template <typename IO>
  void Visit(IO& io) {
    io(call);
    io(null_out);
    io(value);
  }
};

// OpenAclnn's kernel choices (openaclnn/openaclnn.h): which SIMD target plans use and how many threads a launch
// may split over. Results must not depend on either (DECISIONS 7); the fuzzer drives every kernel variant.
inline constexpr uint8_t kUnknownKernelTarget = 255;  // Asks for a name no build offers: must be refused.

struct KernelConfigArgs {
  uint8_t target = 0;   // Index into the available targets; one past the last restores the default.
  uint8_t threads = 0;  // threads % 6: 0 restores the default, 1..4 threads, 5 an invalid count.
  template <typename IO>
  void Visit(IO& io) {
    io(target);
    io(threads);
  }
};

// openaclnnSetStrictMode: mode % 4 gives -1 (the default), 0 (off), 1 (on) or an invalid value that must be refused.
struct StrictModeArgs {
  uint8_t mode = 0;
  template <typename IO>
  void Visit(IO& io) {
    io(mode);
  }
};

// aclnnSoftmax, aclnnLogSoftmax, aclnnSoftmaxBackward, aclnnLogSoftmaxBackward (kind % 4, in this order).
struct SoftmaxPhase1Args {
  uint8_t kind = 0;
  uint8_t tensors[3] = {};  // Forwards: self, out (the third unused); backwards: gradOutput, output, out.
  uint8_t dim = 0;          // As a signed byte: 0xff is -1.
  uint8_t null_outputs = 0;  // As NllPhase1Args::null_outputs.
  template <typename IO>
  void Visit(IO& io) {
    io(kind);
    for (uint8_t& tensor : tensors) {
      io(tensor);
    }
    io(dim);
    io(null_outputs);
  }
};

// Either phase 1 of any pointwise loss in the test registry (tests/support/pointwise_registry.h), which lists each
// operator once for the grid, bad-input and gradient tests too: a loss added there is fuzzed with no opcode of its
// own. Entries are only ever appended to the registry, so a seed's `loss` byte keeps naming the same operator.
struct PointwisePhase1Args {
  uint8_t loss = 0;          // Registry index, modulo the registry's size.
  uint8_t backward = 0;      // Odd: the backward phase 1 (an entry without one, such as aclnnMseLossOut, its forward).
  uint8_t tensors[4] = {};   // gradOutput (backward only), self, target, out: tensor slots or kNullTensor.
  uint8_t reduction = 0;     // ReductionFromByte().
  uint8_t parameter = 0;     // LossParameterFromByte(): the operator's special parameter (smooth L1's beta).
  uint8_t null_outputs = 0;  // As NllPhase1Args::null_outputs.
  template <typename IO>
  void Visit(IO& io) {
    io(loss);
    io(backward);
    for (uint8_t& tensor : tensors) {
      io(tensor);
    }
    io(reduction);
    io(parameter);
    io(null_outputs);
  }
};

// aclnnCrossEntropyLoss (kind even) or aclnnCrossEntropyLossGrad (kind odd).
struct CrossEntropyPhase1Args {
  uint8_t kind = 0;
  // Forward: input, target, weightOptional, lossOut, logProbOut, zlossOut, lseForZlossOut. Gradient: gradLoss,
  // logProb, target, weightOptional, gradZlossOptional, lseForZlossOptional, out. Slots or kNullTensor.
  uint8_t tensors[7] = {};
  uint8_t reduction = 0;        // CrossEntropyReductionFromByte(): "none", "mean", "sum", NULL or invalid strings.
  uint8_t ignore_index = 0;     // IgnoreIndexFromByte().
  uint8_t label_smoothing = 0;  // LabelSmoothingFromByte().
  uint8_t zloss = 0;            // Bit 0 returnZloss; bits 1-2 lseSquareScaleForZloss (ZlossScaleFromByte()).
  uint8_t null_outputs = 0;     // As NllPhase1Args::null_outputs.
  template <typename IO>
  void Visit(IO& io) {
    io(kind);
    for (uint8_t& tensor : tensors) {
      io(tensor);
    }
    io(reduction);
    io(ignore_index);
    io(label_smoothing);
    io(zloss);
    io(null_outputs);
  }
};

// aclnnBinaryCrossEntropyWithLogits (kind % 3 == 0), its Backward (1) or its TargetBackward (2).
struct BceWithLogitsPhase1Args {
  uint8_t kind = 0;
  // gradOutput (backwards only), self, target, weightOptional, posWeightOptional, out (gradTarget for the target
  // backward): tensor slots or kNullTensor.
  uint8_t tensors[6] = {};
  uint8_t reduction = 0;     // ReductionFromByte().
  uint8_t null_outputs = 0;  // As NllPhase1Args::null_outputs.
  template <typename IO>
  void Visit(IO& io) {
    io(kind);
    for (uint8_t& tensor : tensors) {
      io(tensor);
    }
    io(reduction);
    io(null_outputs);
  }
};

// aclnnKlDiv (kind % 3 == 0), aclnnKlDivBackward (1) or aclnnKlDivTargetBackward (2).
struct KlDivPhase1Args {
  uint8_t kind = 0;
  uint8_t tensors[4] = {};   // gradOutput (backwards only), self, target, out (gradTarget): slots or kNullTensor.
  uint8_t reduction = 0;     // ReductionFromByte().
  uint8_t log_target = 0;    // Odd: logTarget true.
  uint8_t null_outputs = 0;  // As NllPhase1Args::null_outputs.
  template <typename IO>
  void Visit(IO& io) {
    io(kind);
    for (uint8_t& tensor : tensors) {
      io(tensor);
    }
    io(reduction);
    io(log_target);
    io(null_outputs);
  }
};

// aclnnLogit (kind even) or aclnnLogitGrad (kind odd).
struct LogitPhase1Args {
  uint8_t kind = 0;
  uint8_t tensors[3] = {};   // Forward: input, out (the third unused); gradient: x, dy, out. Slots or kNullTensor.
  uint8_t eps = 0;           // EpsFromByte(): ordinary, 0, negative (no clamping), NaN, infinite, above 0.5.
  uint8_t null_outputs = 0;  // As NllPhase1Args::null_outputs.
  template <typename IO>
  void Visit(IO& io) {
    io(kind);
    for (uint8_t& tensor : tensors) {
      io(tensor);
    }
    io(eps);
    io(null_outputs);
  }
};

int RankFromByte(uint8_t raw);
StrideMode StrideModeFromByte(uint8_t raw);
StorageMode StorageModeFromByte(uint8_t raw);

template <typename IO>
void CreateTensorArgs::Visit(IO& io) {
  io(rank);
  io(dims_null);
  const int view_rank = RankFromByte(rank);
  for (int i = 0; i < view_rank; ++i) {
    io(dims[i]);
  }
  io(dtype);
  io(stride_mode);
  if (StrideModeFromByte(stride_mode) == StrideMode::kExplicit) {
    for (int i = 0; i < view_rank; ++i) {
      io(strides[i]);
    }
  }
  io(offset);
  io(format);
  io(storage_mode);
  if (StorageModeFromByte(storage_mode) == StorageMode::kExplicit) {
    io(storage_rank);
  }
  io(pointer_kind);
  io(buffer);
  io(byte_offset);
}

}  // namespace openaclnn::fuzz

#endif  // OPENACLNN_FUZZ_PROGRAM_H_
