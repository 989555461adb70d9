// Runtime operations of a fuzz interpreter: memory, streams, device lifecycle, copies and the small query calls.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "openaclnn/openaclnn.h"
#include "interpreter.h"
#include "value_tables.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define OPENACLNN_FUZZ_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define OPENACLNN_FUZZ_ASAN 1
#endif
#ifdef OPENACLNN_FUZZ_ASAN
#include <sanitizer/asan_interface.h>
#endif

namespace openaclnn::fuzz {
namespace {

constexpr size_t kSmallBlockLimit = 4096;
constexpr size_t kLargeBlockBase = size_t{2} << 20;  // The library maps blocks of this size and more.
constexpr const char* kLaunchBlockingEnv = "OPENACLNN_LAUNCH_BLOCKING";

// The library may round a small block up (to its alignment); AddressSanitizer would then not see a read past
// the size the caller asked for. Poison that tail while it is addressable (i.e. really part of the block).
void PoisonTail(void* base, size_t size) {
#ifdef OPENACLNN_FUZZ_ASAN
  constexpr size_t kGranule = 64;
  char* tail = static_cast<char*>(base) + size;
  const size_t tail_bytes = (kGranule - size % kGranule) % kGranule;
  if (tail_bytes > 0 && __asan_region_is_poisoned(tail, tail_bytes) == nullptr) {
    __asan_poison_memory_region(tail, tail_bytes);
  }
#else
  (void)base;
  (void)size;
#endif
}

// Element bytes of the data types FillValues writes; 0 for the others.
size_t FillElementBytes(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: case ACL_INT32: return 4;
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: return 2;
    case ACL_INT64: return 8;
    case ACL_UINT8: case ACL_INT8: case ACL_BOOL: return 1;
    default: return 0;
  }
}

uint16_t ToBf16(float value) {
  uint32_t bits = 0;
  std::memcpy(&bits, &value, sizeof(bits));
  if (std::isnan(value)) {
    return 0x7fc0;
  }
  bits += 0x7fff + ((bits >> 16) & 1);  // Round to nearest, ties to even.
  return static_cast<uint16_t>(bits >> 16);
}

void EncodeElement(aclDataType dtype, uint8_t index, uint8_t* out) {
  const float real = static_cast<float>(FloatFillValue(index));
  const int64_t integer = IntegerFillValue(index);
  switch (dtype) {
    case ACL_FLOAT: std::memcpy(out, &real, 4); return;
    case ACL_FLOAT16: {
      const uint16_t bits = aclFloatToFloat16(real);
      std::memcpy(out, &bits, 2);
      return;
    }
    case ACL_BF16: {
      const uint16_t bits = ToBf16(real);
      std::memcpy(out, &bits, 2);
      return;
    }
    case ACL_INT64: std::memcpy(out, &integer, 8); return;
    case ACL_INT32: {
      const auto narrow = static_cast<int32_t>(integer);
      std::memcpy(out, &narrow, 4);
      return;
    }
    case ACL_INT16: {
      const auto narrow = static_cast<int16_t>(integer);
      std::memcpy(out, &narrow, 2);
      return;
    }
    default: *out = static_cast<uint8_t>(integer); return;
  }
}

}  // namespace

void Interpreter::Malloc(const MallocArgs& args) {
  int slot = 0;
  while (slot < kMaxBuffers && buffers_[slot].live) {
    ++slot;
  }
  if (slot == kMaxBuffers) {
    return;
  }
  const auto kind = static_cast<MallocKind>(args.kind % static_cast<uint8_t>(MallocKind::kCount));
  size_t size = 1 + args.size % kSmallBlockLimit;
  if (kind == MallocKind::kZeroBytes) {
    size = 0;
  } else if (kind == MallocKind::kLargeDevice) {
    size = kLargeBlockBase + args.size;
  }
  const bool host = kind == MallocKind::kHost;
  const char* api = host ? "aclrtMallocHost" : "aclrtMalloc";
  void* base = nullptr;
  const int32_t status = host ? aclrtMallocHost(&base, size) : aclrtMalloc(&base, size, PolicyFromByte(args.policy));
  if (size == 0) {
    ExpectFailure(status, api);
    return;
  }
  Expect(status, api);
  if (status != 0) {
    return;
  }
  if (base == nullptr) {
    Fail(std::string(api) + " succeeded without returning a block");
  }
  if (size < kLargeBlockBase) {
    PoisonTail(base, size);
  }
  buffers_[slot] = {base, size, host, true};
  if (std::getenv("OPENACLNN_FUZZ_TRACE") != nullptr) {
    std::fprintf(stderr, "    buffer %d: [%#llx, +%zu)\n", slot,
                 static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(base)), size);
  }
}

