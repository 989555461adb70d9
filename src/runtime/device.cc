#include "runtime/device.h"

#include <sys/stat.h>

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/error_state.h"
#include "core/messages.h"
#include "runtime/env.h"
#include "runtime/handle_table.h"
#include "runtime/memory.h"

namespace openaclnn::runtime {
namespace {

struct Context {
  int32_t device = 0;
  bool primary = false;
  void* default_stream = nullptr;  // Its handle in the stream table.
  std::mutex params_mu;
  std::map<int32_t, int64_t> params;  // aclrtCtxSetSysParamOpt values.
};

struct StreamSlot {
  std::shared_ptr<Stream> stream;
  const void* context = nullptr;  // Handle of the owning context.
  int32_t device = 0;
  bool is_default = false;
  int32_t id = 0;         // aclrtStreamGetId: a small number, unique in the process.
  uint32_t flags = 0;     // aclrtCreateStreamWithConfig's known flag bits.
  uint32_t priority = 0;
};

// Stream ids count up from 0 over the process's life.
int32_t NextStreamId() {
  static std::atomic<int32_t> next{0};
  return next.fetch_add(1, std::memory_order_relaxed);
}

// The flag bits CANN defines for aclrtCreateStreamWithConfig; others are dropped, as CANN does.
constexpr uint32_t kKnownStreamFlags = ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC | ACL_STREAM_PERSISTENT |
                                       ACL_STREAM_HUGE | ACL_STREAM_CPU_SCHEDULE | ACL_STREAM_DEVICE_USE_ONLY;

struct DeviceState {
  int64_t opens = 0;           // aclrtSetDevice calls not yet matched by aclrtResetDevice.
  void* primary = nullptr;     // Handle of the primary context while opens > 0.
};

struct RuntimeState {
  std::mutex mu;  // Guards init_count and devices; the tables lock themselves.
  int64_t init_count = 0;
  std::vector<DeviceState> devices;
  std::set<std::pair<int32_t, int32_t>> peers;  // (current device, peer) pairs with access enabled.
  HandleTable<Context> contexts;
  HandleTable<StreamSlot> streams;
};

RuntimeState& State() {
  static RuntimeState* state = [] {
    auto* created = new RuntimeState();  // Never destroyed: worker threads may outlive statics.
    created->devices.resize(static_cast<size_t>(DeviceCount()));
    return created;
  }();
  return *state;
}

// The context this thread chose (aclrtSetDevice, aclrtCreateContext, aclrtSetCurrentContext). A handle is
// never reused, so a context released since (by another thread's reset, say) is simply not found.
thread_local const void* current_context = nullptr;

Status CheckDeviceId(const char* api, int32_t device_id) {
  if (device_id < 0 || device_id >= DeviceCount()) {
    return Status(ACL_ERROR_RT_INVALID_DEVICEID,
                  msg::RuntimeError(api, "argument 'deviceId' is " + std::to_string(device_id) + "; expected 0.." +
                                             std::to_string(DeviceCount() - 1) + " (" + kDeviceCountEnv +
                                             " sets how many devices are emulated)."));
  }
  return Status::Ok();
}

// Creates a context with its default stream. Requires state.mu.
void* NewContext(RuntimeState& state, int32_t device, bool primary) {
  auto context = std::make_shared<Context>();
  context->device = device;
  context->primary = primary;
  void* handle = state.contexts.Insert(context);
  auto slot = std::make_shared<StreamSlot>();
  slot->stream = std::make_shared<Stream>(LaunchBlocking());
  slot->context = handle;
  slot->device = device;
  slot->is_default = true;
  slot->id = NextStreamId();
  context->default_stream = state.streams.Insert(std::move(slot));
  return handle;
}

// A released stream can outlive its release while another thread holds it for a moment (a synchronisation, or
// aclrtFree waiting for idle streams); dropping the last reference then happens in that thread, later. Drain
// the released streams here, so their queued work is done before the caller goes on to free memory.
void DrainReleased(const std::vector<std::shared_ptr<StreamSlot>>& slots) {
  for (const auto& slot : slots) {
    slot->stream->WaitIdle();
  }
}

// Unregisters a context and every stream of it, and returns the streams to drain.
std::vector<std::shared_ptr<StreamSlot>> DetachContext(RuntimeState& state, const void* handle) {
  state.contexts.Remove(handle);
  return state.streams.RemoveIf([handle](const StreamSlot& slot) { return slot.context == handle; });
}

// The calling thread's context: its own choice if still live, else the primary context of the lowest open
// device. Null with *error set when there is none.
std::shared_ptr<Context> ResolveContext(std::string_view api, const void** handle, Status* error) {
  RuntimeState& state = State();
  if (current_context != nullptr) {
    if (std::shared_ptr<Context> own = state.contexts.Find(current_context)) {
      *handle = current_context;
      return own;
    }
  }
  {
    std::lock_guard<std::mutex> lock(state.mu);
    for (const DeviceState& device : state.devices) {
      if (device.primary != nullptr) {
        if (std::shared_ptr<Context> primary = state.contexts.Find(device.primary)) {
          *handle = device.primary;
          return primary;
        }
      }
    }
  }
  *error = Status(ACL_ERROR_RT_CONTEXT_NULL,
                  msg::RuntimeError(api, "no device is open and no context is current; call aclrtSetDevice "
                                         "(or aclrtCreateContext) first."));
  return nullptr;
}

// ResolveContext as a status, for functions that stop at its failure.
Status CurrentContext(std::string_view api, std::shared_ptr<Context>* context, const void** handle) {
  Status error;
  *context = ResolveContext(api, handle, &error);
  return *context ? Status::Ok() : error;
}

}  // namespace

Status CheckWaitTimeout(const char* api, int32_t timeout_ms, int32_t code) {
  if (timeout_ms < -1 || timeout_ms == 0) {
    return Status(code, msg::RuntimeError(api, "argument 'timeout' is " + std::to_string(timeout_ms) +
                                                   "; expected -1 (wait forever) or a positive number of ms."));
  }
  return Status::Ok();
}

int32_t DeviceCount() {
  static const int32_t count = [] {
    const int64_t requested = ReadEnvInt(kDeviceCountEnv, 1);
    return requested >= 1 && requested <= kMaxDeviceCount ? static_cast<int32_t>(requested) : 1;
  }();
  return count;
}

Status Init(const char* config_path) {
  if (config_path != nullptr && config_path[0] != '\0') {
    struct stat info {};
    if (stat(config_path, &info) != 0 || !S_ISREG(info.st_mode)) {
      return Status(ACL_ERROR_INVALID_FILE,
                    msg::RuntimeError("aclInit", "argument 'configPath' ('" + std::string(config_path) +
                                                     "') is not a readable file; pass NULL or the path of a "
                                                     "configuration file."));
    }
  }
  RuntimeState& state = State();
  std::lock_guard<std::mutex> lock(state.mu);
  // As on CANN, a repeated aclInit is counted (each user calls aclFinalize once) and answered 100002.
  if (state.init_count++ > 0) {
    return Status(ACL_ERROR_REPEAT_INITIALIZE,
                  msg::RuntimeError("aclInit", "the runtime is already initialised (now " +
                                                   std::to_string(state.init_count) +
                                                   " users; only the last aclFinalize releases it)."));
  }
  return Status::Ok();
}

Status Finalize() {
  RuntimeState& state = State();
  std::vector<std::shared_ptr<StreamSlot>> streams;
  {
    std::lock_guard<std::mutex> lock(state.mu);
    if (state.init_count == 0) {
      return Status(ACL_ERROR_REPEAT_FINALIZE,
                    msg::RuntimeError("aclFinalize", "the runtime is not initialised (already finalised?)."));
    }
    if (--state.init_count > 0) {
      return Status::Ok();  // Another user's aclInit is still outstanding: nothing is released.
    }
    for (DeviceState& device : state.devices) {
      device = DeviceState{};
    }
    state.peers.clear();
    state.contexts.RemoveIf([](const Context&) { return true; });
    streams = state.streams.RemoveIf([](const StreamSlot&) { return true; });
  }
  DrainReleased(streams);
  streams.clear();  // Joins every worker (unless another thread still holds one) before memory goes away.
  ReleaseAllBlocks();
  current_context = nullptr;
  return Status::Ok();
}

Status SetDevice(int32_t device_id) {
  OPENACLNN_RETURN_IF_ERROR(CheckDeviceId("aclrtSetDevice", device_id));
  RuntimeState& state = State();
  std::lock_guard<std::mutex> lock(state.mu);
  DeviceState& device = state.devices[static_cast<size_t>(device_id)];
  if (device.opens++ == 0) {
    device.primary = NewContext(state, device_id, /*primary=*/true);
  }
  current_context = device.primary;
  return Status::Ok();
}

Status ResetDevice(int32_t device_id, bool force) {
  const char* api = force ? "aclrtResetDeviceForce" : "aclrtResetDevice";
  OPENACLNN_RETURN_IF_ERROR(CheckDeviceId(api, device_id));
  RuntimeState& state = State();
  std::vector<std::shared_ptr<StreamSlot>> streams;
  {
    std::lock_guard<std::mutex> lock(state.mu);
    DeviceState& device = state.devices[static_cast<size_t>(device_id)];
    if (device.opens == 0) {
      return Status(ACL_ERROR_RT_CONTEXT_RELEASE_ERROR,
                    msg::RuntimeError(api, "device " + std::to_string(device_id) +
                                               " is not set (never set, or already reset); call aclrtSetDevice "
                                               "first."));
    }
    if (current_context == device.primary) {
      current_context = nullptr;  // This thread's selection goes with its reference.
    }
    device.opens = force ? 0 : device.opens - 1;
    if (device.opens == 0) {
      streams = DetachContext(state, device.primary);
      device.primary = nullptr;
    }
  }
  DrainReleased(streams);
  return Status::Ok();
}

Status GetDevice(int32_t* device_id) {
  if (device_id == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError("aclrtGetDevice", "argument 'deviceId' is NULL."));
  }
  std::shared_ptr<Context> context =
      current_context == nullptr ? nullptr : State().contexts.Find(current_context);
  if (!context) {
    return Status(ACL_ERROR_RT_CONTEXT_NULL,
                  msg::RuntimeError("aclrtGetDevice", "no device is set on this thread; call aclrtSetDevice first."));
  }
  *device_id = context->device;
  return Status::Ok();
}

