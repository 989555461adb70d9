// C entry points of the ACL runtime subset (acl/acl.h, acl/acl_rt.h, acl/acl_base.h). No logic here.
#include "acl/acl.h"

#include <string>

#include "api/enum_value.h"
#include "api/guard.h"
#include "core/dtype.h"
#include "core/error_state.h"
#include "core/half.h"
#include "runtime/callbacks.h"
#include "runtime/device.h"
#include "runtime/event.h"
#include "runtime/last_error.h"
#include "runtime/memory.h"
#include "runtime/memory_ops.h"
#include "runtime/stream_tasks.h"
#include "runtime/sys_info.h"

namespace rt = openaclnn::runtime;
using openaclnn::api::EnumValue;
using openaclnn::api::GuardAcl;

namespace {

// GuardAcl, keeping a runtime-layer failure for aclrtPeekAtLastError / aclrtGetLastError.
template <typename Fn>
aclError GuardRt(const char* api, Fn&& fn) noexcept {
  return rt::NoteLastError(GuardAcl(api, static_cast<Fn&&>(fn)));
}

}  // namespace

extern "C" {

aclError aclInit(const char* configPath) {
  return GuardAcl("aclInit", [&] { return rt::Init(configPath); });
}

aclError aclFinalize(void) {
  return GuardAcl("aclFinalize", [] { return rt::Finalize(); });
}

const char* aclGetRecentErrMsg(void) { return openaclnn::TakeRecentErrors(); }

aclError aclrtSetDevice(int32_t deviceId) {
  return GuardRt("aclrtSetDevice", [&] { return rt::SetDevice(deviceId); });
}

aclError aclrtResetDevice(int32_t deviceId) {
  return GuardRt("aclrtResetDevice", [&] { return rt::ResetDevice(deviceId, /*force=*/false); });
}

aclError aclrtResetDeviceForce(int32_t deviceId) {
  return GuardRt("aclrtResetDeviceForce", [&] { return rt::ResetDevice(deviceId, /*force=*/true); });
}

aclError aclrtDeviceCanAccessPeer(int32_t* canAccessPeer, int32_t deviceId, int32_t peerDeviceId) {
  return GuardRt("aclrtDeviceCanAccessPeer",
                 [&] { return rt::DeviceCanAccessPeer(canAccessPeer, deviceId, peerDeviceId); });
}

aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags) {
  return GuardRt("aclrtDeviceEnablePeerAccess", [&] { return rt::EnablePeerAccess(peerDeviceId, flags); });
}

aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId) {
  return GuardRt("aclrtDeviceDisablePeerAccess", [&] { return rt::DisablePeerAccess(peerDeviceId); });
}

aclError aclrtGetDevice(int32_t* deviceId) {
  return GuardRt("aclrtGetDevice", [&] { return rt::GetDevice(deviceId); });
}

aclError aclrtGetDeviceCount(uint32_t* count) {
  return GuardRt("aclrtGetDeviceCount", [&] {
    if (count == nullptr) {
      return openaclnn::Status(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: argument 'count' is NULL.");
    }
    *count = static_cast<uint32_t>(rt::DeviceCount());
    return openaclnn::Status::Ok();
  });
}

aclError aclrtSynchronizeDevice(void) {
  return GuardRt("aclrtSynchronizeDevice", [] { return rt::SynchronizeDevice(); });
}

aclError aclrtGetRunMode(aclrtRunMode* runMode) {
  return GuardRt("aclrtGetRunMode", [&] {
    if (runMode == nullptr) {
      return openaclnn::Status(ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode: argument 'runMode' is NULL.");
    }
    *runMode = ACL_HOST;
    return openaclnn::Status::Ok();
  });
}

aclError aclrtCreateStream(aclrtStream* stream) {
  return GuardRt("aclrtCreateStream", [&] { return rt::CreateStream(stream); });
}

aclError aclrtCreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flag) {
  return GuardRt("aclrtCreateStreamWithConfig", [&] {
    return rt::CreateStreamWithConfig(stream, priority, flag, "aclrtCreateStreamWithConfig");
  });
}

aclError aclrtStreamGetId(aclrtStream stream, int32_t* streamId) {
  return GuardRt("aclrtStreamGetId",
                 [&] { return rt::GetStreamAttribute(stream, rt::StreamAttribute::kId, streamId); });
}

aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t* flags) {
  return GuardRt("aclrtStreamGetFlags",
                 [&] { return rt::GetStreamAttribute(stream, rt::StreamAttribute::kFlags, flags); });
}

aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t* priority) {
  return GuardRt("aclrtStreamGetPriority",
                 [&] { return rt::GetStreamAttribute(stream, rt::StreamAttribute::kPriority, priority); });
}

aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode) {
  return GuardRt("aclrtSetStreamFailureMode", [&] { return rt::SetStreamFailureMode(stream, mode); });
}

