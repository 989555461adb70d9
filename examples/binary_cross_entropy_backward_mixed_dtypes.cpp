// aclnnBinaryCrossEntropyBackward with a different data type per tensor: self FLOAT16, target BFLOAT16, a FLOAT
// gradOutput of shape (4) broadcast over the rows, no weight (weightOptional NULL), and a FLOAT16 out. The math is
// done in float32 and rounded once to out's type. Built and linked exactly like a CANN program; checks its own
// results.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
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

// bfloat16 is the top half of a float; round to nearest even (the values here are finite).
uint16_t FloatToBf16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return static_cast<uint16_t>((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
}

}  // namespace

int main() {
  constexpr int64_t kRows = 3, kColumns = 4;
  constexpr int64_t kCount = kRows * kColumns;
  CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
  CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
  aclrtStream stream = nullptr;
  CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

  std::vector<aclFloat16> self_host(kCount);
  std::vector<uint16_t> target_host(kCount);
  std::vector<float> self_values(kCount);  // As stored in FLOAT16 / BFLOAT16, for the check below.
  std::vector<float> target_values(kCount);
  for (int64_t i = 0; i < kCount; ++i) {
    self_host[i] = aclFloatToFloat16(0.05f + 0.075f * static_cast<float>(i));
    self_values[i] = aclFloat16ToFloat(self_host[i]);
    target_host[i] = FloatToBf16(i % 2 == 0 ? 0.9f : 0.1f);  // Smoothed labels.
    const uint32_t bits = static_cast<uint32_t>(target_host[i]) << 16;
    std::memcpy(&target_values[i], &bits, sizeof(float));
  }
  const std::vector<float> grad_host = {1.0f, 0.5f, -0.25f, 2.0f};
  void* device[4] = {};
  aclTensor* grad = nullptr;
  aclTensor* self = nullptr;
  aclTensor* target = nullptr;
  aclTensor* out = nullptr;
  if (CreateTensor(grad_host, {kColumns}, ACL_FLOAT, &device[0], &grad) != 0 ||
      CreateTensor(self_host, {kRows, kColumns}, ACL_FLOAT16, &device[1], &self) != 0 ||
      CreateTensor(target_host, {kRows, kColumns}, ACL_BF16, &device[2], &target) != 0 ||
      CreateTensor(std::vector<aclFloat16>(kCount, 0), {kRows, kColumns}, ACL_FLOAT16, &device[3], &out) != 0) {
    return 1;
  }

  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  CHECK_RET(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad, self, target, /*weightOptional=*/nullptr,
                                                            /*reduction=*/0, out, &workspace_size,
                                                            &executor) == ACL_SUCCESS,
            "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize");
  void* workspace = nullptr;
  if (workspace_size > 0) {
    CHECK_RET(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  }
  CHECK_RET(aclnnBinaryCrossEntropyBackward(workspace, workspace_size, executor, stream) == ACL_SUCCESS,
            "aclnnBinaryCrossEntropyBackward");
  CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");

  std::vector<aclFloat16> result(kCount, 0);
  CHECK_RET(aclrtMemcpy(result.data(), result.size() * sizeof(aclFloat16), device[3],
                        result.size() * sizeof(aclFloat16), ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS,
            "aclrtMemcpy");
  int mismatches = 0;
  for (int64_t i = 0; i < kCount; ++i) {
    const double x = self_values[i];
    const double y = target_values[i];
    const double expected = grad_host[i % kColumns] * (x - y) / (x * (1.0 - x));
    const float got = aclFloat16ToFloat(result[i]);
    const bool ok = std::fabs(got - expected) <= std::fabs(expected) / 1024.0;  // Within FLOAT16 rounding.
    mismatches += ok ? 0 : 1;
    std::printf(" %9.4f%s", got, ok ? "" : "(!)");
    if (i % kColumns == kColumns - 1) std::printf("\n");
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
  std::printf("%s\n", mismatches == 0 ? "binary_cross_entropy_backward_mixed_dtypes: OK"
                                      : "binary_cross_entropy_backward_mixed_dtypes: FAILED");
  return mismatches == 0 ? 0 : 1;
}
