// The libFuzzer entry points: each input is a program run by an Interpreter (interpreter.h) against the C API.
// Checked memory mode (OPENACLNN_CHECKED_MEMORY=1) is switched on before aclInit unless the environment already
// says otherwise, and probed once: with it the fuzzer may hand the library views that reach outside their
// buffers and expects them refused; without it, it keeps every view inside its buffer.
#include <cstdio>
#include <cstdlib>

#include "aclnnop/aclnn_nll_loss_backward.h"
#include "interpreter.h"

namespace openaclnn::fuzz {
namespace {

RuntimeModel runtime;

// True when phase 1 refuses an out tensor whose extent (32 bytes) is larger than its 16-byte block.
bool ProbeCheckedMemory() {
  void* inside = nullptr;
  void* small = nullptr;
  if (aclrtMalloc(&inside, 256, ACL_MEM_MALLOC_HUGE_FIRST) != 0 || aclrtMalloc(&small, 16, ACL_MEM_MALLOC_HUGE_FIRST) != 0) {
    Fail("aclrtMalloc failed at start-up");
  }
  char* base = static_cast<char*>(inside);
  const int64_t matrix[] = {2, 4};
  const int64_t rows[] = {2};
  const int64_t classes[] = {4};
  const int64_t one[] = {1};
  aclTensor* grad = aclCreateTensor(rows, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, rows, 1, base);
  aclTensor* self = aclCreateTensor(matrix, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, matrix, 2, base + 32);
  aclTensor* target = aclCreateTensor(rows, 1, ACL_INT64, nullptr, 0, ACL_FORMAT_ND, rows, 1, base + 64);
  aclTensor* weight = aclCreateTensor(classes, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, classes, 1, base + 96);
  aclTensor* total = aclCreateTensor(one, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, one, 1, base + 128);
  aclTensor* out = aclCreateTensor(matrix, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, matrix, 2, small);
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  const int32_t status = aclnnNLLLossBackwardGetWorkspaceSize(grad, self, target, weight, 0, -100, total, out,
                                                              &workspace, &executor);
  aclGetRecentErrMsg();
  if (status == 0) {
    aclDestroyAclOpExecutor(executor);
  }
  for (aclTensor* tensor : {grad, self, target, weight, total, out}) {
    aclDestroyTensor(tensor);
  }
  aclrtFree(small);
  aclrtFree(inside);
  return status != 0;
}

}  // namespace
}  // namespace openaclnn::fuzz

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  using openaclnn::fuzz::runtime;
  setenv("OPENACLNN_CHECKED_MEMORY", "1", /*overwrite=*/0);
  if (aclInit(nullptr) != 0 || aclrtSetDevice(0) != 0) {
    openaclnn::fuzz::Fail("aclInit / aclrtSetDevice failed at start-up");
  }
  runtime.init_count = 1;
  runtime.device_opens = 1;
  runtime.checked_memory = openaclnn::fuzz::ProbeCheckedMemory();
  std::fprintf(stderr, "openaclnn fuzz: checked memory mode is %s\n",
               runtime.checked_memory ? "on: views outside their blocks must be refused"
                                      : "off: every view is kept inside its buffer");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  openaclnn::fuzz::Interpreter interpreter(&openaclnn::fuzz::runtime);
  interpreter.Run(data, size);
  return 0;
}
