// Calls only a C program can make: any int where the API declares an enum. C converts it to the enum type; C++
// cannot even hold values outside the enumerators' range, so the C++ tests go through these.
#ifndef OPENACLNN_TESTS_SUPPORT_C_ENUM_CALLS_H_
#define OPENACLNN_TESTS_SUPPORT_C_ENUM_CALLS_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

aclError MemcpyWithKindValue(void* dst, size_t destMax, const void* src, size_t count, int kind);
aclError GetMemInfoWithAttrValue(int attr, size_t* free_bytes, size_t* total_bytes);

// aclCreateTensor with contiguous strides, offset 0 and storage dims equal to dims.
aclTensor* CreateTensorWithEnumValues(const int64_t* dims, uint64_t rank, int dtype, int format, void* data);
// aclGetDataType / aclGetFormat, the result read back as an int.
aclnnStatus DataTypeValueOf(const aclTensor* tensor, int* value);
aclnnStatus FormatValueOf(const aclTensor* tensor, int* value);

#ifdef __cplusplus
}
#endif

#endif  // OPENACLNN_TESTS_SUPPORT_C_ENUM_CALLS_H_