void Interpreter::Free(const FreeArgs& args) {
  BufferSlot& buffer = buffers_[args.buffer % kMaxBuffers];
  const auto mode = static_cast<FreeMode>(args.mode % static_cast<uint8_t>(FreeMode::kCount));
  if (!buffer.live) {
    int not_a_block = 0;  // Never from aclrtMalloc: must be refused, not freed.
    ExpectFailure(aclrtFree(&not_a_block), "aclrtFree");
    return;
  }
  const char* api = buffer.host ? "aclrtFreeHost" : "aclrtFree";
  if (mode == FreeMode::kWrongKind) {
    const char* wrong_api = buffer.host ? "aclrtFree" : "aclrtFreeHost";
    ExpectFailure(buffer.host ? aclrtFree(buffer.base) : aclrtFreeHost(buffer.base), wrong_api);
    return;
  }
  const int32_t status = buffer.host ? aclrtFreeHost(buffer.base) : aclrtFree(buffer.base);
  Expect(status, api);
  if (status != 0) {
    Fail(std::string(api) + " refused a live block");
  }
  buffer.live = false;
  freed_addresses_.push_back(reinterpret_cast<uintptr_t>(buffer.base));
  if (mode == FreeMode::kFreeTwice) {
    ExpectFailure(buffer.host ? aclrtFreeHost(buffer.base) : aclrtFree(buffer.base), api);
  }
}

aclrtStream Interpreter::StreamHandle(uint8_t raw) const {
  const int choice = raw % (kMaxStreams + 2);
  if (choice == kDefaultStream) {
    return nullptr;
  }
  if (choice <= kMaxStreams) {
    return streams_[choice - 1].handle;  // Possibly released (stale) or never made (NULL: the default stream).
  }
  // Not a stream at all: the library may only look the handle up, never follow it.
  return const_cast<void*>(static_cast<const void*>(&streams_));
}

void Interpreter::CreateStream(const CreateStreamArgs& args) {
  int slot = 0;
  while (slot < kMaxStreams && streams_[slot].live) {
    ++slot;
  }
  if (slot == kMaxStreams) {
    return;
  }
  const bool blocking = args.launch_blocking % 2 == 1;
  if (blocking) {
    setenv(kLaunchBlockingEnv, "1", 1);
  }
  aclrtStream stream = nullptr;
  const int32_t status = aclrtCreateStream(&stream);
  if (blocking) {
    unsetenv(kLaunchBlockingEnv);
  }
  Expect(status, "aclrtCreateStream");
  if (status == 0) {
    if (stream == nullptr) {
      Fail("aclrtCreateStream succeeded without returning a stream");
    }
    streams_[slot] = {stream, true};
  }
}

void Interpreter::DestroyStream(const StreamArgs& args) {
  const aclrtStream stream = StreamHandle(args.stream);
  const int choice = args.stream % (kMaxStreams + 2);
  const int32_t status = aclrtDestroyStream(stream);
  if (stream == nullptr || choice == kMaxStreams + 1) {
    ExpectFailure(status, "aclrtDestroyStream");  // NULL (the default stream) or not a stream.
    return;
  }
  Expect(status, "aclrtDestroyStream");
  streams_[choice - 1].live = false;  // Released now, or already before.
}

void Interpreter::SyncStream(const StreamArgs& args) {
  // A failure of earlier asynchronous work is reported here and names the operator, not this call.
  ExpectAnyMessage(aclrtSynchronizeStream(StreamHandle(args.stream)), "aclrtSynchronizeStream");
}

void Interpreter::SyncDevice() { ExpectAnyMessage(aclrtSynchronizeDevice(), "aclrtSynchronizeDevice"); }

