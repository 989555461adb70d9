/*
 * A C99 program using the public headers and linked with -lascendcl -lnnopbase -lopapi, as a C user of CANN
 * would: runtime, tensors, one operator call and the error messages. Exits non-zero on the first mismatch.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_nll_loss_backward.h"

static int failures = 0;

#define EXPECT(condition)                                               \
  do {                                                                  \
    if (!(condition)) {                                                 \
      fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #condition); \
      ++failures;                                                       \
    }                                                                   \
  } while (0)

static aclTensor *NewTensor(const int64_t *dims, uint64_t rank, aclDataType dtype, size_t bytes, void **block) {
  *block = NULL;
  if (aclrtMalloc(block, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    return NULL;
  }
  return aclCreateTensor(dims, rank, dtype, NULL, 0, ACL_FORMAT_ND, dims, rank, *block);
}

int main(void) {
  const int64_t vec2[1] = {2};
  const int64_t vec3[1] = {3};
  const int64_t one[1] = {1};
  const int64_t mat[2] = {2, 3};
  const float grad_values[2] = {3.1f, 6.5f};
  const int32_t target_values[2] = {0, 2};
  const float weight_values[3] = {1.1f, 1.2f, 1.3f};
  const float total_value = 0.0f;
  float out_values[6];
  void *blocks[6];
  aclTensor *grad, *self, *target, *weight, *total, *out;
  aclrtStream stream = NULL;
  uint64_t workspace = 1;
  aclOpExecutor *executor = NULL;
  const char *message;
  int32_t device = -1;
  int i;

  /* Enum and status values a C program relies on. */
  EXPECT(ACL_FLOAT == 0 && ACL_FLOAT16 == 1 && ACL_INT32 == 3 && ACL_INT64 == 9 && ACL_BF16 == 27);
  EXPECT(ACL_FORMAT_ND == 2 && ACL_MEMCPY_HOST_TO_DEVICE == 1 && ACL_MEMCPY_DEVICE_TO_HOST == 2);
  EXPECT(ACL_ERROR_REPEAT_INITIALIZE == 100002 && ACL_ERROR_REPEAT_FINALIZE == 100037);
  EXPECT(ACLNN_ERR_PARAM_NULLPTR == 161001 && ACLNN_ERR_PARAM_INVALID == 161002);

  EXPECT(aclInit(NULL) == ACL_SUCCESS);
  EXPECT(aclrtSetDevice(0) == ACL_SUCCESS);
  EXPECT(aclrtGetDevice(&device) == ACL_SUCCESS && device == 0);
  EXPECT(aclrtCreateStream(&stream) == ACL_SUCCESS);
  EXPECT(strcmp(aclrtGetSocName(), "OpenAclnn-CPU") == 0);

  grad = NewTensor(vec2, 1, ACL_FLOAT, sizeof(grad_values), &blocks[0]);
  self = NewTensor(mat, 2, ACL_FLOAT, 6 * sizeof(float), &blocks[1]);
  target = NewTensor(vec2, 1, ACL_INT32, sizeof(target_values), &blocks[2]);
  weight = NewTensor(vec3, 1, ACL_FLOAT, sizeof(weight_values), &blocks[3]);
  total = NewTensor(one, 1, ACL_FLOAT, sizeof(total_value), &blocks[4]);
  out = NewTensor(mat, 2, ACL_FLOAT, sizeof(out_values), &blocks[5]);
  EXPECT(grad && self && target && weight && total && out);
  if (failures != 0) {
    return 1;
  }
  EXPECT(aclrtMemcpy(blocks[0], sizeof(grad_values), grad_values, sizeof(grad_values), ACL_MEMCPY_HOST_TO_DEVICE) ==
         ACL_SUCCESS);
  EXPECT(aclrtMemcpy(blocks[2], sizeof(target_values), target_values, sizeof(target_values),
                     ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
  EXPECT(aclrtMemcpy(blocks[3], sizeof(weight_values), weight_values, sizeof(weight_values),
                     ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
  EXPECT(aclrtMemcpy(blocks[4], sizeof(total_value), &total_value, sizeof(total_value), ACL_MEMCPY_HOST_TO_DEVICE) ==
         ACL_SUCCESS);

  EXPECT(aclnnNLLLossBackwardGetWorkspaceSize(grad, self, target, weight, 0, -100, total, out, &workspace,
                                              &executor) == ACLNN_SUCCESS);
  EXPECT(workspace == 0 && executor != NULL);
  EXPECT(aclnnNLLLossBackward(NULL, workspace, executor, stream) == ACLNN_SUCCESS);
  EXPECT(aclrtSynchronizeStream(stream) == ACL_SUCCESS);
  EXPECT(aclrtMemcpy(out_values, sizeof(out_values), blocks[5], sizeof(out_values), ACL_MEMCPY_DEVICE_TO_HOST) ==
         ACL_SUCCESS);
  EXPECT(out_values[0] == -(3.1f * 1.1f));
  EXPECT(out_values[5] == -(6.5f * 1.3f));
  for (i = 1; i < 5; ++i) {
    EXPECT(out_values[i] == 0.0f);
  }

  /* A bad argument: the documented code and a message naming the API and the argument. */
  EXPECT(aclnnNLLLossBackwardGetWorkspaceSize(grad, self, target, NULL, 0, -100, total, out, &workspace,
                                              &executor) == ACLNN_ERR_PARAM_NULLPTR);
  message = aclGetRecentErrMsg();
  EXPECT(message != NULL && strstr(message, "aclnnNLLLossBackwardGetWorkspaceSize") != NULL &&
         strstr(message, "weight") != NULL);
  EXPECT(aclGetRecentErrMsg() == NULL);

  EXPECT(aclDestroyTensor(grad) == ACLNN_SUCCESS);
  EXPECT(aclDestroyTensor(self) == ACLNN_SUCCESS);
  EXPECT(aclDestroyTensor(target) == ACLNN_SUCCESS);
  EXPECT(aclDestroyTensor(weight) == ACLNN_SUCCESS);
  EXPECT(aclDestroyTensor(total) == ACLNN_SUCCESS);
  EXPECT(aclDestroyTensor(out) == ACLNN_SUCCESS);
  for (i = 0; i < 6; ++i) {
    EXPECT(aclrtFree(blocks[i]) == ACL_SUCCESS);
  }
  EXPECT(aclrtDestroyStream(stream) == ACL_SUCCESS);
  EXPECT(aclrtResetDevice(0) == ACL_SUCCESS);
  EXPECT(aclFinalize() == ACL_SUCCESS);
  if (failures == 0) {
    printf("c_api_program: all checks passed\n");
  }
  return failures == 0 ? 0 : 1;
}
