// The aclrt* runtime functions (and aclInit) with bad arguments, one table row per parameter and kind of fault.
// Each returns its documented aclError and leaves a message naming the API and the argument; a failed copy or
// fill writes nothing.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

struct RuntimeCase {
  std::string name;
  std::string api;
  std::string param;
  int expected_code;
  std::function<int()> call;
};


// An event handle that was live once and is released now.
aclrtEvent ReleasedEvent() {
  aclrtEvent event = nullptr;
  aclrtCreateEvent(&event);
  aclrtDestroyEvent(event);
  return event;
}

aclrtStream ReleasedStream() {
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  aclrtDestroyStream(stream);
  return stream;
}

// Runs call on a live event made by `create` (aclrtCreateEvent by default), then destroys it.
template <typename Call, typename Create>
int WithEvent(Call call, Create create) {
  aclrtEvent event = nullptr;
  create(&event);
  const int code = call(event);
  aclrtDestroyEvent(event);
  return code;
}
template <typename Call>
int WithEvent(Call call) {
  return WithEvent(call, [](aclrtEvent* event) { return aclrtCreateEvent(event); });
}

// Event makers for the rows that need an event of a kind.
int CreateExSyncEvent(aclrtEvent* event) { return aclrtCreateEventExWithFlag(event, ACL_EVENT_SYNC); }
int CreateTimeLineEvent(aclrtEvent* event) { return aclrtCreateEventWithFlag(event, ACL_EVENT_TIME_LINE); }
int CreateDeviceOnlyEvent(aclrtEvent* event) { return aclrtCreateEventWithFlag(event, ACL_EVENT_DEVICE_USE_ONLY); }

// Runs a creation call; destroys the event if the call created one after all.
template <typename Call>
int WithNewEvent(Call call) {
  aclrtEvent event = nullptr;
  const int code = call(&event);
  if (event != nullptr) {
    aclrtDestroyEvent(event);
  }
  return code;
}

