// aclnnNLLLossBackward on non-contiguous views: out (and self) are transposed views of column-major storage,
// target takes every second element of a buffer from offset 1, gradOutput is one column of a row-major matrix,
// and weight is a slice at an offset. Nothing is copied to make them contiguous. Built and linked exactly like
// a CANN program; checks its own results.
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

// Copies a whole storage buffer to the device and describes a view of it (shape, strides, offset in elements).
template <typename T>
int CreateView(const std::vector<T>& storage, const std::vector<int64_t>& shape, const std::vector<int64_t>& strides,
               int64_t offset, aclDataType type, void** device, aclTensor** tensor) {
  const size_t bytes = storage.size() * sizeof(T);
  CHECK_RET(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
  CHECK_RET(aclrtMemcpy(*device, bytes, storage.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS,
            "aclrtMemcpy");
  const int64_t storage_dims[1] = {static_cast<int64_t>(storage.size())};
  *tensor = aclCreateTensor(shape.data(), shape.size(), type, strides.data(), offset, ACL_FORMAT_ND, storage_dims, 1,
                            *device);
  CHECK_RET(*tensor != nullptr, "aclCreateTensor");
  return 0;
}

}  // namespace

int main() {
  constexpr int64_t kRows = 3;     // N
  constexpr int64_t kClasses = 4;  // C
  CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
  CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
  aclrtStream stream = nullptr;
  CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

  // target: elements 1, 3, 5 of the buffer -> {2, 0, 3}; the -1 fillers are never read.
  const std::vector<int32_t> target_storage = {-1, 2, -1, 0, -1, 3, -1};
  // gradOutput: column 1 of the row-major 3 x 2 matrix -> {0.5, -1.5, 2.0}.
  const std::vector<float> grad_storage = {9, 0.5f, 9, -1.5f, 9, 2.0f};
  // weight: 4 values starting at element 2 -> {1, 2, 3, 4}.
  const std::vector<float> weight_storage = {9, 9, 1, 2, 3, 4};
  // self and out: (N, C) views of column-major (C x N) buffers, strides (1, N). out starts full of 7s.
  const std::vector<float> self_storage(kRows * kClasses, 0.1f);
  const std::vector<float> out_storage(kRows * kClasses, 7.0f);
  const std::vector<float> total_weight_storage = {1};

  void* device[6] = {};
  aclTensor* target = nullptr;
  aclTensor* grad = nullptr;
  aclTensor* weight = nullptr;
  aclTensor* self = nullptr;
  aclTensor* out = nullptr;
  aclTensor* total_weight = nullptr;
  if (CreateView(target_storage, {kRows}, {2}, 1, ACL_INT32, &device[0], &target) != 0 ||
      CreateView(grad_storage, {kRows}, {2}, 1, ACL_FLOAT, &device[1], &grad) != 0 ||
      CreateView(weight_storage, {kClasses}, {1}, 2, ACL_FLOAT, &device[2], &weight) != 0 ||
      CreateView(self_storage, {kRows, kClasses}, {1, kRows}, 0, ACL_FLOAT, &device[3], &self) != 0 ||
      CreateView(out_storage, {kRows, kClasses}, {1, kRows}, 0, ACL_FLOAT, &device[4], &out) != 0 ||
      CreateView(total_weight_storage, {1}, {1}, 0, ACL_FLOAT, &device[5], &total_weight) != 0) {
    return 1;
  }

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

  std::vector<float> result(out_storage.size(), 0);
  CHECK_RET(aclrtMemcpy(result.data(), result.size() * sizeof(float), device[4], result.size() * sizeof(float),
                        ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS,
            "aclrtMemcpy");

  // out[n][c] lives at storage element c * N + n.
  const int32_t targets[kRows] = {2, 0, 3};
  const float grads[kRows] = {0.5f, -1.5f, 2.0f};
  const float weights[kClasses] = {1, 2, 3, 4};
  int mismatches = 0;
  for (int64_t n = 0; n < kRows; ++n) {
    std::printf("out[%lld] =", static_cast<long long>(n));
    for (int64_t c = 0; c < kClasses; ++c) {
      const float expected = targets[n] == c ? -(grads[n] * weights[c]) : 0.0f;
      const float got = result[static_cast<size_t>(c * kRows + n)];
      const bool ok = got == expected && std::signbit(got) == std::signbit(expected);
      mismatches += ok ? 0 : 1;
      std::printf(" %6.2f%s", got, ok ? "" : "(!)");
    }
    std::printf("\n");
  }

  aclDestroyTensor(target);
  aclDestroyTensor(grad);
  aclDestroyTensor(weight);
  aclDestroyTensor(self);
  aclDestroyTensor(out);
  aclDestroyTensor(total_weight);
  for (void* memory : device) aclrtFree(memory);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  std::printf("%s\n", mismatches == 0 ? "nll_loss_backward_strided: OK" : "nll_loss_backward_strided: FAILED");
  return mismatches == 0 ? 0 : 1;
}
