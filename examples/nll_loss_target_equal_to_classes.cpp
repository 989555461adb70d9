// aclnnNLLLoss and aclnnNLLLossBackward on a batch whose second target equals the class count C, as one of CANN's
// official examples passes: that row contributes nothing (no loss, no weight, a zero gradient row) and the run
// succeeds, as on CANN (DECISIONS 8). Two training steps on the same batch; the library logs one warning per
// operator. With OPENACLNN_STRICT=1 the synchronisations fail instead and name the row (docs/nll_loss.md).
// Built and linked exactly like a CANN program; checks its own results in the default mode.
#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss_backward.h"

#define CHECK_RET(cond, what)                                                                   \
  do {                                                                                          \
    if (!(cond)) {                                                                              \
      std::printf("%s failed: %s\n", what, aclGetRecentErrMsg() ? aclGetRecentErrMsg() : ""); \
      return 1;                                                                                 \
    }                                                                                           \
  } while (0)

namespace {

constexpr int64_t kRows = 3;
constexpr int64_t kClasses = 4;

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

// Waits for the stream and prints what it returned; the message too when it failed.
bool Synchronize(aclrtStream stream, const char* op) {
  const aclError status = aclrtSynchronizeStream(stream);
  if (status != ACL_SUCCESS) {
    const char* message = aclGetRecentErrMsg();
    std::printf("%s: aclrtSynchronizeStream returned %d: %s\n", op, status, message != nullptr ? message : "");
    return false;
  }
  return true;
}

std::vector<float> Read(void* device, size_t count) {
  std::vector<float> host(count, 0);
  aclrtMemcpy(host.data(), count * sizeof(float), device, count * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
  return host;
}

}  // namespace

int main() {
  CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
  CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
  aclrtStream stream = nullptr;
  CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

  // Log-probabilities of three samples over four classes; the second sample's target is 4 == C.
  const std::vector<float> self_host = {-1.5f, -0.5f, -2.0f, -3.0f, -0.25f, -1.0f, -4.0f, -2.5f,
                                        -2.0f, -3.5f, -0.75f, -1.25f};
  const std::vector<int64_t> target_host = {1, kClasses, 2};
  const std::vector<float> weight_host = {1.0f, 2.0f, 0.5f, 1.0f};
  void* device[7] = {};
  aclTensor* self = nullptr;
  aclTensor* target = nullptr;
  aclTensor* weight = nullptr;
  aclTensor* loss = nullptr;
  aclTensor* total_weight = nullptr;
  aclTensor* grad_output = nullptr;
  aclTensor* grad = nullptr;
  if (CreateTensor(self_host, {kRows, kClasses}, ACL_FLOAT, &device[0], &self) != 0 ||
      CreateTensor(target_host, {kRows}, ACL_INT64, &device[1], &target) != 0 ||
      CreateTensor(weight_host, {kClasses}, ACL_FLOAT, &device[2], &weight) != 0 ||
      CreateTensor(std::vector<float>{0}, {}, ACL_FLOAT, &device[3], &loss) != 0 ||
      CreateTensor(std::vector<float>{0}, {}, ACL_FLOAT, &device[4], &total_weight) != 0 ||
      CreateTensor(std::vector<float>{1}, {}, ACL_FLOAT, &device[5], &grad_output) != 0 ||
      CreateTensor(std::vector<float>(kRows * kClasses, 0), {kRows, kClasses}, ACL_FLOAT, &device[6], &grad) != 0) {
    return 1;
  }

  bool all_succeeded = true;
  float step_loss = 0;
  float step_total_weight = 0;
  std::vector<float> step_grad;
  for (int step = 0; step < 2; ++step) {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    CHECK_RET(aclnnNLLLossGetWorkspaceSize(self, target, weight, /*reduction=*/1, /*ignoreIndex=*/-100, loss,
                                           total_weight, &workspace_size, &executor) == ACL_SUCCESS,
              "aclnnNLLLossGetWorkspaceSize");
    CHECK_RET(aclnnNLLLoss(nullptr, workspace_size, executor, stream) == ACL_SUCCESS, "aclnnNLLLoss");
    all_succeeded = Synchronize(stream, "aclnnNLLLoss") && all_succeeded;
    CHECK_RET(aclnnNLLLossBackwardGetWorkspaceSize(grad_output, self, target, weight, /*reduction=*/1,
                                                   /*ignoreIndex=*/-100, total_weight, grad, &workspace_size,
                                                   &executor) == ACL_SUCCESS,
              "aclnnNLLLossBackwardGetWorkspaceSize");
    CHECK_RET(aclnnNLLLossBackward(nullptr, workspace_size, executor, stream) == ACL_SUCCESS, "aclnnNLLLossBackward");
    all_succeeded = Synchronize(stream, "aclnnNLLLossBackward") && all_succeeded;
    step_loss = Read(device[3], 1)[0];
    step_total_weight = Read(device[4], 1)[0];
    step_grad = Read(device[6], kRows * kClasses);
    std::printf("step %d: loss %.6f totalWeight %.6f\n", step, step_loss, step_total_weight);
    for (int64_t row = 0; row < kRows; ++row) {
      std::printf("  grad[%lld] = %.6f %.6f %.6f %.6f\n", static_cast<long long>(row), step_grad[row * kClasses],
                  step_grad[row * kClasses + 1], step_grad[row * kClasses + 2], step_grad[row * kClasses + 3]);
    }
  }

  for (aclTensor* tensor : {self, target, weight, loss, total_weight, grad_output, grad}) aclDestroyTensor(tensor);
  for (void* block : device) aclrtFree(block);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();

  // Rows 0 and 2 count: loss = (2 * 0.5 + 0.5 * 0.75) / (2 + 0.5); row 1 (target == C) adds nothing.
  const std::vector<float> expected_grad = {0, -0.8f, 0, 0, 0, 0, 0, 0, 0, 0, -0.2f, 0};
  bool right = std::fabs(step_loss - 0.55f) < 1e-6f && step_total_weight == 2.5f;
  for (size_t i = 0; i < expected_grad.size(); ++i) {
    right = right && std::fabs(step_grad[i] - expected_grad[i]) < 1e-6f;
  }
  if (!right) {
    std::printf("unexpected values (expected loss 0.550000, totalWeight 2.500000, grad rows 0 -0.8 0 0 / 0 / 0 0 -0.2 0)\n");
    return 1;
  }
  std::printf(all_succeeded ? "every run succeeded\n" : "a run failed (strict mode)\n");
  return all_succeeded ? 0 : 2;
}