std::vector<RuntimeCase> RuntimeCases() {
  static int not_a_handle = 0;
  void* const foreign = &not_a_handle;
  const size_t kHuge = std::numeric_limits<size_t>::max();
  return {
      {"aclInit missing config file", "aclInit", "configPath", ACL_ERROR_INVALID_FILE,
       [] { return aclInit("/nonexistent/openaclnn-acl.json"); }},
      {"aclInit twice", "aclInit", "", ACL_ERROR_REPEAT_INITIALIZE,
       [] {
         const int code = aclInit(nullptr);  // Counted: the matching aclFinalize keeps the runtime up.
         aclFinalize();
         return code;
       }},
      {"aclrtSetDevice -1", "aclrtSetDevice", "deviceId", ACL_ERROR_RT_INVALID_DEVICEID,
       [] { return aclrtSetDevice(-1); }},
      {"aclrtSetDevice 1", "aclrtSetDevice", "deviceId", ACL_ERROR_RT_INVALID_DEVICEID,
       [] { return aclrtSetDevice(1); }},
      {"aclrtSetDevice INT32_MAX", "aclrtSetDevice", "deviceId", ACL_ERROR_RT_INVALID_DEVICEID,
       [] { return aclrtSetDevice(std::numeric_limits<int32_t>::max()); }},
      {"aclrtResetDevice -1", "aclrtResetDevice", "deviceId", ACL_ERROR_RT_INVALID_DEVICEID,
       [] { return aclrtResetDevice(-1); }},
      {"aclrtResetDevice INT32_MIN", "aclrtResetDevice", "deviceId", ACL_ERROR_RT_INVALID_DEVICEID,
       [] { return aclrtResetDevice(std::numeric_limits<int32_t>::min()); }},
      {"aclrtGetDevice NULL", "aclrtGetDevice", "deviceId", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtGetDevice(nullptr); }},
      {"aclrtGetDeviceCount NULL", "aclrtGetDeviceCount", "count", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtGetDeviceCount(nullptr); }},
      {"aclrtGetRunMode NULL", "aclrtGetRunMode", "runMode", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtGetRunMode(nullptr); }},
      {"aclrtGetVersion major NULL", "aclrtGetVersion", "majorVersion", ACL_ERROR_INVALID_PARAM,
       [] {
         int32_t minor = 0, patch = 0;
         return aclrtGetVersion(nullptr, &minor, &patch);
       }},
      {"aclrtGetVersion minor NULL", "aclrtGetVersion", "minorVersion", ACL_ERROR_INVALID_PARAM,
       [] {
         int32_t major = 0, patch = 0;
         return aclrtGetVersion(&major, nullptr, &patch);
       }},
      {"aclrtGetVersion patch NULL", "aclrtGetVersion", "patchVersion", ACL_ERROR_INVALID_PARAM,
       [] {
         int32_t major = 0, minor = 0;
         return aclrtGetVersion(&major, &minor, nullptr);
       }},
      {"aclrtCreateStream NULL", "aclrtCreateStream", "stream", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtCreateStream(nullptr); }},
      {"aclrtDestroyStream NULL", "aclrtDestroyStream", "stream", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtDestroyStream(nullptr); }},
      {"aclrtDestroyStream unknown", "aclrtDestroyStream", "stream", ACL_ERROR_RT_STREAM_CONTEXT,
       [foreign] { return aclrtDestroyStream(foreign); }},
      {"aclrtDestroyStream twice", "aclrtDestroyStream", "stream", ACL_ERROR_RT_STREAM_CONTEXT,
       [] {
         aclrtStream stream = nullptr;
         aclrtCreateStream(&stream);
         aclrtDestroyStream(stream);
         return aclrtDestroyStream(stream);
       }},
      {"aclrtSynchronizeStream unknown", "aclrtSynchronizeStream", "stream", ACL_ERROR_RT_STREAM_CONTEXT,
       [foreign] { return aclrtSynchronizeStream(foreign); }},
      {"aclrtMalloc devPtr NULL", "aclrtMalloc", "devPtr", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST); }},
      {"aclrtMalloc size 0", "aclrtMalloc", "size", ACL_ERROR_INVALID_PARAM,
       [] {
         void* pointer = nullptr;
         return aclrtMalloc(&pointer, 0, ACL_MEM_MALLOC_HUGE_FIRST);
       }},
      {"aclrtMalloc size SIZE_MAX", "aclrtMalloc", "size", ACL_ERROR_RT_MEMORY_ALLOCATION,
       [kHuge] {
         void* pointer = nullptr;
         return aclrtMalloc(&pointer, kHuge, ACL_MEM_MALLOC_HUGE_FIRST);
       }},
      {"aclrtFree NULL", "aclrtFree", "devPtr", ACL_ERROR_INVALID_PARAM, [] { return aclrtFree(nullptr); }},
      {"aclrtFree foreign pointer", "aclrtFree", "devPtr", ACL_ERROR_INVALID_PARAM,
       [foreign] { return aclrtFree(foreign); }},
      {"aclrtFree twice", "aclrtFree", "devPtr", ACL_ERROR_INVALID_PARAM,
       [] {
         void* pointer = nullptr;
         aclrtMalloc(&pointer, 64, ACL_MEM_MALLOC_HUGE_FIRST);
         aclrtFree(pointer);
         return aclrtFree(pointer);
       }},
      {"aclrtFree of a host block", "aclrtFree", "devPtr", ACL_ERROR_INVALID_PARAM,
       [] {
         void* pointer = nullptr;
         aclrtMallocHost(&pointer, 64);
         const int code = aclrtFree(pointer);
         aclrtFreeHost(pointer);
         return code;
       }},
      {"aclrtFree inside a block", "aclrtFree", "devPtr", ACL_ERROR_INVALID_PARAM,
       [] {
         void* pointer = nullptr;
         aclrtMalloc(&pointer, 64, ACL_MEM_MALLOC_HUGE_FIRST);
         const int code = aclrtFree(static_cast<char*>(pointer) + 8);
         aclrtFree(pointer);
         return code;
       }},
      {"aclrtMallocHost hostPtr NULL", "aclrtMallocHost", "hostPtr", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtMallocHost(nullptr, 64); }},
      {"aclrtMallocHost size 0", "aclrtMallocHost", "size", ACL_ERROR_INVALID_PARAM,
       [] {
         void* pointer = nullptr;
         return aclrtMallocHost(&pointer, 0);
       }},
      {"aclrtFreeHost NULL", "aclrtFreeHost", "hostPtr", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtFreeHost(nullptr); }},
      {"aclrtFreeHost foreign pointer", "aclrtFreeHost", "hostPtr", ACL_ERROR_INVALID_PARAM,
       [foreign] { return aclrtFreeHost(foreign); }},
      {"aclrtFreeHost of a device block", "aclrtFreeHost", "hostPtr", ACL_ERROR_INVALID_PARAM,
       [] {
         void* pointer = nullptr;
         aclrtMalloc(&pointer, 64, ACL_MEM_MALLOC_HUGE_FIRST);
         const int code = aclrtFreeHost(pointer);
         aclrtFree(pointer);
         return code;
       }},
      {"aclrtGetMemInfo free NULL", "aclrtGetMemInfo", "free", ACL_ERROR_INVALID_PARAM,
       [] {
         size_t total = 0;
         return aclrtGetMemInfo(ACL_HBM_MEM, nullptr, &total);
       }},
      {"aclrtGetMemInfo total NULL", "aclrtGetMemInfo", "total", ACL_ERROR_INVALID_PARAM,
       [] {
         size_t free_bytes = 0;
         return aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, nullptr);
       }},
      // Events.
      {"aclrtCreateEvent event NULL", "aclrtCreateEvent", "event", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtCreateEvent(nullptr); }},
      {"aclrtCreateEventWithFlag event NULL", "aclrtCreateEventWithFlag", "event", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtCreateEventWithFlag(nullptr, ACL_EVENT_SYNC); }},
      {"aclrtCreateEventWithFlag flag 0", "aclrtCreateEventWithFlag", "flag", ACL_ERROR_RT_PARAM_INVALID,
       [] { return WithNewEvent([](aclrtEvent* e) { return aclrtCreateEventWithFlag(e, 0); }); }},
      {"aclrtCreateEventWithFlag unknown bit", "aclrtCreateEventWithFlag", "flag", ACL_ERROR_RT_PARAM_INVALID,
       [] { return WithNewEvent([](aclrtEvent* e) { return aclrtCreateEventWithFlag(e, 0x100); }); }},
      {"aclrtCreateEventWithFlag EXTERNAL combined", "aclrtCreateEventWithFlag", "flag",
       ACL_ERROR_RT_PARAM_INVALID,
       [] {
         return WithNewEvent([](aclrtEvent* e) { return aclrtCreateEventWithFlag(e, ACL_EVENT_EXTERNAL | 1); });
       }},
      {"aclrtCreateEventExWithFlag event NULL", "aclrtCreateEventExWithFlag", "event", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtCreateEventExWithFlag(nullptr, ACL_EVENT_SYNC); }},
      {"aclrtCreateEventExWithFlag flag EXTERNAL", "aclrtCreateEventExWithFlag", "flag",
       ACL_ERROR_RT_PARAM_INVALID,
       [] { return WithNewEvent([](aclrtEvent* e) { return aclrtCreateEventExWithFlag(e, ACL_EVENT_EXTERNAL); }); }},
      {"aclrtCreateEventExWithFlag IPC", "aclrtCreateEventExWithFlag", "flag",
       ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
       [] { return WithNewEvent([](aclrtEvent* e) { return aclrtCreateEventExWithFlag(e, ACL_EVENT_IPC); }); }},
      {"aclrtDestroyEvent NULL", "aclrtDestroyEvent", "event", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtDestroyEvent(nullptr); }},
      {"aclrtDestroyEvent released", "aclrtDestroyEvent", "event", ACL_ERROR_RT_PARAM_INVALID,
       [] { return aclrtDestroyEvent(ReleasedEvent()); }},
      {"aclrtDestroyEvent foreign", "aclrtDestroyEvent", "event", ACL_ERROR_RT_PARAM_INVALID,
       [foreign] { return aclrtDestroyEvent(foreign); }},
      {"aclrtRecordEvent NULL", "aclrtRecordEvent", "event", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtRecordEvent(nullptr, nullptr); }},
      {"aclrtRecordEvent released", "aclrtRecordEvent", "event", ACL_ERROR_RT_PARAM_INVALID,
       [] { return aclrtRecordEvent(ReleasedEvent(), nullptr); }},
      {"aclrtRecordEvent released stream", "aclrtRecordEvent", "stream", ACL_ERROR_RT_STREAM_CONTEXT,
       [] { return WithEvent([](aclrtEvent e) { return aclrtRecordEvent(e, ReleasedStream()); }); }},
      {"aclrtRecordEventWithFlag flag 2", "aclrtRecordEventWithFlag", "flag", ACL_ERROR_INVALID_PARAM,
       [] { return WithEvent([](aclrtEvent e) { return aclrtRecordEventWithFlag(e, nullptr, 2); }); }},
      {"aclrtRecordEventWithFlag EXTERNAL", "aclrtRecordEventWithFlag", "flag",
       ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
       [] {
         return WithEvent([](aclrtEvent e) { return aclrtRecordEventWithFlag(e, nullptr, ACL_EVENT_RECORD_EXTERNAL); });
       }},
      {"aclrtResetEvent NULL", "aclrtResetEvent", "event", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtResetEvent(nullptr, nullptr); }},
      {"aclrtResetEvent Ex event", "aclrtResetEvent", "event", ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
       [] { return WithEvent([](aclrtEvent e) { return aclrtResetEvent(e, nullptr); }, CreateExSyncEvent); }},
      {"aclrtResetEvent without SYNC", "aclrtResetEvent", "event", ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
       [] { return WithEvent([](aclrtEvent e) { return aclrtResetEvent(e, nullptr); }, CreateTimeLineEvent); }},
      {"aclrtQueryEventStatus NULL event", "aclrtQueryEventStatus", "event", ACL_ERROR_INVALID_PARAM,
       [] {
         aclrtEventRecordedStatus status;
         return aclrtQueryEventStatus(nullptr, &status);
       }},
      {"aclrtQueryEventStatus NULL status", "aclrtQueryEventStatus", "status", ACL_ERROR_INVALID_PARAM,
       [] { return WithEvent([](aclrtEvent e) { return aclrtQueryEventStatus(e, nullptr); }); }},
      {"aclrtQueryEventStatus released", "aclrtQueryEventStatus", "event", ACL_ERROR_RT_PARAM_INVALID,
       [] {
         aclrtEventRecordedStatus status;
         return aclrtQueryEventStatus(ReleasedEvent(), &status);
       }},
      {"aclrtQueryEventWaitStatus NULL status", "aclrtQueryEventWaitStatus", "status", ACL_ERROR_INVALID_PARAM,
       [] { return WithEvent([](aclrtEvent e) { return aclrtQueryEventWaitStatus(e, nullptr); }); }},
      {"aclrtQueryEventWaitStatus Ex event", "aclrtQueryEventWaitStatus", "event", ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
       [] {
         aclrtEventWaitStatus status;
         return WithEvent([&status](aclrtEvent e) { return aclrtQueryEventWaitStatus(e, &status); }, CreateExSyncEvent);
       }},
      {"aclrtSynchronizeEvent NULL", "aclrtSynchronizeEvent", "event", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtSynchronizeEvent(nullptr); }},
      {"aclrtSynchronizeEvent released", "aclrtSynchronizeEvent", "event", ACL_ERROR_RT_PARAM_INVALID,
       [] { return aclrtSynchronizeEvent(ReleasedEvent()); }},
      {"aclrtSynchronizeEventWithTimeout 0", "aclrtSynchronizeEventWithTimeout", "timeout",
       ACL_ERROR_RT_PARAM_INVALID,
       [] { return WithEvent([](aclrtEvent e) { return aclrtSynchronizeEventWithTimeout(e, 0); }); }},
      {"aclrtSynchronizeEventWithTimeout -2", "aclrtSynchronizeEventWithTimeout", "timeout",
       ACL_ERROR_RT_PARAM_INVALID,
       [] { return WithEvent([](aclrtEvent e) { return aclrtSynchronizeEventWithTimeout(e, -2); }); }},
      {"aclrtEventElapsedTime ms NULL", "aclrtEventElapsedTime", "ms", ACL_ERROR_INVALID_PARAM,
       [] { return WithEvent([](aclrtEvent e) { return aclrtEventElapsedTime(nullptr, e, e); }); }},
      {"aclrtEventElapsedTime start NULL", "aclrtEventElapsedTime", "startEvent", ACL_ERROR_INVALID_PARAM,
       [] {
         float ms;
         return WithEvent([&ms](aclrtEvent e) { return aclrtEventElapsedTime(&ms, nullptr, e); });
       }},
      {"aclrtEventElapsedTime end released", "aclrtEventElapsedTime", "endEvent", ACL_ERROR_RT_PARAM_INVALID,
       [] {
         float ms;
         return WithEvent([&ms](aclrtEvent e) { return aclrtEventElapsedTime(&ms, e, ReleasedEvent()); });
       }},
      {"aclrtEventElapsedTime never recorded", "aclrtEventElapsedTime", "startEvent", ACL_ERROR_RT_INTERNAL_ERROR,
       [] {
         float ms;
         return WithEvent([&ms](aclrtEvent e) { return aclrtEventElapsedTime(&ms, e, e); });
       }},
      {"aclrtEventGetTimestamp NULL", "aclrtEventGetTimestamp", "timestamp", ACL_ERROR_INVALID_PARAM,
       [] { return WithEvent([](aclrtEvent e) { return aclrtEventGetTimestamp(e, nullptr); }); }},
      {"aclrtStreamWaitEvent NULL", "aclrtStreamWaitEvent", "event", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtStreamWaitEvent(nullptr, nullptr); }},
      {"aclrtStreamWaitEvent released", "aclrtStreamWaitEvent", "event", ACL_ERROR_RT_PARAM_INVALID,
       [] { return aclrtStreamWaitEvent(nullptr, ReleasedEvent()); }},
      {"aclrtStreamWaitEvent without SYNC", "aclrtStreamWaitEvent", "event",
       ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
       [] { return WithEvent([](aclrtEvent e) { return aclrtStreamWaitEvent(nullptr, e); }, CreateTimeLineEvent); }},
      {"aclrtStreamWaitEvent device-only event", "aclrtStreamWaitEvent", "event", ACL_ERROR_RT_PARAM_INVALID,
       [] { return WithEvent([](aclrtEvent e) { return aclrtStreamWaitEvent(nullptr, e); }, CreateDeviceOnlyEvent); }},
      {"aclrtStreamWaitEvent released stream", "aclrtStreamWaitEvent", "stream", ACL_ERROR_RT_STREAM_CONTEXT,
       [] {
         return WithEvent([](aclrtEvent e) {
           aclrtRecordEvent(e, nullptr);
           return aclrtStreamWaitEvent(ReleasedStream(), e);
         });
       }},
      // Contexts.
      {"aclrtCreateContext context NULL", "aclrtCreateContext", "context", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtCreateContext(nullptr, 0); }},
      {"aclrtCreateContext deviceId -1", "aclrtCreateContext", "deviceId", ACL_ERROR_RT_INVALID_DEVICEID,
       [] {
         aclrtContext context = nullptr;
         return aclrtCreateContext(&context, -1);
       }},
      {"aclrtCreateContext deviceId past the count", "aclrtCreateContext", "deviceId",
       ACL_ERROR_RT_INVALID_DEVICEID,
       [] {
         aclrtContext context = nullptr;
         return aclrtCreateContext(&context, 64);
       }},
      {"aclrtDestroyContext NULL", "aclrtDestroyContext", "context", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtDestroyContext(nullptr); }},
      {"aclrtDestroyContext foreign", "aclrtDestroyContext", "context", ACL_ERROR_RT_PARAM_INVALID,
       [foreign] { return aclrtDestroyContext(foreign); }},
      {"aclrtDestroyContext default context", "aclrtDestroyContext", "context", ACL_ERROR_RT_PARAM_INVALID,
       [] {
         aclrtContext context = nullptr;
         aclrtGetCurrentContext(&context);
         return aclrtDestroyContext(context);
       }},
      {"aclrtSetCurrentContext NULL", "aclrtSetCurrentContext", "context", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtSetCurrentContext(nullptr); }},
      {"aclrtSetCurrentContext released", "aclrtSetCurrentContext", "context", ACL_ERROR_RT_PARAM_INVALID,
       [] {
         aclrtContext primary = nullptr;
         aclrtGetCurrentContext(&primary);
         aclrtContext context = nullptr;
         aclrtCreateContext(&context, 0);
         aclrtSetCurrentContext(primary);
         aclrtDestroyContext(context);
         return aclrtSetCurrentContext(context);
       }},
      {"aclrtGetCurrentContext NULL", "aclrtGetCurrentContext", "context", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtGetCurrentContext(nullptr); }},
      {"aclrtCtxGetCurrentDefaultStream NULL", "aclrtCtxGetCurrentDefaultStream", "stream", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtCtxGetCurrentDefaultStream(nullptr); }},
      {"aclrtCtxSetSysParamOpt opt 3", "aclrtCtxSetSysParamOpt", "opt", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtCtxSetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, 1); }},
      {"aclrtCtxGetSysParamOpt value NULL", "aclrtCtxGetSysParamOpt", "value", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, nullptr); }},
      // Streams.
      {"aclrtDestroyStreamForce NULL", "aclrtDestroyStreamForce", "stream", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtDestroyStreamForce(nullptr); }},
      {"aclrtDestroyStreamForce released", "aclrtDestroyStreamForce", "stream", ACL_ERROR_RT_STREAM_CONTEXT,
       [] { return aclrtDestroyStreamForce(ReleasedStream()); }},
      {"aclrtSynchronizeStreamWithTimeout 0", "aclrtSynchronizeStreamWithTimeout", "timeout",
       ACL_ERROR_RT_PARAM_INVALID, [] { return aclrtSynchronizeStreamWithTimeout(nullptr, 0); }},
      {"aclrtSynchronizeStreamWithTimeout -2", "aclrtSynchronizeStreamWithTimeout", "timeout",
       ACL_ERROR_RT_PARAM_INVALID, [] { return aclrtSynchronizeStreamWithTimeout(nullptr, -2); }},
      {"aclrtSynchronizeStreamWithTimeout released", "aclrtSynchronizeStreamWithTimeout", "stream",
       ACL_ERROR_RT_STREAM_CONTEXT, [] { return aclrtSynchronizeStreamWithTimeout(ReleasedStream(), -1); }},
      {"aclrtStreamQuery status NULL", "aclrtStreamQuery", "status", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtStreamQuery(nullptr, nullptr); }},
      {"aclrtStreamQuery released", "aclrtStreamQuery", "stream", ACL_ERROR_RT_STREAM_CONTEXT,
       [] {
         aclrtStreamStatus status;
         return aclrtStreamQuery(ReleasedStream(), &status);
       }},
      {"aclrtLaunchHostFunc fn NULL", "aclrtLaunchHostFunc", "fn", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtLaunchHostFunc(nullptr, nullptr, nullptr); }},
      {"aclrtLaunchHostFunc released stream", "aclrtLaunchHostFunc", "stream", ACL_ERROR_RT_STREAM_CONTEXT,
       [] { return aclrtLaunchHostFunc(ReleasedStream(), [](void*) {}, nullptr); }},
      {"aclrtCreateStreamWithConfig NULL", "aclrtCreateStreamWithConfig", "stream", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtCreateStreamWithConfig(nullptr, 0, 0); }},
      {"aclrtCreateStreamWithConfig persistent", "aclrtCreateStreamWithConfig", "flag",
       ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
       [] {
         aclrtStream stream = nullptr;
         return aclrtCreateStreamWithConfig(&stream, 0, ACL_STREAM_PERSISTENT);
       }},
      {"aclrtStreamGetId NULL", "aclrtStreamGetId", "streamId", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtStreamGetId(nullptr, nullptr); }},
      {"aclrtStreamGetId released", "aclrtStreamGetId", "stream", ACL_ERROR_RT_STREAM_CONTEXT,
       [] {
         int32_t id;
         return aclrtStreamGetId(ReleasedStream(), &id);
       }},
      {"aclrtStreamGetFlags NULL", "aclrtStreamGetFlags", "flags", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtStreamGetFlags(nullptr, nullptr); }},
      {"aclrtStreamGetPriority NULL", "aclrtStreamGetPriority", "priority", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtStreamGetPriority(nullptr, nullptr); }},
      {"aclrtSetStreamFailureMode mode 2", "aclrtSetStreamFailureMode", "mode", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtSetStreamFailureMode(nullptr, 2); }},
      {"aclrtSetStreamFailureMode released", "aclrtSetStreamFailureMode", "stream", ACL_ERROR_RT_STREAM_CONTEXT,
       [] { return aclrtSetStreamFailureMode(ReleasedStream(), ACL_STOP_ON_FAILURE); }},
      // Callbacks.
      {"aclrtLaunchCallback blockType 2", "aclrtLaunchCallback", "blockType", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtLaunchCallback([](void*) {}, nullptr, static_cast<aclrtCallbackBlockType>(2), nullptr); }},
      {"aclrtLaunchCallback fn NULL", "aclrtLaunchCallback", "fn", ACL_ERROR_RT_PARAM_INVALID,
       [] { return aclrtLaunchCallback(nullptr, nullptr, ACL_CALLBACK_BLOCK, nullptr); }},
      {"aclrtLaunchCallback not subscribed", "aclrtLaunchCallback", "stream", ACL_ERROR_RT_STREAM_NO_CB_REG,
       [] { return aclrtLaunchCallback([](void*) {}, nullptr, ACL_CALLBACK_BLOCK, nullptr); }},
      {"aclrtLaunchCallback released stream", "aclrtLaunchCallback", "stream", ACL_ERROR_RT_STREAM_CONTEXT,
       [] { return aclrtLaunchCallback([](void*) {}, nullptr, ACL_CALLBACK_BLOCK, ReleasedStream()); }},
      {"aclrtProcessReport timeout 0", "aclrtProcessReport", "timeout", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtProcessReport(0); }},
      {"aclrtProcessReport timeout -2", "aclrtProcessReport", "timeout", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtProcessReport(-2); }},
      {"aclrtSubscribeReport released stream", "aclrtSubscribeReport", "stream", ACL_ERROR_RT_STREAM_CONTEXT,
       [] { return aclrtSubscribeReport(1, ReleasedStream()); }},
      {"aclrtUnSubscribeReport not subscribed", "aclrtUnSubscribeReport", "threadId", ACL_ERROR_RT_STREAM_NO_CB_REG,
       [] { return aclrtUnSubscribeReport(1, nullptr); }},
      {"aclrtGetPrimaryCtxState flags not NULL", "aclrtGetPrimaryCtxState", "flags", ACL_ERROR_INVALID_PARAM,
       [] {
         uint32_t flags = 0;
         int32_t active = 0;
         return aclrtGetPrimaryCtxState(0, &flags, &active);
       }},
      {"aclrtGetPrimaryCtxState active NULL", "aclrtGetPrimaryCtxState", "active", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtGetPrimaryCtxState(0, nullptr, nullptr); }},
      {"aclrtGetPrimaryCtxState deviceId 64", "aclrtGetPrimaryCtxState", "deviceId", ACL_ERROR_RT_INVALID_DEVICEID,
       [] {
         int32_t active = 0;
         return aclrtGetPrimaryCtxState(64, nullptr, &active);
       }},
      {"aclrtDeviceCanAccessPeer NULL", "aclrtDeviceCanAccessPeer", "canAccessPeer", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtDeviceCanAccessPeer(nullptr, 0, 0); }},
      {"aclrtDeviceCanAccessPeer peer -1", "aclrtDeviceCanAccessPeer", "peerDeviceId", ACL_ERROR_RT_INVALID_DEVICEID,
       [] {
         int32_t can = 0;
         return aclrtDeviceCanAccessPeer(&can, 0, -1);
       }},
      {"aclrtDeviceEnablePeerAccess flags 1", "aclrtDeviceEnablePeerAccess", "flags", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtDeviceEnablePeerAccess(0, 1); }},
      {"aclrtDeviceEnablePeerAccess itself", "aclrtDeviceEnablePeerAccess", "peerDeviceId",
       ACL_ERROR_RT_PARAM_INVALID, [] { return aclrtDeviceEnablePeerAccess(0, 0); }},
      {"aclrtDeviceDisablePeerAccess peer 64", "aclrtDeviceDisablePeerAccess", "peerDeviceId",
       ACL_ERROR_RT_INVALID_DEVICEID, [] { return aclrtDeviceDisablePeerAccess(64); }},
      // Devices, last error, options, versions.
      {"aclrtResetDeviceForce -1", "aclrtResetDeviceForce", "deviceId", ACL_ERROR_RT_INVALID_DEVICEID,
       [] { return aclrtResetDeviceForce(-1); }},
      {"aclrtPeekAtLastError level 1", "aclrtPeekAtLastError", "level", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtPeekAtLastError(static_cast<aclrtLastErrLevel>(1)); }},
      {"aclrtGetLastError level 1", "aclrtGetLastError", "level", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtGetLastError(static_cast<aclrtLastErrLevel>(1)); }},
      {"aclrtSetSysParamOpt opt 4", "aclrtSetSysParamOpt", "opt", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtSetSysParamOpt(static_cast<aclSysParamOpt>(4), 0); }},
      {"aclrtGetSysParamOpt opt -1", "aclrtGetSysParamOpt", "opt", ACL_ERROR_INVALID_PARAM,
       [] {
         int64_t value;
         return aclrtGetSysParamOpt(static_cast<aclSysParamOpt>(-1), &value);
       }},
      {"aclrtGetSysParamOpt value NULL", "aclrtGetSysParamOpt", "value", ACL_ERROR_INVALID_PARAM,
       [] { return aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, nullptr); }},
      {"aclsysGetVersionStr pkgName NULL", "aclsysGetVersionStr", "pkgName", ACL_ERROR_INVALID_PARAM,
       [] {
         char text[ACL_PKG_VERSION_MAX_SIZE];
         return aclsysGetVersionStr(nullptr, text);
       }},
      {"aclsysGetVersionStr versionStr NULL", "aclsysGetVersionStr", "versionStr", ACL_ERROR_INVALID_PARAM,
       [] {
         char name[] = "runtime";
         return aclsysGetVersionStr(name, nullptr);
       }},
      {"aclsysGetVersionNum versionNum NULL", "aclsysGetVersionNum", "versionNum", ACL_ERROR_INVALID_PARAM,
       [] {
         char name[] = "runtime";
         return aclsysGetVersionNum(name, nullptr);
       }},
      {"aclsysGetVersionNum pkgName NULL", "aclsysGetVersionNum", "pkgName", ACL_ERROR_INVALID_PARAM,
       [] {
         int32_t number;
         return aclsysGetVersionNum(nullptr, &number);
       }},
      {"aclrtGetMemInfo attr 12", "aclrtGetMemInfo", "attr", ACL_ERROR_INVALID_PARAM,
       [] {
         size_t free_bytes = 0;
         size_t total = 0;
         return aclrtGetMemInfo(static_cast<aclrtMemAttr>(12), &free_bytes, &total);
       }},
  };
}

