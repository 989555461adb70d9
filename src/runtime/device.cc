#include "runtime/device.h"

#include <sys/stat.h>

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "core/error_state.h"
#include "core/messages.h"
#include "runtime/env.h"
#include "runtime/memory.h"

namespace openaclnn::runtime {
namespace {

struct RuntimeState {
  std::mutex mu;
  bool initialized = false;
  int64_t device_opens = 0;  // aclrtSetDevice calls not yet matched by aclrtResetDevice.
  std::map<void*, std::shared_ptr<Stream>> streams;
  std::shared_ptr<Stream> default_stream;
};

RuntimeState& State() {
  static RuntimeState* state = new RuntimeState();  // Never destroyed: worker threads may outlive statics.
  return *state;
}

// The device a thread selected, valid while its epoch matches: the last aclrtResetDevice and aclFinalize
// release the device for every thread, not just the caller.
std::atomic<uint64_t> device_epoch{1};
thread_local int32_t current_device = -1;
thread_local uint64_t current_device_epoch = 0;

Status CheckDeviceId(const char* api, int32_t device_id) {
  if (device_id < 0 || device_id >= kDeviceCount) {
    return Status(ACL_ERROR_RT_INVALID_DEVICEID,
                  msg::RuntimeError(api, "argument 'deviceId' is " + std::to_string(device_id) +
                                             "; expected 0 (the CPU backend has one device)."));
  }
  return Status::Ok();
}

// Takes every stream out of the state so they can be drained and destroyed outside the lock.
std::vector<std::shared_ptr<Stream>> DetachAllStreams(RuntimeState& state) {
  std::vector<std::shared_ptr<Stream>> detached;
  for (auto& [handle, stream] : state.streams) {
    detached.push_back(std::move(stream));
  }
  state.streams.clear();
  if (state.default_stream) {
    detached.push_back(std::move(state.default_stream));
  }
  return detached;
}

// A released stream can outlive its release while another thread holds it for a moment (a synchronisation, or
// aclrtFree waiting for idle streams); dropping the last reference then happens in that thread, later. Drain
// the released streams here, so their queued work is done before the caller goes on to free memory.
void DrainReleased(const std::vector<std::shared_ptr<Stream>>& streams) {
  for (const auto& stream : streams) {
    stream->WaitIdle();
  }
}

std::vector<std::shared_ptr<Stream>> SnapshotStreams(RuntimeState& state) {
  std::vector<std::shared_ptr<Stream>> streams;
  for (auto& [handle, stream] : state.streams) {
    streams.push_back(stream);
  }
  if (state.default_stream) {
    streams.push_back(state.default_stream);
  }
  return streams;
}

}  // namespace

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
  if (state.initialized) {
    return Status(ACL_ERROR_REPEAT_INITIALIZE, msg::RuntimeError("aclInit", "the runtime is already initialised."));
  }
  state.initialized = true;
  return Status::Ok();
}

Status Finalize() {
  RuntimeState& state = State();
  std::vector<std::shared_ptr<Stream>> streams;
  {
    std::lock_guard<std::mutex> lock(state.mu);
    if (!state.initialized) {
      return Status(ACL_ERROR_REPEAT_FINALIZE,
                    msg::RuntimeError("aclFinalize", "the runtime is not initialised (already finalised?)."));
    }
    state.initialized = false;
    state.device_opens = 0;
    device_epoch.fetch_add(1, std::memory_order_relaxed);
    streams = DetachAllStreams(state);
  }
  DrainReleased(streams);
  streams.clear();  // Joins every worker (unless another thread still holds one) before memory goes away.
  ReleaseAllBlocks();
  current_device = -1;
  return Status::Ok();
}

Status SetDevice(int32_t device_id) {
  OPENACLNN_RETURN_IF_ERROR(CheckDeviceId("aclrtSetDevice", device_id));
  RuntimeState& state = State();
  std::lock_guard<std::mutex> lock(state.mu);
  ++state.device_opens;
  current_device = device_id;
  current_device_epoch = device_epoch.load(std::memory_order_relaxed);
  return Status::Ok();
}

Status ResetDevice(int32_t device_id) {
  OPENACLNN_RETURN_IF_ERROR(CheckDeviceId("aclrtResetDevice", device_id));
  RuntimeState& state = State();
  std::vector<std::shared_ptr<Stream>> streams;
  {
    std::lock_guard<std::mutex> lock(state.mu);
    if (state.device_opens > 0 && --state.device_opens == 0) {
      device_epoch.fetch_add(1, std::memory_order_relaxed);
      streams = DetachAllStreams(state);
    }
  }
  DrainReleased(streams);
  current_device = -1;
  return Status::Ok();
}

