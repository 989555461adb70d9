// aclnnNLLLoss2d and aclnnNLLLoss2dBackward on the inputs of CANN's own examples for the pair, built and linked
// exactly like a CANN program. The forward's target holds a 2 where C is 2: that position contributes nothing and
// its out element is 0 (DECISIONS 8; the library logs one warning, and with OPENACLNN_STRICT=1 the
// synchronisation fails instead and names target[0][2][0]). Prints every result and checks it against values
// computed by hand from the formulas of docs/nll_loss2d.md; exits non-zero on a mismatch.
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"

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

std::vector<float> Read(void* device, size_t count) {
  std::vector<float> host(count, 0);
  aclrtMemcpy(host.data(), count * sizeof(float), device, count * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
  return host;
}

bool Near(const std::vector<float>& got, const std::vector<float>& expected) {
  bool right = got.size() == expected.size();
  for (size_t i = 0; right && i < got.size(); ++i) right = std::fabs(got[i] - expected[i]) <= 1e-5f;
  return right;
}

}  // namespace

int main() {
  CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
  CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
  aclrtStream stream = nullptr;
  CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

  // Forward: self (1, 2, 3, 2) = 0.1, 1.1, ..., 11.1; target (1, 3, 2) INT32; weight (2); reduction none.
  std::vector<float> self_host;
  for (int i = 0; i < 12; ++i) self_host.push_back(static_cast<float>(i) + 0.1f);
  void* device[11] = {};
  aclTensor* self = nullptr;
  aclTensor* target = nullptr;
  aclTensor* weight = nullptr;
  aclTensor* out = nullptr;
  aclTensor* total_weight_out = nullptr;
  if (CreateTensor(self_host, {1, 2, 3, 2}, ACL_FLOAT, &device[0], &self) != 0 ||
      CreateTensor(std::vector<int32_t>{1, 0, 1, 1, 2, 1}, {1, 3, 2}, ACL_INT32, &device[1], &target) != 0 ||
      CreateTensor(std::vector<float>{1.1f, 1.2f}, {2}, ACL_FLOAT, &device[2], &weight) != 0 ||
      CreateTensor(std::vector<float>(6, 0), {1, 3, 2}, ACL_FLOAT, &device[3], &out) != 0 ||
      CreateTensor(std::vector<float>{0}, {1}, ACL_FLOAT, &device[4], &total_weight_out) != 0) {
    return 1;
  }
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  CHECK_RET(aclnnNLLLoss2dGetWorkspaceSize(self, target, weight, /*reduction=*/0, /*ignoreIndex=*/-100, out,
                                           total_weight_out, &workspace_size, &executor) == ACL_SUCCESS,
            "aclnnNLLLoss2dGetWorkspaceSize");
  CHECK_RET(aclnnNLLLoss2d(nullptr, workspace_size, executor, stream) == ACL_SUCCESS, "aclnnNLLLoss2d");
  const bool forward_ran = aclrtSynchronizeStream(stream) == ACL_SUCCESS;
  if (!forward_ran) std::printf("aclnnNLLLoss2d: synchronisation failed: %s\n", aclGetRecentErrMsg());
  const std::vector<float> loss = Read(device[3], 6);
  for (size_t i = 0; i < loss.size(); ++i) std::printf("out[%zu] is: %f\n", i, loss[i]);

  // Backward: gradOutput (3, 1, 1), self (3, 5, 1, 1) = 4.1 .. 5.5, target (3, 1, 1) INT64, weight 1s, none.
  std::vector<float> self2_host;
  for (int i = 0; i < 15; ++i) self2_host.push_back(4.1f + 0.1f * static_cast<float>(i));
  aclTensor* grad_output = nullptr;
  aclTensor* self2 = nullptr;
  aclTensor* target2 = nullptr;
  aclTensor* weight2 = nullptr;
  aclTensor* total_weight = nullptr;
  aclTensor* grad = nullptr;
  if (CreateTensor(std::vector<float>{2.7f, 2.6f, 2.5f}, {3, 1, 1}, ACL_FLOAT, &device[5], &grad_output) != 0 ||
      CreateTensor(self2_host, {3, 5, 1, 1}, ACL_FLOAT, &device[6], &self2) != 0 ||
      CreateTensor(std::vector<int64_t>{2, 3, 1}, {3, 1, 1}, ACL_INT64, &device[7], &target2) != 0 ||
      CreateTensor(std::vector<float>(5, 1.0f), {5}, ACL_FLOAT, &device[8], &weight2) != 0 ||
      CreateTensor(std::vector<float>{1.0f}, {1}, ACL_FLOAT, &device[9], &total_weight) != 0 ||
      CreateTensor(std::vector<float>(15, 7.0f), {3, 5, 1, 1}, ACL_FLOAT, &device[10], &grad) != 0) {
    return 1;
  }
  CHECK_RET(aclnnNLLLoss2dBackwardGetWorkspaceSize(grad_output, self2, target2, weight2, /*reduction=*/0,
                                                   /*ignoreIndex=*/-100, total_weight, grad, &workspace_size,
                                                   &executor) == ACL_SUCCESS,
            "aclnnNLLLoss2dBackwardGetWorkspaceSize");
  CHECK_RET(aclnnNLLLoss2dBackward(nullptr, workspace_size, executor, stream) == ACL_SUCCESS,
            "aclnnNLLLoss2dBackward");
  CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
  const std::vector<float> gradient = Read(device[10], 15);
  for (size_t i = 0; i < gradient.size(); ++i) std::printf("gradInput[%zu] is: %f\n", i, gradient[i]);

  for (aclTensor* tensor : {self, target, weight, out, total_weight_out, grad_output, self2, target2, weight2,
                            total_weight, grad}) {
    aclDestroyTensor(tensor);
  }
  for (void* block : device) aclrtFree(block);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();

  // out[p] = -(weight[t] * self[0][t][h][w]); position 4 has t = 2 = C and contributes 0.
  const std::vector<float> expected_loss = {-7.32f, -1.21f, -9.72f, -10.92f, 0.0f, -13.32f};
  // gradInput[n][t] = -(gradOutput[n] * weight[t]), zero elsewhere.
  const std::vector<float> expected_grad = {0, 0, -2.7f, 0, 0, 0, 0, 0, -2.6f, 0, 0, -2.5f, 0, 0, 0};
  if (!Near(gradient, expected_grad)) {
    std::printf("unexpected gradient (expected rows 0 0 -2.7 0 0 / 0 0 0 -2.6 0 / 0 -2.5 0 0 0)\n");
    return 1;
  }
  if (!forward_ran) return 2;  // Strict mode: the forward's fault was reported instead of tolerated.
  if (!Near(loss, expected_loss)) {
    std::printf("unexpected out (expected -7.32 -1.21 -9.72 -10.92 0 -13.32)\n");
    return 1;
  }
  std::printf("every value as expected\n");
  return 0;
}