void PrintTo(const RuntimeCase& c, std::ostream* os) { *os << c.name; }

class RuntimeBadInputTest : public ::testing::TestWithParam<RuntimeCase> {};

TEST_P(RuntimeBadInputTest, ReturnsTheDocumentedCode) {
  const RuntimeCase& c = GetParam();
  TakeErrorMessage();
  const int code = c.call();
  if (c.param.empty()) {
    EXPECT_EQ(code, c.expected_code);
    EXPECT_NE(TakeErrorMessage().find(c.api), std::string::npos);
    return;
  }
  EXPECT_EQ(CheckFailure(code, c.expected_code, c.api, {c.param}), "");
}

INSTANTIATE_TEST_SUITE_P(AllParameters, RuntimeBadInputTest, ::testing::ValuesIn(RuntimeCases()),
                         [](const ::testing::TestParamInfo<RuntimeCase>& param_info) {
                           return TestNameOf(param_info.param.name);
                         });

// Copies and fills: each bad parameter fails and the destination keeps every byte. (A bad aclrtMemcpyKind is not
// among them: every value a C++ program can hold in it, 0-7, is an enumerator.)
struct CopyCase {
  std::string name;
  std::string param;
  std::function<int(char* dst, const char* src)> call;
};

std::vector<CopyCase> CopyCases() {
  return {
      {"aclrtMemcpy dst NULL", "dst",
       [](char*, const char* src) { return aclrtMemcpy(nullptr, 64, src, 64, ACL_MEMCPY_HOST_TO_DEVICE); }},
      {"aclrtMemcpy src NULL", "src",
       [](char* dst, const char*) { return aclrtMemcpy(dst, 64, nullptr, 64, ACL_MEMCPY_HOST_TO_DEVICE); }},
      {"aclrtMemcpy count beyond destMax", "count",
       [](char* dst, const char* src) { return aclrtMemcpy(dst, 32, src, 64, ACL_MEMCPY_HOST_TO_DEVICE); }},
      {"aclrtMemset devPtr NULL", "devPtr", [](char*, const char*) { return aclrtMemset(nullptr, 64, 0, 64); }},
      {"aclrtMemset count beyond maxCount", "count",
       [](char* dst, const char*) { return aclrtMemset(dst, 32, 0, 64); }},
  };
}

