// aclnnBinaryCrossEntropyBackward with the document's inputs: 2x2 FLOAT tensors, gradOutput 0.1, self 0.3,
// target 0.5, weight 1, reduction none. Every element is 0.1 * (0.3 - 0.5) / (0.3 * 0.7) = -0.0952381.
// Built and linked exactly like a CANN program; checks its own results.
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
  CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
  CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
  aclrtStream stream = nullptr;
  CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

  const std::vector<int64_t> shape = {2, 2};
  void* device[5] = {};
  aclTensor* grad = nullptr;
  aclTensor* self = nullptr;
  aclTensor* target = nullptr;
  aclTensor* weight = nullptr;
  aclTensor* out = nullptr;
  if (CreateTensor({0.1f, 0.1f, 0.1f, 0.1f}, shape, &device[0], &grad) != 0 ||
      CreateTensor({0.3f, 0.3f, 0.3f, 0.3f}, shape, &device[1], &self) != 0 ||
      CreateTensor({0.5f, 0.5f, 0.5f, 0.5f}, shape, &device[2], &target) != 0 ||
      CreateTensor({1.0f, 1.0f, 1.0f, 1.0f}, shape, &device[3], &weight) != 0 ||
      CreateTensor({0.0f, 0.0f, 0.0f, 0.0f}, shape, &device[4], &out) != 0) {
    return 1;
  }

  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  CHECK_RET(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad, self, target, weight, /*reduction=*/0, out,
                                                            &workspace_size, &executor) == ACL_SUCCESS,
            "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize");
  void* workspace = nullptr;
  if (workspace_size > 0) {
    CHECK_RET(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  }
  CHECK_RET(aclnnBinaryCrossEntropyBackward(workspace, workspace_size, executor, stream) == ACL_SUCCESS,
            "aclnnBinaryCrossEntropyBackward");
  CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");

  std::vector<float> result(4, 0.0f);
  CHECK_RET(aclrtMemcpy(result.data(), result.size() * sizeof(float), device[4], result.size() * sizeof(float),
                        ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS,
            "aclrtMemcpy");
  const double expected = 0.1 * (0.3 - 0.5) / (0.3 * 0.7);
  int mismatches = 0;
  for (size_t i = 0; i < result.size(); ++i) {
    const bool ok = std::fabs(result[i] - expected) <= 1e-6 * std::fabs(expected);
    mismatches += ok ? 0 : 1;
    std::printf("result[%zu] is: %f%s\n", i, result[i], ok ? "" : " (expected -0.095238)");
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
  std::printf("%s\n", mismatches == 0 ? "binary_cross_entropy_backward_sample: OK"
                                      : "binary_cross_entropy_backward_sample: FAILED");
  return mismatches == 0 ? 0 : 1;
}