Status RequireOpenDevice(const char* api) {
  Status error;
  const void* handle = nullptr;
  return ResolveContext(api, &handle, &error) ? Status::Ok() : error;
}

int32_t CurrentDeviceOr(int32_t fallback) {
  Status error;
  const void* handle = nullptr;
  std::shared_ptr<Context> context = ResolveContext("", &handle, &error);
  return context ? context->device : fallback;
}

namespace {

Status CheckPeerDeviceId(const char* api, int32_t peer_device_id) {
  if (peer_device_id < 0 || peer_device_id >= DeviceCount()) {
    return Status(ACL_ERROR_RT_INVALID_DEVICEID,
                  msg::RuntimeError(api, "argument 'peerDeviceId' is " + std::to_string(peer_device_id) +
                                             "; expected 0.." + std::to_string(DeviceCount() - 1) + "."));
  }
  return Status::Ok();
}

}  // namespace

Status DeviceCanAccessPeer(int32_t* can_access, int32_t device_id, int32_t peer_device_id) {
  constexpr const char* kApi = "aclrtDeviceCanAccessPeer";
  if (can_access == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'canAccessPeer' is NULL."));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckDeviceId(kApi, device_id));
  OPENACLNN_RETURN_IF_ERROR(CheckPeerDeviceId(kApi, peer_device_id));
  *can_access = device_id != peer_device_id ? 1 : 0;  // Every pair of distinct emulated devices can.
  return Status::Ok();
}

Status EnablePeerAccess(int32_t peer_device_id, uint32_t flags) {
  constexpr const char* kApi = "aclrtDeviceEnablePeerAccess";
  if (flags != 0) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(kApi, "argument 'flags' is " + std::to_string(flags) + "; expected 0."));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckPeerDeviceId(kApi, peer_device_id));
  const void* handle = nullptr;
  std::shared_ptr<Context> context;
  OPENACLNN_RETURN_IF_ERROR(CurrentContext(kApi, &context, &handle));
  if (context->device == peer_device_id) {
    return Status(ACL_ERROR_RT_PARAM_INVALID,
                  msg::RuntimeError(kApi, "argument 'peerDeviceId' is the current device " +
                                              std::to_string(peer_device_id) + "; expected another device."));
  }
  RuntimeState& state = State();
  std::lock_guard<std::mutex> lock(state.mu);
  state.peers.emplace(context->device, peer_device_id);
  return Status::Ok();
}

