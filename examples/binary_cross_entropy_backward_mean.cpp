// aclnnBinaryCrossEntropyBackward with reduction mean: the gradient of the mean loss over a 4x5 FLOAT batch
// (gradOutput of shape (1) holding 1) is each element's gradient times 1/20. The batch includes predictions of
// exactly 0 and 1 against the opposite label: the denominator x * (1 - x) is clamped from below at 1e-12, so
// those give large finite values (+-1e12 / 20), never inf or NaN. out is a non-contiguous view: the transpose of a 5x4
// buffer. Built and linked exactly like a CANN program; checks its own results.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"

#define CHECK_RET(cond, what)                                                                   \
  do {                                                                                          \
    if (!(cond)) {                                                                              \
      std::printf("%s failed: %s\n", what, aclGetRecentErrMsg() ? aclGetRecentErrMsg() : ""); \
      return 1;                                                                                 \
    }                                                                                           \
  } while (0)

namespace {

int CreateTensor(const std::vector<float>& host, const std::vector<int64_t>& shape, std::vector<int64_t> strides,
                 void** device, aclTensor** tensor) {
  const size_t bytes = host.size() * sizeof(float);
  CHECK_RET(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  CHECK_RET(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS, "aclrtMemcpy");
  if (strides.empty()) {
    strides.assign(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
  }
  const std::vector<int64_t> storage = {static_cast<int64_t>(host.size())};
  *tensor = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, storage.data(),
                            storage.size(), *device);
  CHECK_RET(*tensor != nullptr, "aclCreateTensor");
  return 0;
}

}  // namespace

int main() {
  constexpr int64_t kRows = 4, kColumns = 5;
  constexpr int64_t kCount = kRows * kColumns;
  CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
  CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
  aclrtStream stream = nullptr;
  CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

  std::vector<float> x(kCount);
  std::vector<float> y(kCount);
  for (int64_t i = 0; i < kCount; ++i) {
    x[i] = static_cast<float>(i) / static_cast<float>(kCount - 1);  // 0, ..., 1: both ends included.
    y[i] = static_cast<float>((i + 1) % 2);  // x = 0 meets label 1 and x = 1 meets label 0.
  }
  void* device[4] = {};
  aclTensor* grad = nullptr;
  aclTensor* self = nullptr;
  aclTensor* target = nullptr;
  aclTensor* out = nullptr;
  if (CreateTensor({1.0f}, {1}, {}, &device[0], &grad) != 0 ||
      CreateTensor(x, {kRows, kColumns}, {}, &device[1], &self) != 0 ||
      CreateTensor(y, {kRows, kColumns}, {}, &device[2], &target) != 0 ||
      CreateTensor(std::vector<float>(kCount, 0.0f), {kRows, kColumns}, {1, kRows}, &device[3], &out) != 0) {
    return 1;
  }

  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  CHECK_RET(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad, self, target, nullptr, /*reduction=*/1, out,
                                                            &workspace_size, &executor) == ACL_SUCCESS,
            "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize");
  void* workspace = nullptr;
  if (workspace_size > 0) {
    CHECK_RET(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  }
  CHECK_RET(aclnnBinaryCrossEntropyBackward(workspace, workspace_size, executor, stream) == ACL_SUCCESS,
            "aclnnBinaryCrossEntropyBackward");
  CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");

  std::vector<float> buffer(kCount, 0.0f);  // out's memory: element (r, c) is at c * kRows + r.
  CHECK_RET(aclrtMemcpy(buffer.data(), buffer.size() * sizeof(float), device[3], buffer.size() * sizeof(float),
                        ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS,
            "aclrtMemcpy");
  int mismatches = 0;
  for (int64_t r = 0; r < kRows; ++r) {
    for (int64_t c = 0; c < kColumns; ++c) {
      const int64_t i = r * kColumns + c;
      const double denominator = std::max(static_cast<double>(x[i]) * (1.0 - x[i]), static_cast<double>(1e-12f));
      const double expected = (x[i] - y[i]) / denominator / kCount;
      const float got = buffer[c * kRows + r];
      const bool ok = std::isfinite(got) && std::fabs(got - expected) <= 1e-5 * std::fabs(expected);
      mismatches += ok ? 0 : 1;
      std::printf(" %13.6g%s", got, ok ? "" : "(!)");
    }
    std::printf("\n");
  }

  aclDestroyTensor(grad);
  aclDestroyTensor(self);
  aclDestroyTensor(target);
  aclDestroyTensor(out);
  for (void* memory : device) aclrtFree(memory);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  std::printf("%s\n", mismatches == 0 ? "binary_cross_entropy_backward_mean: OK"
                                      : "binary_cross_entropy_backward_mean: FAILED");
  return mismatches == 0 ? 0 : 1;
}