aclError aclrtGetPrimaryCtxState(int32_t deviceId, uint32_t* flags, int32_t* active) {
  return GuardRt("aclrtGetPrimaryCtxState", [&] { return rt::GetPrimaryContextState(deviceId, flags, active); });
}

aclError aclrtDestroyStream(aclrtStream stream) {
  return GuardRt("aclrtDestroyStream", [&] { return rt::DestroyStream(stream, /*force=*/false); });
}

aclError aclrtDestroyStreamForce(aclrtStream stream) {
  return GuardRt("aclrtDestroyStreamForce", [&] { return rt::DestroyStream(stream, /*force=*/true); });
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) {
  return GuardRt("aclrtSynchronizeStreamWithTimeout",
                 [&] { return rt::SynchronizeStreamWithTimeout(stream, timeout); });
}

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status) {
  return GuardRt("aclrtStreamQuery", [&] { return rt::QueryStream(stream, status); });
}

aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void* args) {
  return GuardRt("aclrtLaunchHostFunc", [&] { return rt::LaunchHostFunc(stream, fn, args); });
}

aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream) {
  return GuardRt("aclrtSubscribeReport", [&] { return rt::SubscribeReport(threadId, stream); });
}

aclError aclrtLaunchCallback(aclrtCallback fn, void* userData, aclrtCallbackBlockType blockType, aclrtStream stream) {
  const int32_t block_value = EnumValue(blockType);
  return GuardRt("aclrtLaunchCallback", [&] { return rt::LaunchCallback(fn, userData, block_value, stream); });
}

aclError aclrtProcessReport(int32_t timeout) {
  return GuardRt("aclrtProcessReport", [&] { return rt::ProcessReport(timeout); });
}

aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream) {
  return GuardRt("aclrtUnSubscribeReport", [&] { return rt::UnsubscribeReport(threadId, stream); });
}

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
  return GuardRt("aclrtCreateContext", [&] { return rt::CreateContext(context, deviceId); });
}

aclError aclrtDestroyContext(aclrtContext context) {
  return GuardRt("aclrtDestroyContext", [&] { return rt::DestroyContext(context); });
}

aclError aclrtSetCurrentContext(aclrtContext context) {
  return GuardRt("aclrtSetCurrentContext", [&] { return rt::SetCurrentContext(context); });
}

aclError aclrtGetCurrentContext(aclrtContext* context) {
  return GuardRt("aclrtGetCurrentContext", [&] { return rt::GetCurrentContext(context); });
}

aclError aclrtCtxGetCurrentDefaultStream(aclrtStream* stream) {
  return GuardRt("aclrtCtxGetCurrentDefaultStream", [&] { return rt::GetCurrentDefaultStream(stream); });
}

aclError aclrtCreateEvent(aclrtEvent* event) {
  return GuardRt("aclrtCreateEvent", [&] { return rt::CreateEvent(event, rt::EventKind::kDefault, 0); });
}

aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag) {
  return GuardRt("aclrtCreateEventWithFlag", [&] { return rt::CreateEvent(event, rt::EventKind::kWithFlag, flag); });
}

aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag) {
  return GuardRt("aclrtCreateEventExWithFlag", [&] { return rt::CreateEvent(event, rt::EventKind::kEx, flag); });
}

aclError aclrtDestroyEvent(aclrtEvent event) {
  return GuardRt("aclrtDestroyEvent", [&] { return rt::DestroyEvent(event); });
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
  return GuardRt("aclrtRecordEvent", [&] { return rt::RecordEvent(event, stream); });
}

aclError aclrtRecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag) {
  return GuardRt("aclrtRecordEventWithFlag", [&] { return rt::RecordEventWithFlag(event, stream, flag); });
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream) {
  return GuardRt("aclrtResetEvent", [&] { return rt::ResetEvent(event, stream); });
}

aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status) {
  return GuardRt("aclrtQueryEvent", [&] { return rt::QueryEvent(event, status); });
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) {
  return GuardRt("aclrtQueryEventStatus", [&] { return rt::QueryEventStatus(event, status); });
}

aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus* status) {
  return GuardRt("aclrtQueryEventWaitStatus", [&] { return rt::QueryEventWaitStatus(event, status); });
}

aclError aclrtSynchronizeEvent(aclrtEvent event) {
  return GuardRt("aclrtSynchronizeEvent", [&] { return rt::SynchronizeEvent(event); });
}

aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout) {
  return GuardRt("aclrtSynchronizeEventWithTimeout", [&] { return rt::SynchronizeEventWithTimeout(event, timeout); });
}

aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent) {
  return GuardRt("aclrtEventElapsedTime", [&] { return rt::EventElapsedTime(ms, startEvent, endEvent); });
}

aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t* timestamp) {
  return GuardRt("aclrtEventGetTimestamp", [&] { return rt::EventGetTimestamp(event, timestamp); });
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
  return GuardRt("aclrtStreamWaitEvent", [&] { return rt::StreamWaitEvent(stream, event); });
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  return GuardRt("aclrtSynchronizeStream", [&] { return rt::SynchronizeStream(stream); });
}

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  const int32_t policy_value = EnumValue(policy);
  return GuardRt("aclrtMalloc", [&] {
    OPENACLNN_RETURN_IF_ERROR(rt::RequireOpenDevice("aclrtMalloc"));
    return rt::Allocate("aclrtMalloc", rt::MemoryKind::kDevice, size, policy_value, devPtr);
  });
}

aclError aclrtFree(void* devPtr) {
  return GuardRt("aclrtFree", [&] { return rt::Release("aclrtFree", rt::MemoryKind::kDevice, devPtr); });
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
  return GuardRt("aclrtMallocHost", [&] {
    return rt::Allocate("aclrtMallocHost", rt::MemoryKind::kHost, size, int32_t{ACL_MEM_MALLOC_HUGE_FIRST}, hostPtr);
  });
}

aclError aclrtFreeHost(void* hostPtr) {
  return GuardRt("aclrtFreeHost", [&] { return rt::Release("aclrtFreeHost", rt::MemoryKind::kHost, hostPtr); });
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
  const int32_t kind_value = EnumValue(kind);
  return GuardRt("aclrtMemcpy", [&] { return rt::Memcpy(dst, destMax, src, count, kind_value); });
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  return GuardRt("aclrtMemset", [&] { return rt::Memset(devPtr, maxCount, value, count); });
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream) {
  const int32_t kind_value = EnumValue(kind);
  return GuardRt("aclrtMemcpyAsync", [&] { return rt::MemcpyAsync(dst, destMax, src, count, kind_value, stream); });
}

aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
  return GuardRt("aclrtMemsetAsync", [&] { return rt::MemsetAsync(devPtr, maxCount, value, count, stream); });
}

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total) {
  const int32_t attr_value = EnumValue(attr);
  return GuardRt("aclrtGetMemInfo", [&] { return rt::GetMemInfo(attr_value, free, total); });
}

aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion) {
  return GuardRt("aclrtGetVersion", [&] {
    if (majorVersion == nullptr || minorVersion == nullptr || patchVersion == nullptr) {
      const char* arg = majorVersion == nullptr ? "majorVersion" : (minorVersion == nullptr ? "minorVersion"
                                                                                              : "patchVersion");
      return openaclnn::Status(ACL_ERROR_INVALID_PARAM,
                               std::string("aclrtGetVersion: argument '") + arg + "' is NULL.");
    }
    *majorVersion = OPENACLNN_VERSION_MAJOR;
    *minorVersion = OPENACLNN_VERSION_MINOR;
    *patchVersion = OPENACLNN_VERSION_PATCH;
    return openaclnn::Status::Ok();
  });
}

aclError aclrtPeekAtLastError(aclrtLastErrLevel level) {
  const int32_t level_value = EnumValue(level);
  int32_t code = 0;
  const aclError status = GuardAcl("aclrtPeekAtLastError", [&] { return rt::ReadLastError(level_value, false, &code); });
  return status != ACL_SUCCESS ? status : code;
}

aclError aclrtGetLastError(aclrtLastErrLevel level) {
  const int32_t level_value = EnumValue(level);
  int32_t code = 0;
  const aclError status = GuardAcl("aclrtGetLastError", [&] { return rt::ReadLastError(level_value, true, &code); });
  return status != ACL_SUCCESS ? status : code;
}

aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
  const int32_t opt_value = EnumValue(opt);
  return GuardRt("aclrtSetSysParamOpt", [&] { return rt::SetSysParam(opt_value, value); });
}

aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
  const int32_t opt_value = EnumValue(opt);
  return GuardRt("aclrtGetSysParamOpt", [&] { return rt::GetSysParam(opt_value, value); });
}

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
  const int32_t opt_value = EnumValue(opt);
  return GuardRt("aclrtCtxSetSysParamOpt", [&] { return rt::SetContextParam(opt_value, value); });
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
  const int32_t opt_value = EnumValue(opt);
  return GuardRt("aclrtCtxGetSysParamOpt", [&] { return rt::GetContextParam(opt_value, value); });
}

aclError aclsysGetVersionStr(char* pkgName, char* versionStr) {
  return GuardAcl("aclsysGetVersionStr", [&] { return rt::GetVersionStr(pkgName, versionStr); });
}

aclError aclsysGetVersionNum(char* pkgName, int32_t* versionNum) {
  return GuardAcl("aclsysGetVersionNum", [&] { return rt::GetVersionNum(pkgName, versionNum); });
}

const char* aclrtGetSocName(void) { return "OpenAclnn-CPU"; }

aclFloat16 aclFloatToFloat16(float value) { return openaclnn::FloatToHalf(value); }

float aclFloat16ToFloat(aclFloat16 value) { return openaclnn::HalfToFloat(value); }

size_t aclDataTypeSize(aclDataType dataType) { return static_cast<size_t>(openaclnn::DataTypeSize(dataType)); }

}  // extern "C"