Status GetDevice(int32_t* device_id) {
  if (device_id == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError("aclrtGetDevice", "argument 'deviceId' is NULL."));
  }
  if (current_device < 0 || current_device_epoch != device_epoch.load(std::memory_order_relaxed)) {
    return Status(ACL_ERROR_RT_CONTEXT_NULL,
                  msg::RuntimeError("aclrtGetDevice", "no device is set on this thread; call aclrtSetDevice first."));
  }
  *device_id = current_device;
  return Status::Ok();
}

Status RequireOpenDevice(const char* api) {
  RuntimeState& state = State();
  std::lock_guard<std::mutex> lock(state.mu);
  if (state.device_opens == 0) {
    return Status(ACL_ERROR_RT_CONTEXT_NULL,
                  msg::RuntimeError(api, "no device is open; call aclrtSetDevice(0) first."));
  }
  return Status::Ok();
}

Status CreateStream(aclrtStream* stream) {
  if (stream == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM, msg::RuntimeError("aclrtCreateStream", "argument 'stream' is NULL."));
  }
  OPENACLNN_RETURN_IF_ERROR(RequireOpenDevice("aclrtCreateStream"));
  auto created = std::make_shared<Stream>(LaunchBlocking());
  RuntimeState& state = State();
  std::lock_guard<std::mutex> lock(state.mu);
  void* handle = created.get();
  state.streams.emplace(handle, std::move(created));
  *stream = handle;
  return Status::Ok();
}

Status DestroyStream(aclrtStream stream) {
  if (stream == nullptr) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError("aclrtDestroyStream", "argument 'stream' is NULL (the default stream cannot be "
                                                          "destroyed)."));
  }
  RuntimeState& state = State();
  std::shared_ptr<Stream> doomed;
  {
    std::lock_guard<std::mutex> lock(state.mu);
    auto it = state.streams.find(stream);
    if (it == state.streams.end()) {
      return Status(ACL_ERROR_RT_STREAM_CONTEXT,
                    msg::RuntimeError("aclrtDestroyStream", "argument 'stream' is not a live stream (destroyed, or "
                                                            "released by aclrtResetDevice/aclFinalize)."));
    }
    doomed = std::move(it->second);
    state.streams.erase(it);
  }
  doomed->WaitIdle();  // Its queued work is done when this returns, whoever drops the stream last.
  doomed.reset();      // Joins the worker.
  return Status::Ok();
}

std::shared_ptr<Stream> FindStream(std::string_view api, aclrtStream handle, Status* error) {
  RuntimeState& state = State();
  std::lock_guard<std::mutex> lock(state.mu);
  if (handle == nullptr) {
    if (state.device_opens == 0) {
      *error = Status(ACL_ERROR_RT_CONTEXT_NULL,
                      msg::RuntimeError(api, "the default stream needs an open device; call aclrtSetDevice(0) first."));
      return nullptr;
    }
    if (!state.default_stream) {
      state.default_stream = std::make_shared<Stream>(LaunchBlocking());
    }
    return state.default_stream;
  }
  auto it = state.streams.find(handle);
  if (it == state.streams.end()) {
    *error = Status(ACL_ERROR_RT_STREAM_CONTEXT,
                    msg::RuntimeError(api, "argument 'stream' is not a live stream (destroyed, never created, or "
                                           "released by aclrtResetDevice/aclFinalize)."));
    return nullptr;
  }
  return it->second;
}

Status SynchronizeStream(aclrtStream stream) {
  Status error;
  std::shared_ptr<Stream> target = FindStream("aclrtSynchronizeStream", stream, &error);
  if (!target) {
    return error;
  }
  return target->Synchronize();
}

Status SynchronizeDevice() {
  OPENACLNN_RETURN_IF_ERROR(RequireOpenDevice("aclrtSynchronizeDevice"));
  std::vector<std::shared_ptr<Stream>> streams;
  {
    RuntimeState& state = State();
    std::lock_guard<std::mutex> lock(state.mu);
    streams = SnapshotStreams(state);
  }
  Status first;
  for (const auto& stream : streams) {
    Status result = stream->Synchronize();
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

void WaitAllStreamsIdle() {
  std::vector<std::shared_ptr<Stream>> streams;
  {
    RuntimeState& state = State();
    std::lock_guard<std::mutex> lock(state.mu);
    streams = SnapshotStreams(state);
  }
  for (const auto& stream : streams) {
    stream->WaitIdle();
  }
}

}  // namespace openaclnn::runtime
