// The aclnn helper objects behind the acl_meta.h entry points: scalars, int/float/bool arrays, tensor and scalar
// lists (POINTWISE-LOSS-FACTS 2). Creation copies what it is given; lists own their elements.
#ifndef OPENACLNN_FRAMEWORK_META_OBJECTS_H_
#define OPENACLNN_FRAMEWORK_META_OBJECTS_H_

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "core/status.h"

namespace openaclnn {

// Bytes of a scalar of data type `dtype` (the caller's int); 0 for types CANN does not make scalars of.
int64_t ScalarBytes(int32_t dtype);

Status CreateScalar(const void* value, int32_t dtype, aclScalar** scalar);
Status CreateIntArray(const int64_t* values, uint64_t size, aclIntArray** array);
Status CreateFloatArray(const float* values, uint64_t size, aclFloatArray** array);
Status CreateBoolArray(const bool* values, uint64_t size, aclBoolArray** array);
Status CreateTensorList(const aclTensor* const* tensors, uint64_t size, aclTensorList** list);
Status CreateScalarList(const aclScalar* const* scalars, uint64_t size, aclScalarList** list);

Status DestroyScalar(const aclScalar* scalar);
Status DestroyIntArray(const aclIntArray* array);
Status DestroyFloatArray(const aclFloatArray* array);
Status DestroyBoolArray(const aclBoolArray* array);
Status DestroyTensorList(const aclTensorList* list);
Status DestroyScalarList(const aclScalarList* list);

Status GetIntArraySize(const aclIntArray* array, uint64_t* size);
Status GetFloatArraySize(const aclFloatArray* array, uint64_t* size);
Status GetBoolArraySize(const aclBoolArray* array, uint64_t* size);
Status GetTensorListSize(const aclTensorList* list, uint64_t* size);
Status GetScalarListSize(const aclScalarList* list, uint64_t* size);

}  // namespace openaclnn

#endif  // OPENACLNN_FRAMEWORK_META_OBJECTS_H_