void PrintTo(const CopyCase& c, std::ostream* os) { *os << c.name; }

class CopyBadInputTest : public ::testing::TestWithParam<CopyCase> {};

TEST_P(CopyBadInputTest, FailsAndWritesNothing) {
  const CopyCase& c = GetParam();
  void* dst = nullptr;
  ASSERT_EQ(aclrtMalloc(&dst, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  std::memset(dst, 0x5A, 64);
  const std::vector<char> src(64, 0x11);
  const std::string api = c.name.substr(0, c.name.find(' '));
  EXPECT_EQ(CheckFailure(c.call(static_cast<char*>(dst), src.data()), ACL_ERROR_INVALID_PARAM, api, {c.param}), "");
  for (int i = 0; i < 64; ++i) {
    ASSERT_EQ(static_cast<char*>(dst)[i], 0x5A) << "byte " << i << " changed";
  }
  EXPECT_EQ(aclrtFree(dst), ACL_SUCCESS);
}

INSTANTIATE_TEST_SUITE_P(AllParameters, CopyBadInputTest, ::testing::ValuesIn(CopyCases()),
                         [](const ::testing::TestParamInfo<CopyCase>& param_info) {
                           return TestNameOf(param_info.param.name);
                         });

TEST(CopyBadInputTest, ZeroCountIsANoOpEvenWithNullPointers) {
  EXPECT_EQ(aclrtMemcpy(nullptr, 0, nullptr, 0, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemset(nullptr, 0, 0, 0), ACL_SUCCESS);
}

}  // namespace
}  // namespace openaclnn::test