Status DisablePeerAccess(int32_t peer_device_id) {
  constexpr const char* kApi = "aclrtDeviceDisablePeerAccess";
  OPENACLNN_RETURN_IF_ERROR(CheckPeerDeviceId(kApi, peer_device_id));
  const void* handle = nullptr;
  std::shared_ptr<Context> context;
  OPENACLNN_RETURN_IF_ERROR(CurrentContext(kApi, &context, &handle));
  RuntimeState& state = State();
  std::lock_guard<std::mutex> lock(state.mu);
  state.peers.erase({context->device, peer_device_id});
  return Status::Ok();
}

bool PeerAccessEnabled(int32_t first, int32_t second) {
  RuntimeState& state = State();
  std::lock_guard<std::mutex> lock(state.mu);
  return state.peers.count({first, second}) != 0 || state.peers.count({second, first}) != 0;
}

Status CreateContext(aclrtContext* context, int32_t device_id) {
  if (context == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError("aclrtCreateContext", "argument 'context' is NULL."));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckDeviceId("aclrtCreateContext", device_id));
  RuntimeState& state = State();
  std::lock_guard<std::mutex> lock(state.mu);
  void* handle = NewContext(state, device_id, /*primary=*/false);
  current_context = handle;  // CANN makes a new context current on the creating thread.
  *context = handle;
  return Status::Ok();
}

