// C entry points of the ACL runtime subset (acl/acl.h, acl/acl_rt.h, acl/acl_base.h). No logic here.
#include "acl/acl.h"

#include <string>

#include "api/enum_value.h"
#include "api/guard.h"
#include "core/dtype.h"
#include "core/error_state.h"
#include "core/half.h"
#include "runtime/device.h"
#include "runtime/memory.h"
#include "runtime/memory_ops.h"

namespace rt = openaclnn::runtime;
using openaclnn::api::EnumValue;
using openaclnn::api::GuardAcl;

extern "C" {

aclError aclInit(const char* configPath) {
  return GuardAcl("aclInit", [&] { return rt::Init(configPath); });
}

aclError aclFinalize(void) {
  return GuardAcl("aclFinalize", [] { return rt::Finalize(); });
}

const char* aclGetRecentErrMsg(void) { return openaclnn::TakeRecentErrors(); }

aclError aclrtSetDevice(int32_t deviceId) {
  return GuardAcl("aclrtSetDevice", [&] { return rt::SetDevice(deviceId); });
}

aclError aclrtResetDevice(int32_t deviceId) {
  return GuardAcl("aclrtResetDevice", [&] { return rt::ResetDevice(deviceId); });
}

aclError aclrtGetDevice(int32_t* deviceId) {
  return GuardAcl("aclrtGetDevice", [&] { return rt::GetDevice(deviceId); });
}

aclError aclrtGetDeviceCount(uint32_t* count) {
  return GuardAcl("aclrtGetDeviceCount", [&] {
    if (count == nullptr) {
      return openaclnn::Status(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: argument 'count' is NULL.");
    }
    *count = rt::kDeviceCount;
    return openaclnn::Status::Ok();
  });
}

aclError aclrtSynchronizeDevice(void) {
  return GuardAcl("aclrtSynchronizeDevice", [] { return rt::SynchronizeDevice(); });
}

aclError aclrtGetRunMode(aclrtRunMode* runMode) {
  return GuardAcl("aclrtGetRunMode", [&] {
    if (runMode == nullptr) {
      return openaclnn::Status(ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode: argument 'runMode' is NULL.");
    }
    *runMode = ACL_HOST;
    return openaclnn::Status::Ok();
  });
}

aclError aclrtCreateStream(aclrtStream* stream) {
  return GuardAcl("aclrtCreateStream", [&] { return rt::CreateStream(stream); });
}

aclError aclrtDestroyStream(aclrtStream stream) {
  return GuardAcl("aclrtDestroyStream", [&] { return rt::DestroyStream(stream); });
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  return GuardAcl("aclrtSynchronizeStream", [&] { return rt::SynchronizeStream(stream); });
}

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  const int32_t policy_value = EnumValue(policy);
  return GuardAcl("aclrtMalloc", [&] {
    OPENACLNN_RETURN_IF_ERROR(rt::RequireOpenDevice("aclrtMalloc"));
    return rt::Allocate("aclrtMalloc", rt::MemoryKind::kDevice, size, policy_value, devPtr);
  });
}

aclError aclrtFree(void* devPtr) {
  return GuardAcl("aclrtFree", [&] { return rt::Release("aclrtFree", rt::MemoryKind::kDevice, devPtr); });
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
  return GuardAcl("aclrtMallocHost", [&] {
    return rt::Allocate("aclrtMallocHost", rt::MemoryKind::kHost, size, int32_t{ACL_MEM_MALLOC_HUGE_FIRST}, hostPtr);
  });
}

aclError aclrtFreeHost(void* hostPtr) {
  return GuardAcl("aclrtFreeHost", [&] { return rt::Release("aclrtFreeHost", rt::MemoryKind::kHost, hostPtr); });
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
  const int32_t kind_value = EnumValue(kind);
  return GuardAcl("aclrtMemcpy", [&] { return rt::Memcpy(dst, destMax, src, count, kind_value); });
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  return GuardAcl("aclrtMemset", [&] { return rt::Memset(devPtr, maxCount, value, count); });
}

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total) {
  const int32_t attr_value = EnumValue(attr);
  return GuardAcl("aclrtGetMemInfo", [&] { return rt::GetMemInfo(attr_value, free, total); });
}

aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion) {
  return GuardAcl("aclrtGetVersion", [&] {
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

const char* aclrtGetSocName(void) { return "OpenAclnn-CPU"; }

aclFloat16 aclFloatToFloat16(float value) { return openaclnn::FloatToHalf(value); }

float aclFloat16ToFloat(aclFloat16 value) { return openaclnn::HalfToFloat(value); }

size_t aclDataTypeSize(aclDataType dataType) { return static_cast<size_t>(openaclnn::DataTypeSize(dataType)); }

}  // extern "C"
