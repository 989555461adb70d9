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


std::vector<RuntimeCase> RuntimeCases() {
  static int not_a_handle = 0;
  void* const foreign = &not_a_handle;
  const size_t kHuge = std::numeric_limits<size_t>::max();
  return {
      {"aclInit missing config file", "aclInit", "configPath", ACL_ERROR_INVALID_FILE,
       [] { return aclInit("/nonexistent/openaclnn-acl.json"); }},
      {"aclInit twice", "aclInit", "", ACL_ERROR_REPEAT_INITIALIZE, [] { return aclInit(nullptr); }},
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
