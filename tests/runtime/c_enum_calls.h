// Calls only a C program can make: any int where the API declares an enum. C converts it to the enum type; C++
// cannot even hold values outside the enumerators' range, so the C++ tests go through these.
#ifndef OPENACLNN_TESTS_RUNTIME_C_ENUM_CALLS_H_
#define OPENACLNN_TESTS_RUNTIME_C_ENUM_CALLS_H_

#include <stddef.h>

#include "acl/acl.h"

#ifdef __cplusplus
extern "C" {
#endif

aclError MemcpyWithKindValue(void* dst, size_t destMax, const void* src, size_t count, int kind);
aclError GetMemInfoWithAttrValue(int attr, size_t* free_bytes, size_t* total_bytes);

#ifdef __cplusplus
}
#endif

#endif  // OPENACLNN_TESTS_RUNTIME_C_ENUM_CALLS_H_
