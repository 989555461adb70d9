// aclTensor and aclOpExecutor management behind the acl_meta.h entry points.
#ifndef OPENACLNN_FRAMEWORK_META_H_
#define OPENACLNN_FRAMEWORK_META_H_

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "core/status.h"

namespace openaclnn {

// dtype and format: the caller's values, which may lie outside the enums (see aclTensor).
Status CreateTensor(const int64_t* view_dims, uint64_t view_rank, int32_t dtype, const int64_t* strides,
                    int64_t offset, int32_t format, const int64_t* storage_dims, uint64_t storage_rank, void* data,
                    aclTensor** tensor);
Status DestroyTensor(const aclTensor* tensor);

Status GetViewShape(const aclTensor* tensor, int64_t** dims, uint64_t* rank);
Status GetStorageShape(const aclTensor* tensor, int64_t** dims, uint64_t* rank);
Status GetViewStrides(const aclTensor* tensor, int64_t** strides, uint64_t* count);
Status GetViewOffset(const aclTensor* tensor, int64_t* offset);
Status GetFormat(const aclTensor* tensor, aclFormat* format);
Status GetDataType(const aclTensor* tensor, aclDataType* dtype);

Status SetExecutorRepeatable(aclOpExecutor* executor);
Status DestroyExecutorHandle(aclOpExecutor* executor);

}  // namespace openaclnn

#endif  // OPENACLNN_FRAMEWORK_META_H_
