// A runtime-only program in the shape of the open-source CANN runtime's samples: built with their flags
// (-O2 -std=c++17 -D_GLIBCXX_USE_CXX11_ABI=0 -Wall -Werror) and linked with -lacl_rt alone. It walks the
// calls those samples make (context, streams, pinned memory, asynchronous copies, events, forced teardown,
// version query) and exits non-zero on the first failure.
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"

#define CHECK_ACL(call)                                                            \
  do {                                                                             \
    const aclError ret_ = (call);                                                  \
    if (ret_ != ACL_SUCCESS) {                                                     \
      const char* why_ = aclGetRecentErrMsg();                                     \
      std::fprintf(stderr, "%s failed: %d %s\n", #call, ret_, why_ ? why_ : "");   \
      return 1;                                                                    \
    }                                                                              \
  } while (0)

int main() {
  const int32_t device_id = 0;
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(device_id));
  aclrtContext context = nullptr;
  CHECK_ACL(aclrtCreateContext(&context, device_id));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));

  const size_t size = 1 << 20;
  void* host = nullptr;
  void* device = nullptr;
  void* back = nullptr;
  CHECK_ACL(aclrtMallocHost(&host, size));
  CHECK_ACL(aclrtMallocHost(&back, size));
  CHECK_ACL(aclrtMalloc(&device, size, ACL_MEM_MALLOC_HUGE_FIRST));
  std::memset(host, 0x42, size);

  aclrtEvent start = nullptr;
  aclrtEvent end = nullptr;
  CHECK_ACL(aclrtCreateEvent(&start));
  CHECK_ACL(aclrtCreateEvent(&end));
  CHECK_ACL(aclrtRecordEvent(start, stream));
  CHECK_ACL(aclrtMemcpyAsync(device, size, host, size, ACL_MEMCPY_HOST_TO_DEVICE, stream));
  CHECK_ACL(aclrtMemsetAsync(static_cast<char*>(device) + size / 2, size / 2, 0x17, size / 2, stream));
  CHECK_ACL(aclrtMemcpyAsync(back, size, device, size, ACL_MEMCPY_DEVICE_TO_HOST, stream));
  CHECK_ACL(aclrtRecordEvent(end, stream));
  CHECK_ACL(aclrtSynchronizeStream(stream));
  float ms = -1.0f;
  CHECK_ACL(aclrtEventElapsedTime(&ms, start, end));
  const unsigned char* bytes = static_cast<const unsigned char*>(back);
  if (ms < 0.0f || bytes[0] != 0x42 || bytes[size / 2 - 1] != 0x42 || bytes[size / 2] != 0x17 ||
      bytes[size - 1] != 0x17) {
    std::fprintf(stderr, "wrong result: ms %f, bytes %d %d %d %d\n", static_cast<double>(ms), bytes[0],
                 bytes[size / 2 - 1], bytes[size / 2], bytes[size - 1]);
    return 1;
  }

  char version[ACL_PKG_VERSION_MAX_SIZE] = {};
  char package[] = "runtime";
  CHECK_ACL(aclsysGetVersionStr(package, version));
  std::printf("runtime version %s, copy round trip %.3f ms\n", version, static_cast<double>(ms));

  CHECK_ACL(aclrtDestroyEvent(start));
  CHECK_ACL(aclrtDestroyEvent(end));
  CHECK_ACL(aclrtFree(device));
  CHECK_ACL(aclrtFreeHost(host));
  CHECK_ACL(aclrtFreeHost(back));
  CHECK_ACL(aclrtDestroyStreamForce(stream));
  CHECK_ACL(aclrtDestroyContext(context));
  CHECK_ACL(aclrtResetDeviceForce(device_id));
  CHECK_ACL(aclFinalize());
  return 0;
}
