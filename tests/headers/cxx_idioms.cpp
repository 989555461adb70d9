// C++ idioms of CANN's sample programs that our headers must keep compiling (checked with -pedantic-errors
// -Werror, in C++11 and C++17), plus the values every CANN program depends on.
#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_nll_loss_backward.h"

// Enumerators named through their enum type, as in aclCreateTensor(..., aclFormat::ACL_FORMAT_ND, ...).
static_assert(aclDataType::ACL_FLOAT == 0, "ACL_FLOAT");
static_assert(aclDataType::ACL_FLOAT16 == 1, "ACL_FLOAT16");
static_assert(aclDataType::ACL_INT32 == 3, "ACL_INT32");
static_assert(aclDataType::ACL_UINT8 == 4, "ACL_UINT8");
static_assert(aclDataType::ACL_INT64 == 9, "ACL_INT64");
static_assert(aclDataType::ACL_BF16 == 27, "ACL_BF16");
static_assert(aclDataType::ACL_DT_UNDEFINED == -1, "ACL_DT_UNDEFINED");
static_assert(aclFormat::ACL_FORMAT_ND == 2, "ACL_FORMAT_ND");
static_assert(aclFormat::ACL_FORMAT_NCHW == 0, "ACL_FORMAT_NCHW");
static_assert(aclFormat::ACL_FRACTAL_Z_3D == 33, "ACL_FRACTAL_Z_3D");
static_assert(aclrtMemcpyKind::ACL_MEMCPY_HOST_TO_DEVICE == 1, "ACL_MEMCPY_HOST_TO_DEVICE");
static_assert(aclrtMemcpyKind::ACL_MEMCPY_DEVICE_TO_HOST == 2, "ACL_MEMCPY_DEVICE_TO_HOST");
static_assert(aclrtMemMallocPolicy::ACL_MEM_MALLOC_HUGE_FIRST == 0, "ACL_MEM_MALLOC_HUGE_FIRST");
static_assert(aclrtMemMallocPolicy::ACL_MEM_MALLOC_NORMAL_ONLY == 2, "ACL_MEM_MALLOC_NORMAL_ONLY");

// aclError values are constants usable at compile time; aclnnStatus values are macros.
static_assert(ACL_SUCCESS == 0 && ACL_ERROR_NONE == 0, "ACL_SUCCESS");
static_assert(ACL_ERROR_INVALID_PARAM == 100000, "ACL_ERROR_INVALID_PARAM");
static_assert(ACL_ERROR_REPEAT_INITIALIZE == 100002, "ACL_ERROR_REPEAT_INITIALIZE");
static_assert(ACL_ERROR_REPEAT_FINALIZE == 100037, "ACL_ERROR_REPEAT_FINALIZE");
static_assert(ACL_ERROR_BAD_ALLOC == 200000, "ACL_ERROR_BAD_ALLOC");
static_assert(ACL_ERROR_INTERNAL_ERROR == 500000, "ACL_ERROR_INTERNAL_ERROR");
static_assert(ACLNN_ERR_PARAM_NULLPTR == 161001, "ACLNN_ERR_PARAM_NULLPTR");
static_assert(ACLNN_ERR_PARAM_INVALID == 161002, "ACLNN_ERR_PARAM_INVALID");
static_assert(ACLNN_ERR_RUNTIME_ERROR == 361001, "ACLNN_ERR_RUNTIME_ERROR");
static_assert(ACLNN_ERR_INNER == 561000, "ACLNN_ERR_INNER");
static_assert(ACLNN_ERR_INNER_NULLPTR == 561103, "ACLNN_ERR_INNER_NULLPTR");
static_assert(OK == 0, "acl_meta.h's C++ constant OK");

// Handle and scalar types.
static_assert(sizeof(aclrtStream) == sizeof(void*), "aclrtStream is void*");
static_assert(sizeof(aclFloat16) == 2, "aclFloat16 is uint16_t");
static_assert(sizeof(aclnnStatus) == 4, "aclnnStatus is int32_t");

// Function types are CANN's, with C linkage (a mismatch here would be a different overload or a compile error).
aclnnStatus (*const kPhase1)(const aclTensor*, const aclTensor*, const aclTensor*, const aclTensor*, int64_t, int64_t,
                             const aclTensor*, aclTensor*, uint64_t*,
                             aclOpExecutor**) = &aclnnNLLLossBackwardGetWorkspaceSize;
aclnnStatus (*const kPhase2)(void*, uint64_t, aclOpExecutor*, aclrtStream) = &aclnnNLLLossBackward;
aclTensor* (*const kCreateTensor)(const int64_t*, uint64_t, aclDataType, const int64_t*, int64_t, aclFormat,
                                  const int64_t*, uint64_t, void*) = &aclCreateTensor;
aclError (*const kMemcpy)(void*, size_t, const void*, size_t, aclrtMemcpyKind) = &aclrtMemcpy;
aclError (*const kMalloc)(void**, size_t, aclrtMemMallocPolicy) = &aclrtMalloc;
const char* (*const kRecentError)() = &aclGetRecentErrMsg;
