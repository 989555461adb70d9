// Several emulated devices (OPENACLNN_DEVICE_COUNT=4, OPENACLNN_DEVICE_MEMORY=256 MiB, set by CMake for this
// binary): each has its own current context and default stream, its own memory account, and copies between
// two devices' memory need peer access, as on CANN. The global environment has set device 0.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <thread>

#include "acl/acl.h"
#include "acl_environment.h"

namespace openaclnn::test {
namespace {

constexpr size_t kDeviceMemory = size_t{256} << 20;

size_t FreeBytes() {
  size_t free_bytes = 0;
  size_t total = 0;
  EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total), ACL_SUCCESS);
  EXPECT_EQ(total, kDeviceMemory);
  return free_bytes;
}

TEST(MultiDeviceTest, CountAndPerThreadDevice) {
  uint32_t count = 0;
  ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
  EXPECT_EQ(count, 4u);
  EXPECT_EQ(aclrtSetDevice(4), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_NE(TakeErrorMessage().find("0..3"), std::string::npos);
  std::thread other([] {
    ASSERT_EQ(aclrtSetDevice(3), ACL_SUCCESS);
    int32_t device = -1;
    EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ(device, 3);
    aclrtStream default_three = nullptr;
    EXPECT_EQ(aclrtCtxGetCurrentDefaultStream(&default_three), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(3), ACL_SUCCESS);
  });
  other.join();
  int32_t device = -1;
  EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(device, 0);  // This thread still has device 0.
}

TEST(MultiDeviceTest, EachDeviceKeepsItsOwnMemoryAccount) {
  const size_t free_zero = FreeBytes();
  ASSERT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
  EXPECT_EQ(FreeBytes(), kDeviceMemory);
  void* big = nullptr;
  ASSERT_EQ(aclrtMalloc(&big, 200 << 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(FreeBytes(), kDeviceMemory - (200 << 20));
  void* more = nullptr;
  EXPECT_EQ(aclrtMalloc(&more, 100 << 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
  EXPECT_NE(TakeErrorMessage().find("device 1 is out of memory"), std::string::npos);
  EXPECT_EQ(more, nullptr);
  ASSERT_EQ(aclrtSetDevice(2), ACL_SUCCESS);  // Another device has all of its memory.
  ASSERT_EQ(aclrtMalloc(&more, 100 << 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(more), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(big), ACL_SUCCESS);  // Freed from device 2's context: device 1's account goes down.
  ASSERT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
  EXPECT_EQ(FreeBytes(), kDeviceMemory);
  ASSERT_EQ(aclrtResetDevice(1), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(1), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(2), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);  // The resets dropped this thread's selection.
  EXPECT_EQ(FreeBytes(), free_zero);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);  // Back to the environment's one reference.
}

TEST(MultiDeviceTest, CopiesBetweenDevicesNeedPeerAccess) {
  int32_t can = -1;
  ASSERT_EQ(aclrtDeviceCanAccessPeer(&can, 0, 1), ACL_SUCCESS);
  EXPECT_EQ(can, 1);
  ASSERT_EQ(aclrtDeviceCanAccessPeer(&can, 2, 2), ACL_SUCCESS);
  EXPECT_EQ(can, 0);
  EXPECT_EQ(aclrtDeviceCanAccessPeer(&can, 0, 9), ACL_ERROR_RT_INVALID_DEVICEID);
  TakeErrorMessage();

  void* on_zero = nullptr;
  ASSERT_EQ(aclrtMalloc(&on_zero, 4096, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  std::memset(on_zero, 0x6b, 4096);
  ASSERT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
  void* on_one = nullptr;
  ASSERT_EQ(aclrtMalloc(&on_one, 4096, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  std::memset(on_one, 0, 4096);
  EXPECT_EQ(aclrtMemcpy(on_one, 4096, on_zero, 4096, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_NE(TakeErrorMessage().find("aclrtDeviceEnablePeerAccess"), std::string::npos);
  EXPECT_EQ(aclrtMemcpyAsync(on_one, 4096, on_zero, 4096, ACL_MEMCPY_DEVICE_TO_DEVICE, nullptr),
            ACL_ERROR_RT_PARAM_INVALID);
  TakeErrorMessage();
  EXPECT_EQ(static_cast<unsigned char*>(on_one)[0], 0);
  EXPECT_EQ(aclrtDeviceEnablePeerAccess(0, 1), ACL_ERROR_INVALID_PARAM);  // flags must be 0.
  EXPECT_EQ(aclrtDeviceEnablePeerAccess(1, 0), ACL_ERROR_RT_PARAM_INVALID);  // Itself.
  TakeErrorMessage();
  ASSERT_EQ(aclrtDeviceEnablePeerAccess(0, 0), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(on_one, 4096, on_zero, 4096, ACL_MEMCPY_DEVICE_TO_DEVICE, nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);  // Device 1's default stream.
  EXPECT_EQ(static_cast<unsigned char*>(on_one)[4095], 0x6b);
  ASSERT_EQ(aclrtDeviceDisablePeerAccess(0), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(on_one, 4096, on_zero, 4096, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
  TakeErrorMessage();
  EXPECT_EQ(aclrtFree(on_one), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(on_zero), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(1), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

// Each device's streams are synchronised by aclrtSynchronizeDevice on that device only.
TEST(MultiDeviceTest, StreamsBelongToTheirDevice) {
  ASSERT_EQ(aclrtSetDevice(2), ACL_SUCCESS);
  aclrtStream on_two = nullptr;
  ASSERT_EQ(aclrtCreateStream(&on_two), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(on_two), ACL_ERROR_RT_STREAM_CONTEXT);  // Not in the current context.
  TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(2), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(on_two), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(2), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(2), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);  // Back to the environment's one reference.
}

}  // namespace
}  // namespace openaclnn::test