Status DestroyContext(aclrtContext context) {
  constexpr const char* kApi = "aclrtDestroyContext";
  if (context == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'context' is NULL."));
  }
  RuntimeState& state = State();
  std::vector<std::shared_ptr<StreamSlot>> streams;
  {
    std::lock_guard<std::mutex> lock(state.mu);
    std::shared_ptr<Context> found = state.contexts.Find(context);
    if (!found) {
      return Status(ACL_ERROR_RT_PARAM_INVALID,
                    msg::RuntimeError(kApi, "argument 'context' is not a live context (destroyed, never created, "
                                            "or released by aclFinalize)."));
    }
    if (found->primary) {
      return Status(ACL_ERROR_RT_PARAM_INVALID,
                    msg::RuntimeError(kApi, "argument 'context' is the default context of device " +
                                                std::to_string(found->device) +
                                                "; it goes with aclrtResetDevice, not aclrtDestroyContext."));
    }
    streams = DetachContext(state, context);
  }
  DrainReleased(streams);
  return Status::Ok();
}

Status SetCurrentContext(aclrtContext context) {
  constexpr const char* kApi = "aclrtSetCurrentContext";
  if (context == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'context' is NULL."));
  }
  if (!State().contexts.Find(context)) {
    return Status(ACL_ERROR_RT_PARAM_INVALID,
                  msg::RuntimeError(kApi, "argument 'context' is not a live context (destroyed, never created, or "
                                          "its device was reset)."));
  }
  current_context = context;
  return Status::Ok();
}

