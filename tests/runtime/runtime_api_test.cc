// The ACL runtime subset through the public C API: streams, memory, copies, device facts and error messages.
// The global environment of tests/support has called aclInit and aclrtSetDevice(0).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"
#include "c_enum_calls.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "device_tensor.h"

namespace openaclnn::test {
namespace {

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// ---------------------------------------------------------------------------------------------------------------
// Streams.

TEST(StreamApiTest, CreateSynchronizeDestroy) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_NE(stream, nullptr);
  aclrtStream second = nullptr;
  ASSERT_EQ(aclrtCreateStream(&second), ACL_SUCCESS);
  EXPECT_NE(stream, second);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);  // Nothing queued.
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(second), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

TEST(StreamApiTest, NullIsTheDefaultStream) {
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
}

TEST(StreamApiTest, BadHandlesAreErrors) {
  EXPECT_EQ(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM);
  std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclrtCreateStream")) << message;
  EXPECT_TRUE(Contains(message, "'stream'")) << message;

  EXPECT_EQ(aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM);
  message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclrtDestroyStream")) << message;
  EXPECT_TRUE(Contains(message, "default stream")) << message;

  int not_a_stream = 0;
  EXPECT_EQ(aclrtDestroyStream(&not_a_stream), ACL_ERROR_RT_STREAM_CONTEXT);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "not a live stream"));
  EXPECT_EQ(aclrtSynchronizeStream(&not_a_stream), ACL_ERROR_RT_STREAM_CONTEXT);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclrtSynchronizeStream"));

  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_ERROR_RT_STREAM_CONTEXT);  // Destroyed twice.
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_STREAM_CONTEXT);
  TakeErrorMessage();
}

// An NLL call (2 x 4, FLOAT, INT64 target) over device tensors, for tests that need real stream work.
class NllCall {
 public:
  explicit NllCall(std::vector<double> targets)
      : grad_({2}, ACL_FLOAT), self_({2, 4}, ACL_FLOAT), target_({2}, ACL_INT64), weight_({4}, ACL_FLOAT),
        total_({1}, ACL_FLOAT), out_({2, 4}, ACL_FLOAT) {
    grad_.Fill({1, 2});
    self_.Fill(std::vector<double>(8, 0.5));
    target_.Fill(targets);
    weight_.Fill({1, 10, 100, 1000});
    total_.Fill({1});
    out_.Fill(std::vector<double>(8, 7));
  }

  aclnnStatus Launch(aclrtStream stream) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus status = aclnnNLLLossBackwardGetWorkspaceSize(
        grad_.get(), self_.get(), target_.get(), weight_.get(), 0, -100, total_.get(), out_.get(), &workspace,
        &executor);
    if (status != 0) {
      return status;
    }
    return aclnnNLLLossBackward(nullptr, workspace, executor, stream);
  }

  std::vector<double> Out() const { return out_.Read(); }

 private:
  DeviceTensor grad_, self_, target_, weight_, total_, out_;
};

TEST(StreamApiTest, LaunchOnTheDefaultStream) {
  NllCall call({1, 3});
  ASSERT_EQ(call.Launch(nullptr), 0);
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_EQ(call.Out(), (std::vector<double>{0, -10, 0, 0, 0, 0, 0, -2000}));
}

TEST(StreamApiTest, SeveralLaunchesThenOneSynchronization) {
  ScopedStream stream;
  std::vector<std::unique_ptr<NllCall>> calls;
  for (int i = 0; i < 8; ++i) {
    calls.push_back(std::make_unique<NllCall>(
        std::vector<double>{static_cast<double>(i % 4), static_cast<double>((i + 1) % 4)}));
  }
  for (auto& call : calls) {
    ASSERT_EQ(call->Launch(stream.get()), 0);
  }
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  const double weights[4] = {1, 10, 100, 1000};
  for (int i = 0; i < 8; ++i) {
    std::vector<double> expected(8, 0);
    expected[i % 4] = -1 * weights[i % 4];
    expected[4 + (i + 1) % 4] = -2 * weights[(i + 1) % 4];
    EXPECT_EQ(calls[i]->Out(), expected) << i;
  }
}

