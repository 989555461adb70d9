// aclnnNLLLossBackward with the inputs of the operator document's sample: self (2, 3) FLOAT, INT32 targets,
// reduction none. Built and linked exactly like a CANN program; checks its own results.
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_nll_loss_backward.h"

#define CHECK_RET(cond, what)                                                                   \
  do {                                                                                          \
    if (!(cond)) {                                                                              \
      std::printf("%s failed: %s\n", what, aclGetRecentErrMsg() ? aclGetRecentErrMsg() : ""); \
      return 1;                                                                                 \
    }                                                                                           \
  } while (0)

namespace {

// Copies host data to new device memory and describes it as a contiguous ND tensor.
template <typename T>
int CreateTensor(const std::vector<T>& host, const std::vector<int64_t>& shape, aclDataType type, void** device,
                 aclTensor** tensor) {
  const size_t bytes = host.size() * sizeof(T);
  CHECK_RET(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  CHECK_RET(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS, "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
  *tensor = aclCreateTensor(shape.data(), shape.size(), type, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
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

  const std::vector<float> grad_host = {3.1f, 6.5f};
  const std::vector<float> self_host = {0, 1, 2, 3, 4, 5};
  const std::vector<int32_t> target_host = {0, 2};
  const std::vector<float> weight_host = {1.1f, 1.2f, 1.3f};
  const std::vector<float> total_weight_host = {0};
  const std::vector<float> out_host(6, 0);
  void* device[6] = {};
  aclTensor* grad = nullptr;
  aclTensor* self = nullptr;
  aclTensor* target = nullptr;
  aclTensor* weight = nullptr;
  aclTensor* total_weight = nullptr;
  aclTensor* out = nullptr;
  if (CreateTensor(grad_host, {2}, ACL_FLOAT, &device[0], &grad) != 0 ||
      CreateTensor(self_host, {2, 3}, ACL_FLOAT, &device[1], &self) != 0 ||
      CreateTensor(target_host, {2}, ACL_INT32, &device[2], &target) != 0 ||
      CreateTensor(weight_host, {3}, ACL_FLOAT, &device[3], &weight) != 0 ||
      CreateTensor(total_weight_host, {1}, ACL_FLOAT, &device[4], &total_weight) != 0 ||
      CreateTensor(out_host, {2, 3}, ACL_FLOAT, &device[5], &out) != 0) {
    return 1;
  }

  // Phase 1: checks and the executor; phase 2: enqueue on the stream; then wait for it.
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  CHECK_RET(aclnnNLLLossBackwardGetWorkspaceSize(grad, self, target, weight, /*reduction=*/0, /*ignoreIndex=*/-100,
                                                 total_weight, out, &workspace_size, &executor) == ACL_SUCCESS,
            "aclnnNLLLossBackwardGetWorkspaceSize");
  void* workspace = nullptr;
  if (workspace_size > 0) {
    CHECK_RET(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  }
  CHECK_RET(aclnnNLLLossBackward(workspace, workspace_size, executor, stream) == ACL_SUCCESS, "aclnnNLLLossBackward");
  CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");

  std::vector<float> result(6, 0);
  CHECK_RET(aclrtMemcpy(result.data(), result.size() * sizeof(float), device[5], result.size() * sizeof(float),
                        ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS,
            "aclrtMemcpy");

  // out[n][target[n]] = -gradOutput[n] * weight[target[n]], zero elsewhere: -3.41 and -8.45.
  const std::vector<float> expected = {-(3.1f * 1.1f), 0, 0, 0, 0, -(6.5f * 1.3f)};
  int mismatches = 0;
  for (size_t i = 0; i < result.size(); ++i) {
    const bool ok = result[i] == expected[i] && std::signbit(result[i]) == std::signbit(expected[i]);
    std::printf("result[%zu] is: %f%s\n", i, result[i], ok ? "" : "   <-- MISMATCH");
    mismatches += ok ? 0 : 1;
  }

  aclDestroyTensor(grad);
  aclDestroyTensor(self);
  aclDestroyTensor(target);
  aclDestroyTensor(weight);
  aclDestroyTensor(total_weight);
  aclDestroyTensor(out);
  for (void* memory : device) aclrtFree(memory);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  std::printf("%s\n", mismatches == 0 ? "nll_loss_backward_sample: OK" : "nll_loss_backward_sample: FAILED");
  return mismatches == 0 ? 0 : 1;
}
