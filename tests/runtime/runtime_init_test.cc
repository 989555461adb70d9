// aclInit / aclFinalize and the device lifecycle, through the public C API. This binary has no global
// environment: every test starts and ends with the runtime finalised.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include <unistd.h>

#include "acl/acl.h"

namespace {

std::string TakeMessage() {
  const char* message = aclGetRecentErrMsg();
  return message == nullptr ? std::string() : std::string(message);
}

// A readable configuration file for aclInit, removed at scope exit.
class TempFile {
 public:
  TempFile() {
    char name[] = "/tmp/openaclnn_init_XXXXXX";
    const int fd = mkstemp(name);
    if (fd >= 0) {
      path_ = name;
      const char content[] = "{}\n";
      (void)!write(fd, content, sizeof(content) - 1);
      close(fd);
    }
  }
  ~TempFile() {
    if (!path_.empty()) {
      std::remove(path_.c_str());
    }
  }
  const char* path() const { return path_.c_str(); }

 private:
  std::string path_;
};

TEST(RuntimeInitTest, InitAndFinalizeRepeatCodes) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  EXPECT_NE(TakeMessage().find("aclInit"), std::string::npos);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
  EXPECT_NE(TakeMessage().find("aclFinalize"), std::string::npos);
  // The cycle can be repeated.
  ASSERT_EQ(aclInit(""), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(RuntimeInitTest, ConfigurationFile) {
  TempFile config;
  ASSERT_EQ(aclInit(config.path()), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(RuntimeInitTest, BadConfigurationPathIsAnError) {
  EXPECT_EQ(aclInit("/nonexistent/openaclnn/acl.json"), ACL_ERROR_INVALID_FILE);
  std::string message = TakeMessage();
  EXPECT_NE(message.find("aclInit"), std::string::npos) << message;
  EXPECT_NE(message.find("configPath"), std::string::npos) << message;
  EXPECT_NE(message.find("/nonexistent/openaclnn/acl.json"), std::string::npos) << message;
  // A directory is not a configuration file either.
  EXPECT_EQ(aclInit("/tmp"), ACL_ERROR_INVALID_FILE);
  TakeMessage();
  // A failed aclInit leaves the runtime uninitialised.
  EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
  TakeMessage();
}

TEST(RuntimeInitTest, GetDeviceBeforeSetDeviceIsAnError) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  int32_t device = 42;
  EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_EQ(device, 42);
  const std::string message = TakeMessage();
  EXPECT_NE(message.find("aclrtGetDevice"), std::string::npos) << message;
  EXPECT_NE(message.find("aclrtSetDevice"), std::string::npos) << message;
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(RuntimeInitTest, DeviceWorkNeedsSetDevice) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  void* block = nullptr;
  EXPECT_EQ(aclrtMalloc(&block, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_EQ(block, nullptr);
  aclrtStream stream = nullptr;
  EXPECT_EQ(aclrtCreateStream(&stream), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_NE(TakeMessage().find("aclrtSetDevice"), std::string::npos);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(RuntimeInitTest, SetGetResetDevice) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  int32_t device = -1;
  EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(device, 0);
  EXPECT_EQ(aclrtGetDevice(nullptr), ACL_ERROR_INVALID_PARAM);
  TakeMessage();
  // The current device is per thread.
  std::thread other([] {
    int32_t id = -1;
    EXPECT_EQ(aclrtGetDevice(&id), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetDevice(&id), ACL_SUCCESS);
    EXPECT_EQ(id, 0);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    aclGetRecentErrMsg();
  });
  other.join();
  EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
  TakeMessage();
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(RuntimeInitTest, BadDeviceIdIsAnError) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  for (int32_t id : {1, -1, 7, 1 << 30}) {
    EXPECT_EQ(aclrtSetDevice(id), ACL_ERROR_RT_INVALID_DEVICEID) << id;
    const std::string message = TakeMessage();
    EXPECT_NE(message.find("aclrtSetDevice"), std::string::npos) << message;
    EXPECT_NE(message.find("deviceId"), std::string::npos) << message;
    EXPECT_NE(message.find(std::to_string(id)), std::string::npos) << message;
    EXPECT_EQ(aclrtResetDevice(id), ACL_ERROR_RT_INVALID_DEVICEID) << id;
    EXPECT_NE(TakeMessage().find("aclrtResetDevice"), std::string::npos);
  }
  int32_t device = 0;
  EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);  // A failed set selects nothing.
  TakeMessage();
  uint32_t count = 0;
  EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(TakeMessage().find("aclrtGetDeviceCount"), std::string::npos);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(RuntimeInitTest, LastResetReleasesTheDeviceForEveryThread) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  std::thread resetter([] { EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS); });
  resetter.join();
  // This thread's selection went with the last reference; its stream was released.
  int32_t device = -1;
  EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_NE(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_NE(aclrtDestroyStream(stream), ACL_SUCCESS);
  TakeMessage();
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(RuntimeInitTest, FinalizeReleasesStreamsAndMemory) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  void* device_block = nullptr;
  void* host_block = nullptr;
  ASSERT_EQ(aclrtMalloc(&device_block, 1000, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMallocHost(&host_block, 1000), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  // Everything was released: the old handles are reported, not used.
  int32_t device = -1;
  EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_NE(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(device_block), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtFreeHost(host_block), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(TakeMessage().find("aclrtFreeHost"), std::string::npos);
}

}  // namespace