// A failing launch: a bad target in strict mode (DECISIONS 8, 15).
TEST(StreamApiTest, FailureIsReturnedByTheNextStreamSynchronization) {
  ScopedStrictMode strict;
  ScopedStream stream;
  NllCall bad({1, 9});
  ASSERT_EQ(bad.Launch(stream.get()), 0);
  EXPECT_NE(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  const std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclnnNLLLossBackward")) << message;
  EXPECT_TRUE(Contains(message, "target[1] = 9")) << message;
  // Reported once; the stream keeps working.
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  NllCall good({0, 0});
  ASSERT_EQ(good.Launch(stream.get()), 0);
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(good.Out(), (std::vector<double>{-1, 0, 0, 0, -2, 0, 0, 0}));
}

TEST(StreamApiTest, FailuresAreReturnedByTheNextDeviceSynchronization) {
  ScopedStrictMode strict;
  ScopedStream first;
  ScopedStream second;
  NllCall bad_first({5, 0});
  NllCall bad_second({0, -7});
  NllCall good({2, 2});
  ASSERT_EQ(bad_first.Launch(first.get()), 0);
  ASSERT_EQ(bad_second.Launch(second.get()), 0);
  ASSERT_EQ(good.Launch(second.get()), 0);
  EXPECT_NE(aclrtSynchronizeDevice(), ACL_SUCCESS);
  const std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "target[0] = 5")) << message;   // Both streams' failures are readable.
  EXPECT_TRUE(Contains(message, "target[1] = -7")) << message;
  EXPECT_EQ(good.Out(), (std::vector<double>{0, 0, -100, 0, 0, 0, -200, 0}));
  // Consumed by the device synchronisation.
  EXPECT_EQ(aclrtSynchronizeStream(first.get()), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(second.get()), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
}

TEST(StreamApiTest, DestroyWithPendingWorkRunsIt) {
  std::vector<std::unique_ptr<NllCall>> calls;
  for (int i = 0; i < 16; ++i) {
    calls.push_back(std::make_unique<NllCall>(std::vector<double>{3, 2}));
  }
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  for (auto& call : calls) {
    ASSERT_EQ(call->Launch(stream), 0);
  }
  ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  for (const auto& call : calls) {
    EXPECT_EQ(call->Out(), (std::vector<double>{0, 0, 0, -1000, 0, 0, -200, 0}));
  }
}

TEST(StreamApiTest, TwoStreamsFromTwoThreads) {
  auto work = [](double target, std::vector<double>* out) {
    ScopedStream stream;
    NllCall call({target, target});
    for (int i = 0; i < 50; ++i) {
      EXPECT_EQ(call.Launch(stream.get()), 0);
    }
    EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
    *out = call.Out();
  };
  std::vector<double> out0;
  std::vector<double> out1;
  std::thread a(work, 0.0, &out0);
  std::thread b(work, 1.0, &out1);
  a.join();
  b.join();
  EXPECT_EQ(out0, (std::vector<double>{-1, 0, 0, 0, -2, 0, 0, 0}));
  EXPECT_EQ(out1, (std::vector<double>{0, -10, 0, 0, 0, -20, 0, 0}));
}

// ---------------------------------------------------------------------------------------------------------------
// Memory.