Status GetCurrentContext(aclrtContext* context) {
  constexpr const char* kApi = "aclrtGetCurrentContext";
  if (context == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'context' is NULL."));
  }
  Status error;
  const void* handle = nullptr;
  if (!ResolveContext(kApi, &handle, &error)) {
    return error;
  }
  *context = const_cast<void*>(handle);
  return Status::Ok();
}

Status GetCurrentDefaultStream(aclrtStream* stream) {
  constexpr const char* kApi = "aclrtCtxGetCurrentDefaultStream";
  if (stream == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'stream' is NULL."));
  }
  const void* handle = nullptr;
  std::shared_ptr<Context> context;
  OPENACLNN_RETURN_IF_ERROR(CurrentContext(kApi, &context, &handle));
  *stream = context->default_stream;
  return Status::Ok();
}

namespace {

Status CheckContextOption(const char* api, int32_t option) {
  if (option < ACL_OPT_DETERMINISTIC || option > ACL_OPT_STRONG_CONSISTENCY) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(api, "argument 'opt' is " + std::to_string(option) +
                                                                  "; expected 0..2 (an aclSysParamOpt of context "
                                                                  "scope)."));
  }
  return Status::Ok();
}

}  // namespace

Status SetContextParam(int32_t option, int64_t value) {
  constexpr const char* kApi = "aclrtCtxSetSysParamOpt";
  OPENACLNN_RETURN_IF_ERROR(CheckContextOption(kApi, option));
  const void* handle = nullptr;
  std::shared_ptr<Context> context;
  OPENACLNN_RETURN_IF_ERROR(CurrentContext(kApi, &context, &handle));
  std::lock_guard<std::mutex> lock(context->params_mu);
  context->params[option] = value;
  return Status::Ok();
}

Status GetContextParam(int32_t option, int64_t* value) {
  constexpr const char* kApi = "aclrtCtxGetSysParamOpt";
  if (value == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'value' is NULL."));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckContextOption(kApi, option));
  const void* handle = nullptr;
  std::shared_ptr<Context> context;
  OPENACLNN_RETURN_IF_ERROR(CurrentContext(kApi, &context, &handle));
  std::lock_guard<std::mutex> lock(context->params_mu);
  auto it = context->params.find(option);
  if (it == context->params.end()) {
    return Status(ACL_ERROR_RT_SYSPARAMOPT_NOT_SET,
                  msg::RuntimeError(kApi, "option " + std::to_string(option) +
                                              " was never set on the current context (aclrtCtxSetSysParamOpt)."));
  }
  *value = it->second;
  return Status::Ok();
}

Status CreateStream(aclrtStream* stream) { return CreateStreamWithConfig(stream, 0, 0, "aclrtCreateStream"); }

Status CreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flags, const char* api) {
  if (stream == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(api, "argument 'stream' is NULL."));
  }
  if ((flags & ACL_STREAM_PERSISTENT) != 0) {
    return Status(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                  msg::RuntimeError(api, "argument 'flag' has ACL_STREAM_PERSISTENT: persistent streams keep their "
                                         "tasks for a model (aclmdlRI), which the CPU backend does not have."));
  }
  const void* context_handle = nullptr;
  std::shared_ptr<Context> context;
  OPENACLNN_RETURN_IF_ERROR(CurrentContext(api, &context, &context_handle));
  auto slot = std::make_shared<StreamSlot>();
  slot->stream = std::make_shared<Stream>(LaunchBlocking());
  slot->context = context_handle;
  slot->device = context->device;
  slot->id = NextStreamId();
  slot->flags = flags & kKnownStreamFlags;
  slot->priority = priority;  // Recorded only: every stream gets the same share of the CPU.
  *stream = State().streams.Insert(std::move(slot));
  return Status::Ok();
}