void Interpreter::FillValues(const FillValuesArgs& args) {
  const BufferSlot& buffer = buffers_[args.buffer % kMaxBuffers];
  const aclDataType dtype = DtypeFromByte(args.dtype);
  const size_t element_bytes = FillElementBytes(dtype);
  if (!buffer.live || element_bytes == 0) {
    return;
  }
  const int count = 1 + args.count % kMaxFillValues;
  std::vector<uint8_t> host(buffer.size, 0);
  for (size_t i = 0; i + element_bytes <= host.size(); i += element_bytes) {
    EncodeElement(dtype, args.values[(i / element_bytes) % count], host.data() + i);
  }
  const int32_t status = aclrtMemcpy(buffer.base, buffer.size, host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
  Expect(status, "aclrtMemcpy");
  if (status != 0) {
    Fail("aclrtMemcpy refused a copy of a whole live block");
  }
}

void Interpreter::CopyBytes(const CopyBytesArgs& args, ByteReader& reader) {
  const BufferSlot& buffer = buffers_[args.buffer % kMaxBuffers];
  if (!buffer.live) {
    return;
  }
  const size_t offset = args.offset % buffer.size;
  const size_t room = buffer.size - offset;
  char* inside = static_cast<char*>(buffer.base) + offset;
  const auto kind = static_cast<aclrtMemcpyKind>(args.kind % 8);
  if (args.direction % 2 == 0) {
    // Into the buffer: destMax is the room left, count what the program says (more must be refused).
    std::vector<uint8_t> source = reader.Bytes(args.count);
    source.resize(args.count, 0);
    const int32_t status = aclrtMemcpy(inside, room, source.data(), source.size(), kind);
    if (source.size() > room) {
      ExpectFailure(status, "aclrtMemcpy");
    } else {
      Expect(status, "aclrtMemcpy");
    }
    return;
  }
  // Out of the buffer: never more than it holds; a destMax one short of count must be refused.
  const size_t count = args.count % (room + 1);
  const bool short_destination = count > 0 && (args.direction & 2) != 0;
  std::vector<uint8_t> destination(short_destination ? count - 1 : count);
  const int32_t status = aclrtMemcpy(destination.data(), destination.size(), inside, count, kind);
  if (short_destination) {
    ExpectFailure(status, "aclrtMemcpy");
  } else {
    Expect(status, "aclrtMemcpy");
  }
}

void Interpreter::Memset(const MemsetArgs& args) {
  const BufferSlot& buffer = buffers_[args.buffer % kMaxBuffers];
  if (!buffer.live) {
    return;
  }
  const size_t offset = args.offset % buffer.size;
  const size_t room = buffer.size - offset;
  const size_t max_count = args.max_count < room ? args.max_count : room;
  const int32_t status = aclrtMemset(static_cast<char*>(buffer.base) + offset, max_count, args.value, args.count);
  if (args.count > max_count) {
    ExpectFailure(status, "aclrtMemset");
  } else {
    Expect(status, "aclrtMemset");
  }
}

void Interpreter::ForgetStreams() {
  for (StreamSlot& stream : streams_) {
    stream.live = false;
  }
}

void Interpreter::ForgetMemory() {
  for (BufferSlot& buffer : buffers_) {
    if (buffer.live) {
      buffer.live = false;
      freed_addresses_.push_back(reinterpret_cast<uintptr_t>(buffer.base));
    }
  }
}

void Interpreter::DeviceLifecycle(const LifecycleArgs& args) {
  RuntimeModel& rt = *runtime_;
  const auto reset = [&] {
    if (rt.device_opens == 0) {
      ExpectFailure(aclrtResetDevice(0), "aclrtResetDevice");  // Not set: 507007, as on CANN.
      return;
    }
    Expect(aclrtResetDevice(0), "aclrtResetDevice");
    if (--rt.device_opens == 0) {
      ForgetStreams();
    }
  };
  const auto set = [&] {
    Expect(aclrtSetDevice(0), "aclrtSetDevice");
    ++rt.device_opens;
  };
  const auto finalize = [&] {
    const int32_t status = aclFinalize();
    if (rt.init_count == 0) {
      ExpectFailure(status, "aclFinalize");
      return;
    }
    Expect(status, "aclFinalize");
    if (--rt.init_count > 0) {
      return;  // Another aclInit is outstanding: nothing was released.
    }
    rt.device_opens = 0;
    ForgetStreams();
    ForgetMemory();
  };
  const auto init = [&] {
    const int32_t status = aclInit(nullptr);
    if (rt.init_count > 0) {
      ExpectFailure(status, "aclInit");  // 100002, counted all the same.
      ++rt.init_count;
      return;
    }
    Expect(status, "aclInit");
    rt.init_count = status == 0 ? 1 : 0;
  };
  switch (static_cast<Lifecycle>(args.what % static_cast<uint8_t>(Lifecycle::kCount))) {
    case Lifecycle::kResetAndSet: reset(); set(); return;
    case Lifecycle::kFinalizeAndInit: finalize(); init(); set(); return;
    case Lifecycle::kReset: reset(); return;
    case Lifecycle::kSet:
      if (rt.device_opens < 8) {
        set();
      }
      return;
    case Lifecycle::kInitAgain: init(); return;
    case Lifecycle::kFinalize: finalize(); return;
    case Lifecycle::kSetBadDevice: ExpectFailure(aclrtSetDevice(1), "aclrtSetDevice"); return;
    case Lifecycle::kResetBadDevice: ExpectFailure(aclrtResetDevice(-1), "aclrtResetDevice"); return;
    case Lifecycle::kInitBadConfig: ExpectFailure(aclInit("/nonexistent/openaclnn-fuzz.json"), "aclInit"); return;
    case Lifecycle::kCount: return;
  }
}

void Interpreter::Misc(const MiscArgs& args) {
  const bool null_out = args.null_out % 2 == 1;
  switch (static_cast<MiscCall>(args.call % static_cast<uint8_t>(MiscCall::kCount))) {
    case MiscCall::kDataTypeSize: {
      const aclDataType dtype = DtypeFromByte(static_cast<uint8_t>(args.value));
      const size_t bytes = aclDataTypeSize(dtype);
      const size_t expected = FillElementBytes(dtype);
      if (expected != 0 && bytes != expected) {
        Fail("aclDataTypeSize(" + std::to_string(dtype) + ") is " + std::to_string(bytes));
      }
      return;
    }
    case MiscCall::kHalfRoundTrip: {
      const float value = aclFloat16ToFloat(args.value);
      if (!std::isnan(value) && aclFloatToFloat16(value) != args.value) {
        Fail("fp16 bits " + std::to_string(args.value) + " do not survive a round trip through float");
      }
      return;
    }
    case MiscCall::kGetDevice: {
      int32_t device = -1;
      const int32_t status = aclrtGetDevice(null_out ? nullptr : &device);
      null_out ? ExpectFailure(status, "aclrtGetDevice") : Expect(status, "aclrtGetDevice");
      return;
    }
    case MiscCall::kGetDeviceCount: {
      uint32_t count = 0;
      const int32_t status = aclrtGetDeviceCount(null_out ? nullptr : &count);
      if (null_out) {
        ExpectFailure(status, "aclrtGetDeviceCount");
      } else if (status != 0 || count != 1) {
        Fail("aclrtGetDeviceCount: expected one device");
      }
      return;
    }
    case MiscCall::kGetRunMode: {
      aclrtRunMode mode = ACL_DEVICE;
      const int32_t status = aclrtGetRunMode(null_out ? nullptr : &mode);
      null_out ? ExpectFailure(status, "aclrtGetRunMode") : Expect(status, "aclrtGetRunMode");
      return;
    }
    case MiscCall::kGetMemInfo: {
      size_t free_bytes = 0;
      size_t total_bytes = 0;
      const auto attr = static_cast<aclrtMemAttr>(args.value % 2);
      const int32_t status =
          aclrtGetMemInfo(attr, null_out ? nullptr : &free_bytes, (args.value & 2) ? nullptr : &total_bytes);
      (null_out || (args.value & 2)) ? ExpectFailure(status, "aclrtGetMemInfo") : Expect(status, "aclrtGetMemInfo");
      return;
    }
    case MiscCall::kGetVersion: {
      int32_t major = 0;
      int32_t minor = 0;
      int32_t patch = 0;
      const int32_t status = aclrtGetVersion(null_out ? nullptr : &major, &minor, &patch);
      null_out ? ExpectFailure(status, "aclrtGetVersion") : Expect(status, "aclrtGetVersion");
      return;
    }
    case MiscCall::kNames:
      if (aclrtGetSocName() == nullptr || openaclnnGetVersion() == nullptr) {
        Fail("a name query returned NULL");
      }
      return;
    case MiscCall::kCount: return;
  }
}

void Interpreter::KernelConfig(const KernelConfigArgs& args) {
  if (args.target == kUnknownKernelTarget) {
    ExpectFailure(openaclnnSetKernelTarget("no-such-target"), "openaclnnSetKernelTarget");
  } else {
    const int32_t count = openaclnnGetKernelTargetCount();
    const char* name = openaclnnGetKernelTargetName(args.target % (count + 1));  // NULL: the default.
    const int32_t status = openaclnnSetKernelTarget(name);
    Expect(status, "openaclnnSetKernelTarget");
    if (status != 0) {
      Fail(std::string("openaclnnSetKernelTarget refused the listed target ") + (name ? name : "NULL"));
    }
  }
  const int threads = args.threads % 6;
  if (threads == 5) {
    ExpectFailure(openaclnnSetNumThreads(1000), "openaclnnSetNumThreads");
  } else {
    Expect(openaclnnSetNumThreads(threads), "openaclnnSetNumThreads");
  }
}

void Interpreter::StrictMode(const StrictModeArgs& args) {
  const int32_t modes[] = {-1, 0, 1};
  if (args.mode % 4 == 3) {
    ExpectFailure(openaclnnSetStrictMode(2 + args.mode / 4), "openaclnnSetStrictMode");
    return;
  }
  const int32_t mode = modes[args.mode % 4];
  Expect(openaclnnSetStrictMode(mode), "openaclnnSetStrictMode");
  if (mode >= 0 && openaclnnGetStrictMode() != mode) {  // -1: whatever OPENACLNN_STRICT says.
    Fail("openaclnnGetStrictMode does not return what openaclnnSetStrictMode set");
  }
}

void Interpreter::ReleaseAll() {
  RuntimeModel& rt = *runtime_;
  if (rt.init_count == 0) {
    Expect(aclInit(nullptr), "aclInit");
    rt.init_count = 1;
  }
  while (rt.init_count > 1) {
    Expect(aclFinalize(), "aclFinalize");
    --rt.init_count;
  }
  if (rt.device_opens == 0) {
    Expect(aclrtSetDevice(0), "aclrtSetDevice");
    rt.device_opens = 1;
  }
  std::vector<aclOpExecutor*> handles = every_executor_;
  std::sort(handles.begin(), handles.end());
  handles.erase(std::unique(handles.begin(), handles.end()), handles.end());
  for (aclOpExecutor* handle : handles) {
    aclDestroyAclOpExecutor(handle);  // Refused for those already released; that is fine here.
  }
  aclGetRecentErrMsg();
  for (TensorSlot& tensor : tensors_) {
    if (tensor.live) {
      Expect(aclDestroyTensor(tensor.handle), "aclDestroyTensor");
      tensor.live = false;
    }
  }
  for (StreamSlot& stream : streams_) {
    if (stream.live) {
      aclrtDestroyStream(stream.handle);  // Runs what is still queued.
      stream.live = false;
    }
  }
  aclrtSynchronizeDevice();  // The default stream.
  for (BufferSlot& buffer : buffers_) {
    if (buffer.live) {
      Expect(buffer.host ? aclrtFreeHost(buffer.base) : aclrtFree(buffer.base), "aclrtFree");
      buffer.live = false;
    }
  }
  // The next input starts from the defaults, so every input replays alone as it ran.
  openaclnnSetKernelTarget(nullptr);
  openaclnnSetNumThreads(0);
  openaclnnSetStrictMode(-1);
  while (rt.device_opens > 1) {
    Expect(aclrtResetDevice(0), "aclrtResetDevice");
    --rt.device_opens;
  }
  aclGetRecentErrMsg();
}

}  // namespace openaclnn::fuzz
