// aclnnNLLLossBackward with reduction mean: FLOAT16 inputs, class weights, one ignored target (ignoreIndex
// -100), and a FLOAT out. totalWeight is what the forward pass produces: the sum of the weights of the targets
// that were not ignored. Built and linked exactly like a CANN program; checks its own results.
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

std::vector<aclFloat16> ToHalf(const std::vector<float>& values) {
  std::vector<aclFloat16> half;
  for (float value : values) half.push_back(aclFloatToFloat16(value));
  return half;
}

}  // namespace

int main() {
  constexpr int64_t kRows = 4;
  constexpr int64_t kClasses = 3;
  constexpr int64_t kIgnoreIndex = -100;
  CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
  CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
  aclrtStream stream = nullptr;
  CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

  const std::vector<int64_t> target_host = {0, 2, kIgnoreIndex, 1};  // Row 2 is padding.
  const std::vector<float> weight_values = {0.5f, 2.0f, 1.0f};
  float total = 0;  // 0.5 + 1.0 + 2.0: the rows that count.
  for (int64_t t : target_host) {
    if (t != kIgnoreIndex) total += weight_values[static_cast<size_t>(t)];
  }
  const float grad_value = 1.0f;  // d(loss)/d(loss).
  void* device[6] = {};
  aclTensor* grad = nullptr;
  aclTensor* self = nullptr;
  aclTensor* target = nullptr;
  aclTensor* weight = nullptr;
  aclTensor* total_weight = nullptr;
  aclTensor* out = nullptr;
  if (CreateTensor(ToHalf({grad_value}), {}, ACL_FLOAT16, &device[0], &grad) != 0 ||
      CreateTensor(ToHalf(std::vector<float>(kRows * kClasses, 0.25f)), {kRows, kClasses}, ACL_FLOAT16, &device[1],
                   &self) != 0 ||
      CreateTensor(target_host, {kRows}, ACL_INT64, &device[2], &target) != 0 ||
      CreateTensor(ToHalf(weight_values), {kClasses}, ACL_FLOAT16, &device[3], &weight) != 0 ||
      CreateTensor(ToHalf({total}), {1}, ACL_FLOAT16, &device[4], &total_weight) != 0 ||
      CreateTensor(std::vector<float>(kRows * kClasses, 9.0f), {kRows, kClasses}, ACL_FLOAT, &device[5], &out) != 0) {
    return 1;
  }

  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  CHECK_RET(aclnnNLLLossBackwardGetWorkspaceSize(grad, self, target, weight, /*reduction=*/1, kIgnoreIndex,
                                                 total_weight, out, &workspace_size, &executor) == ACL_SUCCESS,
            "aclnnNLLLossBackwardGetWorkspaceSize");
  void* workspace = nullptr;
  if (workspace_size > 0) {
    CHECK_RET(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  }
  CHECK_RET(aclnnNLLLossBackward(workspace, workspace_size, executor, stream) == ACL_SUCCESS, "aclnnNLLLossBackward");
  CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");

  std::vector<float> result(kRows * kClasses, 0);
  CHECK_RET(aclrtMemcpy(result.data(), result.size() * sizeof(float), device[5], result.size() * sizeof(float),
                        ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS,
            "aclrtMemcpy");

  // mean: out[n][t] = -(gradOutput / totalWeight) * weight[t] for the rows that count; everything else 0
  // (the ignored row included). The 9.0 the out buffer held before is overwritten everywhere.
  int mismatches = 0;
  std::printf("totalWeight = %g\n", total);
  for (int64_t n = 0; n < kRows; ++n) {
    std::printf("row %lld (target %lld):", static_cast<long long>(n), static_cast<long long>(target_host[n]));
    for (int64_t c = 0; c < kClasses; ++c) {
      const bool counts = target_host[n] == c;
      const float expected = counts ? -(grad_value / total) * weight_values[static_cast<size_t>(c)] : 0.0f;
      const float got = result[static_cast<size_t>(n * kClasses + c)];
      const bool ok = std::fabs(got - expected) <= 1e-6f * std::fabs(expected) && !(expected == 0 && got != 0);
      mismatches += ok ? 0 : 1;
      std::printf(" %10.6f%s", got, ok ? "" : "(!)");
    }
    std::printf("\n");
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
  std::printf("%s\n", mismatches == 0 ? "nll_loss_backward_mean: OK" : "nll_loss_backward_mean: FAILED");
  return mismatches == 0 ? 0 : 1;
}