Status DestroyStream(aclrtStream stream, bool force) {
  const char* api = force ? "aclrtDestroyStreamForce" : "aclrtDestroyStream";
  if (stream == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(api, "argument 'stream' is NULL (the default stream cannot be destroyed)."));
  }
  RuntimeState& state = State();
  std::shared_ptr<StreamSlot> slot = state.streams.Find(stream);
  if (!slot) {
    return Status(ACL_ERROR_RT_STREAM_CONTEXT,
                  msg::RuntimeError(api, "argument 'stream' is not a live stream (destroyed, or released by "
                                         "aclrtResetDevice/aclDestroyContext/aclFinalize)."));
  }
  if (slot->is_default) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(api, "argument 'stream' is a context's default stream, which cannot be "
                                         "destroyed (it goes with its context)."));
  }
  Status error;
  const void* current = nullptr;
  if (ResolveContext(api, &current, &error) && current != slot->context) {
    return Status(ACL_ERROR_RT_STREAM_CONTEXT,
                  msg::RuntimeError(api, "argument 'stream' belongs to another context than the current one; "
                                         "make its context current first (aclrtSetCurrentContext)."));
  }
  if (!state.streams.Remove(stream)) {
    return Status(ACL_ERROR_RT_STREAM_CONTEXT,
                  msg::RuntimeError(api, "argument 'stream' was destroyed by another thread meanwhile."));
  }
  if (force) {
    slot->stream->DiscardQueued();
  }
  slot->stream->WaitIdle();  // Its queued work is done when this returns, whoever drops the stream last.
  slot.reset();              // Joins the worker.
  return Status::Ok();
}

namespace {

// The slot behind a handle (nullptr: the current context's default stream); null with *error set otherwise.
std::shared_ptr<StreamSlot> FindSlot(std::string_view api, aclrtStream handle, Status* error) {
  const void* wanted = handle;
  if (handle == nullptr) {
    const void* context_handle = nullptr;
    std::shared_ptr<Context> context = ResolveContext(api, &context_handle, error);
    if (!context) {
      return nullptr;
    }
    wanted = context->default_stream;
  }
  std::shared_ptr<StreamSlot> slot = State().streams.Find(wanted);
  if (!slot) {
    *error = Status(ACL_ERROR_RT_STREAM_CONTEXT,
                    msg::RuntimeError(api, "argument 'stream' is not a live stream (destroyed, never created, or "
                                           "released by aclrtResetDevice/aclDestroyContext/aclFinalize)."));
  }
  return slot;
}

}  // namespace

std::shared_ptr<Stream> FindStream(std::string_view api, aclrtStream handle, Status* error) {
  std::shared_ptr<StreamSlot> slot = FindSlot(api, handle, error);
  return slot ? slot->stream : nullptr;
}

Status GetStreamAttribute(aclrtStream stream, StreamAttribute attribute, void* value) {
  const char* api = attribute == StreamAttribute::kId      ? "aclrtStreamGetId"
                    : attribute == StreamAttribute::kFlags ? "aclrtStreamGetFlags"
                                                           : "aclrtStreamGetPriority";
  if (value == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(api, attribute == StreamAttribute::kId      ? "argument 'streamId' is NULL."
                                         : attribute == StreamAttribute::kFlags ? "argument 'flags' is NULL."
                                                                                : "argument 'priority' is NULL."));
  }
  Status error;
  std::shared_ptr<StreamSlot> slot = FindSlot(api, stream, &error);
  if (!slot) {
    return error;
  }
  switch (attribute) {
    case StreamAttribute::kId: *static_cast<int32_t*>(value) = slot->id; break;
    case StreamAttribute::kFlags: *static_cast<uint32_t*>(value) = slot->flags; break;
    case StreamAttribute::kPriority: *static_cast<uint32_t*>(value) = slot->priority; break;
  }
  return Status::Ok();
}