TEST(MemoryApiTest, MallocArguments) {
  void* block = reinterpret_cast<void*>(0x1);
  EXPECT_EQ(aclrtMalloc(&block, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclrtMalloc")) << message;
  EXPECT_TRUE(Contains(message, "'size'")) << message;
  EXPECT_EQ(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "'devPtr'")) << message;
  EXPECT_EQ(aclrtMallocHost(&block, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclrtMallocHost"));
  EXPECT_EQ(aclrtMallocHost(nullptr, 8), ACL_ERROR_INVALID_PARAM);
  TakeErrorMessage();
}

TEST(MemoryApiTest, BlocksAre64ByteAlignedAndUsable) {
  for (size_t size : {size_t{1}, size_t{3}, size_t{63}, size_t{64}, size_t{65}, size_t{1000}, size_t{4097},
                      size_t{100000}}) {
    for (aclrtMemMallocPolicy policy : {ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEM_MALLOC_HUGE_ONLY,
                                        ACL_MEM_MALLOC_NORMAL_ONLY}) {
      void* block = nullptr;
      ASSERT_EQ(aclrtMalloc(&block, size, policy), ACL_SUCCESS) << size;
      EXPECT_EQ(reinterpret_cast<uintptr_t>(block) % 64, 0u) << size;
      std::memset(block, 0x5A, size);
      EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
    }
    void* host = nullptr;
    ASSERT_EQ(aclrtMallocHost(&host, size), ACL_SUCCESS);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(host) % 64, 0u) << size;
    std::memset(host, 0x5A, size);
    EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
  }
}

// The VmFlags line of /proc/self/smaps for the mapping holding address ("" if not found).
std::string VmFlagsOf(const void* address) {
  std::FILE* smaps = std::fopen("/proc/self/smaps", "r");
  if (smaps == nullptr) {
    return "";
  }
  const uintptr_t target = reinterpret_cast<uintptr_t>(address);
  bool inside = false;
  std::string flags;
  char line[512];
  while (std::fgets(line, sizeof(line), smaps) != nullptr) {
    unsigned long long begin = 0;
    unsigned long long end = 0;
    if (std::sscanf(line, "%llx-%llx ", &begin, &end) == 2 && std::strchr(line, '-') < std::strchr(line, ' ')) {
      inside = target >= begin && target < end;
      continue;
    }
    if (inside && std::strncmp(line, "VmFlags:", 8) == 0) {
      flags = line + 8;
      break;
    }
  }
  std::fclose(smaps);
  return flags;
}

bool HugePageAdviceObservable() {
  if (std::getenv("OPENACLNN_TEST_UNDER_EMULATOR") != nullptr) {
    return false;
  }
  std::FILE* file = std::fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
  if (file == nullptr) {
    return false;
  }
  std::fclose(file);
  return true;
}

TEST(MemoryApiTest, LargeBlocksAre2MiBAlignedAndOfferedToHugePages) {
  constexpr size_t kTwoMiB = size_t{2} << 20;
  for (size_t size : {kTwoMiB, kTwoMiB + 1, 3 * kTwoMiB + 12345}) {
    void* huge = nullptr;
    ASSERT_EQ(aclrtMalloc(&huge, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(huge) % kTwoMiB, 0u) << size;
    void* normal = nullptr;
    ASSERT_EQ(aclrtMalloc(&normal, size, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(normal) % 64, 0u) << size;
    std::memset(huge, 1, size);
    std::memset(normal, 2, size);
    if (HugePageAdviceObservable()) {
      // "hg": the mapping was madvise(MADV_HUGEPAGE)d.
      const std::string huge_flags = VmFlagsOf(huge);
      const std::string normal_flags = VmFlagsOf(static_cast<char*>(normal) + size - 1);
      EXPECT_TRUE(Contains(huge_flags, " hg")) << huge_flags;
      EXPECT_FALSE(Contains(normal_flags, " hg")) << normal_flags;
    }
    EXPECT_EQ(aclrtFree(huge), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(normal), ACL_SUCCESS);
  }
  if (!HugePageAdviceObservable()) {
    GTEST_SKIP() << "no transparent huge pages (or an emulator): alignment checked, madvise not observable";
  }
}

TEST(MemoryApiTest, BadFreesAreErrorsNotCrashes) {
  EXPECT_EQ(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclrtFree"));
  EXPECT_EQ(aclrtFreeHost(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclrtFreeHost"));

  int local = 0;
  EXPECT_EQ(aclrtFree(&local), ACL_ERROR_INVALID_PARAM);  // Never allocated here.
  EXPECT_TRUE(Contains(TakeErrorMessage(), "not the start of a live"));

  void* block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(static_cast<char*>(block) + 64), ACL_ERROR_INVALID_PARAM);  // Inside, not the start.
  TakeErrorMessage();
  EXPECT_EQ(aclrtFreeHost(block), ACL_ERROR_INVALID_PARAM);  // Device block given to the host free.
  std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclrtFreeHost")) << message;
  EXPECT_TRUE(Contains(message, "free it with aclrtFree")) << message;
  ASSERT_EQ(aclrtFree(block), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(block), ACL_ERROR_INVALID_PARAM);  // Double free.
  EXPECT_TRUE(Contains(TakeErrorMessage(), "already freed"));

  void* host = nullptr;
  ASSERT_EQ(aclrtMallocHost(&host, 256), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(host), ACL_ERROR_INVALID_PARAM);  // Host block given to the device free.
  EXPECT_TRUE(Contains(TakeErrorMessage(), "free it with aclrtFreeHost"));
  ASSERT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
  EXPECT_EQ(aclrtFreeHost(host), ACL_ERROR_INVALID_PARAM);
  TakeErrorMessage();
}

TEST(MemoryApiTest, FreeWaitsForQueuedWork) {
  ScopedStream stream;
  NllCall call({2, 1});
  ASSERT_EQ(call.Launch(stream.get()), 0);
  void* block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(block), ACL_SUCCESS);
  // The launch completed before the free returned (its failure state, none here, is left for the sync).
  EXPECT_EQ(call.Out(), (std::vector<double>{0, 0, -100, 0, 0, -20, 0, 0}));
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
}

TEST(MemoryApiTest, WithoutCheckedMemoryAnyAddressableMemoryIsAccepted) {
  // OPENACLNN_CHECKED_MEMORY is not set for this binary: tensors over ordinary host memory work.
  ScopedStream stream;
  DeviceTensor grad({1}, ACL_FLOAT);
  DeviceTensor self({1, 2}, ACL_FLOAT);
  DeviceTensor target({1}, ACL_INT32);
  DeviceTensor weight({2}, ACL_FLOAT);
  DeviceTensor total({1}, ACL_FLOAT);
  grad.Fill({2});
  target.Fill({1});
  weight.Fill({3, 4});
  total.Fill({1});
  std::vector<float> plain(2, 9.0f);
  const int64_t dims[2] = {1, 2};
  aclTensor* out = aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 2, plain.data());
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnNLLLossBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(), 0, -100,
                                                 total.get(), out, &workspace, &executor),
            0);
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(plain, (std::vector<float>{0.0f, -8.0f}));
  EXPECT_EQ(aclDestroyTensor(out), 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Copies and fills.

TEST(MemcpyApiTest, EveryKindCopies) {
  for (int kind = 0; kind <= 7; ++kind) {
    void* device = nullptr;
    void* host = nullptr;
    ASSERT_EQ(aclrtMalloc(&device, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMallocHost(&host, 100), ACL_SUCCESS);
    std::vector<uint8_t> source(100);
    for (int i = 0; i < 100; ++i) {
      source[i] = static_cast<uint8_t>(i * 7 + kind);
    }
    ASSERT_EQ(aclrtMemcpy(host, 100, source.data(), 100, static_cast<aclrtMemcpyKind>(kind)), ACL_SUCCESS) << kind;
    ASSERT_EQ(aclrtMemcpy(device, 100, host, 100, static_cast<aclrtMemcpyKind>(kind)), ACL_SUCCESS) << kind;
    std::vector<uint8_t> back(100, 0);
    ASSERT_EQ(aclrtMemcpy(back.data(), 100, device, 100, static_cast<aclrtMemcpyKind>(kind)), ACL_SUCCESS) << kind;
    EXPECT_EQ(back, source) << kind;
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
  }
}

// What a C program may pass: any int as the aclrtMemAttr.
TEST(MemoryApiTest, MemInfoRejectsAttributesOutsideTheEnum) {
  size_t free_bytes = 0;
  size_t total_bytes = 0;
  ASSERT_EQ(GetMemInfoWithAttrValue(ACL_HBM_MEM, &free_bytes, &total_bytes), ACL_SUCCESS);
  EXPECT_GT(total_bytes, 0u);
  for (int attr : {-1, 12, 12345}) {
    EXPECT_EQ(GetMemInfoWithAttrValue(attr, &free_bytes, &total_bytes), ACL_ERROR_INVALID_PARAM) << attr;
    const std::string message = TakeErrorMessage();
    EXPECT_TRUE(Contains(message, "aclrtGetMemInfo")) << message;
    EXPECT_TRUE(Contains(message, "'attr' is " + std::to_string(attr))) << message;
  }
}

TEST(MemcpyApiTest, BadArgumentsLeaveTheDestinationUntouched) {
  std::vector<uint8_t> src(32, 0x11);
  std::vector<uint8_t> dst(32, 0xEE);
  const std::vector<uint8_t> original = dst;

  EXPECT_EQ(aclrtMemcpy(dst.data(), 16, src.data(), 17, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
  std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclrtMemcpy")) << message;
  EXPECT_TRUE(Contains(message, "'count' (17)")) << message;
  EXPECT_TRUE(Contains(message, "'destMax' (16)")) << message;
  EXPECT_EQ(dst, original);

  for (int kind : {-1, 8, 100, 1 << 30}) {  // 0-7 are all aclrtMemcpyKind values.
    EXPECT_EQ(MemcpyWithKindValue(dst.data(), 32, src.data(), 32, kind), ACL_ERROR_INVALID_PARAM) << kind;
    message = TakeErrorMessage();
    EXPECT_TRUE(Contains(message, "'kind' is " + std::to_string(kind))) << message;
    EXPECT_EQ(dst, original);
  }
  EXPECT_EQ(aclrtMemcpy(nullptr, 32, src.data(), 32, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "'dst'"));
  EXPECT_EQ(aclrtMemcpy(dst.data(), 32, nullptr, 32, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "'src'"));
  EXPECT_EQ(dst, original);
}

TEST(MemcpyApiTest, CountZeroSucceedsEvenWithNullPointers) {
  EXPECT_EQ(aclrtMemcpy(nullptr, 0, nullptr, 0, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(nullptr, 0, nullptr, 0, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

TEST(MemsetApiTest, FillsAndChecks) {
  void* device = nullptr;
  ASSERT_EQ(aclrtMalloc(&device, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(device, 64, 0x3C, 64), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(device, 64, 0x7F, 10), ACL_SUCCESS);
  std::vector<uint8_t> back(64);
  ASSERT_EQ(aclrtMemcpy(back.data(), 64, device, 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(back[i], i < 10 ? 0x7F : 0x3C) << i;
  }
  EXPECT_EQ(aclrtMemset(device, 16, 0, 17), ACL_ERROR_INVALID_PARAM);
  std::string message = TakeErrorMessage();
  EXPECT_TRUE(Contains(message, "aclrtMemset")) << message;
  EXPECT_TRUE(Contains(message, "'maxCount' (16)")) << message;
  ASSERT_EQ(aclrtMemcpy(back.data(), 64, device, 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(back[16], 0x3C);  // Untouched.
  EXPECT_EQ(aclrtMemset(nullptr, 16, 0, 16), ACL_ERROR_INVALID_PARAM);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "'devPtr'"));
  EXPECT_EQ(aclrtMemset(nullptr, 0, 0, 0), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
}

// ---------------------------------------------------------------------------------------------------------------
// Device facts.

TEST(DeviceApiTest, SocNameAndVersion) {
  const char* soc = aclrtGetSocName();
  ASSERT_NE(soc, nullptr);
  EXPECT_STREQ(soc, "OpenAclnn-CPU");
  EXPECT_EQ(aclrtGetSocName(), soc);  // A stable string.
  int32_t major = -1;
  int32_t minor = -1;
  int32_t patch = -1;
  ASSERT_EQ(aclrtGetVersion(&major, &minor, &patch), ACL_SUCCESS);
  EXPECT_GE(major, 0);
  EXPECT_GE(minor, 0);
  EXPECT_GE(patch, 0);
  EXPECT_EQ(aclrtGetVersion(nullptr, &minor, &patch), ACL_ERROR_INVALID_PARAM);
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclrtGetVersion"));
  aclrtRunMode mode = ACL_DEVICE;
  EXPECT_EQ(aclrtGetRunMode(&mode), ACL_SUCCESS);
  EXPECT_EQ(mode, ACL_HOST);
  int32_t device = -1;
  EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(device, 0);
}

// ---------------------------------------------------------------------------------------------------------------
// aclGetRecentErrMsg.

TEST(ErrorMessageApiTest, NullWhenNothingFailed) {
  TakeErrorMessage();
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
  void* block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(block), ACL_SUCCESS);
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);  // Successes leave nothing.
}

TEST(ErrorMessageApiTest, NamesApiAndArgumentAndIsClearedByReading) {
  TakeErrorMessage();
  EXPECT_EQ(aclrtSetDevice(3), ACL_ERROR_RT_INVALID_DEVICEID);
  const char* message = aclGetRecentErrMsg();
  ASSERT_NE(message, nullptr);
  EXPECT_TRUE(Contains(message, "aclrtSetDevice")) << message;
  EXPECT_TRUE(Contains(message, "'deviceId' is 3")) << message;
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

TEST(ErrorMessageApiTest, NewestFirstWhenSeveral) {
  TakeErrorMessage();
  EXPECT_NE(aclrtMalloc(nullptr, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_NE(aclrtMemset(nullptr, 8, 0, 8), ACL_SUCCESS);
  EXPECT_NE(aclrtFree(nullptr), ACL_SUCCESS);
  const std::string message = TakeErrorMessage();
  const size_t free_at = message.find("aclrtFree:");
  const size_t memset_at = message.find("aclrtMemset:");
  const size_t malloc_at = message.find("aclrtMalloc:");
  ASSERT_NE(free_at, std::string::npos) << message;
  ASSERT_NE(memset_at, std::string::npos) << message;
  ASSERT_NE(malloc_at, std::string::npos) << message;
  EXPECT_LT(free_at, memset_at) << message;
  EXPECT_LT(memset_at, malloc_at) << message;
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
}

TEST(ErrorMessageApiTest, OtherThreadsErrorsDoNotLeakIn) {
  TakeErrorMessage();
  std::string other_message;
  std::thread other([&other_message] {
    EXPECT_NE(aclrtSetDevice(9), ACL_SUCCESS);
    const char* message = aclGetRecentErrMsg();
    other_message = message == nullptr ? "" : message;
  });
  std::thread failing_without_reading([] { EXPECT_NE(aclrtFree(nullptr), ACL_SUCCESS); });
  other.join();
  failing_without_reading.join();
  EXPECT_TRUE(Contains(other_message, "'deviceId' is 9")) << other_message;
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
  // And this thread's own errors stay its own.
  EXPECT_NE(aclrtMallocHost(nullptr, 4), ACL_SUCCESS);
  std::string mine;
  std::thread reader([&mine] {
    const char* message = aclGetRecentErrMsg();
    mine = message == nullptr ? "" : message;
  });
  reader.join();
  EXPECT_EQ(mine, "");
  EXPECT_TRUE(Contains(TakeErrorMessage(), "aclrtMallocHost"));
}

}  // namespace
}  // namespace openaclnn::test
