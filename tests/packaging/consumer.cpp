// The consumer program of the find_package project: the operator document's case through the CANN API, plus
// our extension header, from an installed prefix.
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "openaclnn/openaclnn.h"

namespace {

aclTensor* NewTensor(std::vector<int64_t> dims, aclDataType dtype, const void* values, size_t bytes, void** block) {
  if (aclrtMalloc(block, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    return nullptr;
  }
  if (values != nullptr) {
    aclrtMemcpy(*block, bytes, values, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  }
  return aclCreateTensor(dims.data(), dims.size(), dtype, nullptr, 0, aclFormat::ACL_FORMAT_ND, dims.data(),
                         dims.size(), *block);
}

}  // namespace

int main() {
  const float grad[2] = {3.1f, 6.5f};
  const int64_t target[2] = {0, 2};
  const float weight[3] = {1.1f, 1.2f, 1.3f};
  const float total[1] = {1.0f};
  void* blocks[6] = {};
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) {
    return 1;
  }
  aclTensor* tensors[6] = {
      NewTensor({2}, aclDataType::ACL_FLOAT, grad, sizeof(grad), &blocks[0]),
      NewTensor({2, 3}, aclDataType::ACL_FLOAT, nullptr, 6 * sizeof(float), &blocks[1]),
      NewTensor({2}, aclDataType::ACL_INT64, target, sizeof(target), &blocks[2]),
      NewTensor({3}, aclDataType::ACL_FLOAT, weight, sizeof(weight), &blocks[3]),
      NewTensor({1}, aclDataType::ACL_FLOAT, total, sizeof(total), &blocks[4]),
      NewTensor({2, 3}, aclDataType::ACL_FLOAT, nullptr, 6 * sizeof(float), &blocks[5])};
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  if (aclnnNLLLossBackwardGetWorkspaceSize(tensors[0], tensors[1], tensors[2], tensors[3], 0, -100, tensors[4],
                                           tensors[5], &workspace, &executor) != ACL_SUCCESS ||
      aclnnNLLLossBackward(nullptr, workspace, executor, nullptr) != ACL_SUCCESS ||
      aclrtSynchronizeStream(nullptr) != ACL_SUCCESS) {
    std::fprintf(stderr, "consumer: the operator failed: %s\n", aclGetRecentErrMsg());
    return 1;
  }
  float out[6] = {};
  aclrtMemcpy(out, sizeof(out), blocks[5], sizeof(out), ACL_MEMCPY_DEVICE_TO_HOST);
  const float expected[6] = {-(3.1f * 1.1f), 0, 0, 0, 0, -(6.5f * 1.3f)};
  const bool match = std::memcmp(out, expected, sizeof(out)) == 0;
  for (int i = 0; i < 6; ++i) {
    aclDestroyTensor(tensors[i]);
    aclrtFree(blocks[i]);
  }
  aclrtResetDevice(0);
  aclFinalize();
  std::printf("consumer: OpenAclnn %s, results %s\n", openaclnnGetVersion(), match ? "match" : "DIFFER");
  return match ? 0 : 1;
}