Status SetStreamFailureMode(aclrtStream stream, uint64_t mode) {
  constexpr const char* kApi = "aclrtSetStreamFailureMode";
  if (mode != ACL_CONTINUE_ON_FAILURE && mode != ACL_STOP_ON_FAILURE) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(kApi, "argument 'mode' is " + std::to_string(mode) +
                                              "; expected ACL_CONTINUE_ON_FAILURE (0) or ACL_STOP_ON_FAILURE (1)."));
  }
  Status error;
  std::shared_ptr<StreamSlot> slot = FindSlot(kApi, stream, &error);
  if (!slot) {
    return error;
  }
  slot->stream->SetStopOnFailure(mode == ACL_STOP_ON_FAILURE);
  return Status::Ok();
}

Status GetPrimaryContextState(int32_t device_id, uint32_t* flags, int32_t* active) {
  constexpr const char* kApi = "aclrtGetPrimaryCtxState";
  OPENACLNN_RETURN_IF_ERROR(CheckDeviceId(kApi, device_id));
  if (flags != nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'flags' must be NULL (reserved)."));
  }
  if (active == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'active' is NULL."));
  }
  RuntimeState& state = State();
  std::lock_guard<std::mutex> lock(state.mu);
  *active = state.devices[static_cast<size_t>(device_id)].opens > 0 ? 1 : 0;
  return Status::Ok();
}

int32_t StreamDevice(aclrtStream handle) {
  if (handle == nullptr) {
    return CurrentDeviceOr(-1);
  }
  std::shared_ptr<StreamSlot> slot = State().streams.Find(handle);
  return slot ? slot->device : -1;
}

Status SynchronizeStream(aclrtStream stream) {
  Status error;
  std::shared_ptr<Stream> target = FindStream("aclrtSynchronizeStream", stream, &error);
  if (!target) {
    return error;
  }
  return target->Synchronize();
}

Status SynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout_ms) {
  constexpr const char* kApi = "aclrtSynchronizeStreamWithTimeout";
  OPENACLNN_RETURN_IF_ERROR(CheckWaitTimeout(kApi, timeout_ms, ACL_ERROR_RT_PARAM_INVALID));
  Status error;
  std::shared_ptr<Stream> target = FindStream(kApi, stream, &error);
  if (!target) {
    return error;
  }
  if (timeout_ms > 0 && !target->WaitIdleFor(std::chrono::milliseconds(timeout_ms))) {
    return Status(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
                  msg::RuntimeError(kApi, "the stream's tasks did not finish within " + std::to_string(timeout_ms) +
                                              " ms; they keep running."));
  }
  return target->Synchronize();
}

Status QueryStream(aclrtStream stream, aclrtStreamStatus* status) {
  constexpr const char* kApi = "aclrtStreamQuery";
  if (status == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError(kApi, "argument 'status' is NULL."));
  }
  Status error;
  std::shared_ptr<Stream> target = FindStream(kApi, stream, &error);
  if (!target) {
    return error;
  }
  *status = target->Idle() ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
  return Status::Ok();
}

Status SynchronizeDevice() {
  constexpr const char* kApi = "aclrtSynchronizeDevice";
  const void* context_handle = nullptr;
  std::shared_ptr<Context> context;
  OPENACLNN_RETURN_IF_ERROR(CurrentContext(kApi, &context, &context_handle));
  const int32_t device = context->device;
  std::vector<std::shared_ptr<StreamSlot>> slots =
      State().streams.Select([device](const StreamSlot& slot) { return slot.device == device; });
  Status first;
  for (const auto& slot : slots) {
    Status result = slot->stream->Synchronize();
    if (result.ok()) {
      continue;
    }
    if (first.ok()) {
      first = std::move(result);  // Its code is returned and its message recorded by the caller.
    } else {
      RecordError(result.message());  // Failures of other streams stay readable.
    }
  }
  return first;
}

const void* ContextObjectAddress(aclrtContext context) { return State().contexts.Find(context).get(); }

void WaitAllStreamsIdle() {
  std::vector<std::shared_ptr<StreamSlot>> slots = State().streams.Select([](const StreamSlot&) { return true; });
  for (const auto& slot : slots) {
    slot->stream->WaitIdle();
  }
}

}  // namespace openaclnn::runtime
