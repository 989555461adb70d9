// aclnnBinaryCrossEntropyBackward on an NCHW batch (2x3x2x2 FLOAT) with a per-channel weight of shape (3, 1, 1)
// and a 0-d gradOutput of 1 (reduction sum): both broadcast to self's shape, nothing is expanded in memory.
// out[n][c][h][w] = weight[c] * (x - y) / (x * (1 - x)). Built and linked exactly like a CANN program; checks its
// own results.
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

int CreateTensor(const std::vector<float>& host, const std::vector<int64_t>& shape, void** device,
                 aclTensor** tensor) {
  const size_t bytes = host.size() * sizeof(float);
  CHECK_RET(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  CHECK_RET(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS, "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
  *tensor = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                            shape.size(), *device);
  CHECK_RET(*tensor != nullptr, "aclCreateTensor");
  return 0;
}

}  // namespace

int main() {
  constexpr int64_t kN = 2, kC = 3, kH = 2, kW = 2;
  constexpr int64_t kCount = kN * kC * kH * kW;
  CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
  CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
  aclrtStream stream = nullptr;
  CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

  // Predicted probabilities (sigmoid outputs) and 0/1 labels.
  std::vector<float> probabilities(kCount);
  std::vector<float> labels(kCount);
  for (int64_t i = 0; i < kCount; ++i) {
    probabilities[i] = 0.1f + 0.8f * static_cast<float>(i) / static_cast<float>(kCount - 1);
    labels[i] = static_cast<float>(i % 3 == 0);
  }
  const std::vector<float> channel_weight = {1.0f, 0.5f, 2.0f};
  void* device[5] = {};
  aclTensor* grad = nullptr;
  aclTensor* self = nullptr;
  aclTensor* target = nullptr;
  aclTensor* weight = nullptr;
  aclTensor* out = nullptr;
  if (CreateTensor({1.0f}, {}, &device[0], &grad) != 0 ||
      CreateTensor(probabilities, {kN, kC, kH, kW}, &device[1], &self) != 0 ||
      CreateTensor(labels, {kN, kC, kH, kW}, &device[2], &target) != 0 ||
      CreateTensor(channel_weight, {kC, 1, 1}, &device[3], &weight) != 0 ||
      CreateTensor(std::vector<float>(kCount, 0.0f), {kN, kC, kH, kW}, &device[4], &out) != 0) {
    return 1;
  }

  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  CHECK_RET(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad, self, target, weight, /*reduction=*/2, out,
                                                            &workspace_size, &executor) == ACL_SUCCESS,
            "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize");
  void* workspace = nullptr;
  if (workspace_size > 0) {
    CHECK_RET(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  }
  CHECK_RET(aclnnBinaryCrossEntropyBackward(workspace, workspace_size, executor, stream) == ACL_SUCCESS,
            "aclnnBinaryCrossEntropyBackward");
  CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");

  std::vector<float> result(kCount, 0.0f);
  CHECK_RET(aclrtMemcpy(result.data(), result.size() * sizeof(float), device[4], result.size() * sizeof(float),
                        ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS,
            "aclrtMemcpy");
  int mismatches = 0;
  for (int64_t i = 0; i < kCount; ++i) {
    const int64_t c = (i / (kH * kW)) % kC;
    const double x = probabilities[i];
    const double y = labels[i];
    const double expected = channel_weight[c] * (x - y) / (x * (1.0 - x));
    const bool ok = std::fabs(result[i] - expected) <= 1e-5 * std::fabs(expected);
    mismatches += ok ? 0 : 1;
    if (i % (kH * kW) == 0) std::printf("n %lld c %lld (weight %.1f):", static_cast<long long>(i / (kC * kH * kW)),
                                        static_cast<long long>(c), channel_weight[c]);
    std::printf(" %9.5f%s", result[i], ok ? "" : "(!)");
    if (i % (kH * kW) == kH * kW - 1) std::printf("\n");
  }

  aclDestroyTensor(grad);
  aclDestroyTensor(self);
  aclDestroyTensor(target);
  aclDestroyTensor(weight);
  aclDestroyTensor(out);
  for (void* memory : device) aclrtFree(memory);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  std::printf("%s\n", mismatches == 0 ? "binary_cross_entropy_backward_channel_weight: OK"
                                      : "binary_cross_entropy_backward_channel_weight: FAILED");
  return mismatches == 0 ? 0 : 1;
}
