#include "framework/meta.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "core/messages.h"
#include "core/tensor.h"
#include "framework/executor.h"
#include "framework/live_registry.h"

namespace openaclnn {
namespace {

constexpr const char* kCreateApi = "aclCreateTensor";

Status CreateError(const std::string& what) {
  return Status(ACLNN_ERR_PARAM_INVALID, msg::RuntimeError(kCreateApi, what + " No tensor was created."));
}

Status CheckDims(const int64_t* dims, uint64_t rank, const char* arg, const char* count_arg) {
  if (dims == nullptr && rank > 0) {
    return CreateError(std::string("argument '") + arg + "' is NULL while '" + count_arg + "' is " +
                       std::to_string(rank) + ".");
  }
  if (rank > kMaxCreateRank) {
    return CreateError(std::string("argument '") + count_arg + "' is " + std::to_string(rank) + "; at most " +
                       std::to_string(kMaxCreateRank) + " dimensions are supported.");
  }
  for (uint64_t i = 0; i < rank; ++i) {
    if (dims[i] < 0) {
      return CreateError(std::string("argument '") + arg + "' has a negative dimension: " +
                         msg::ShapeText(dims, static_cast<int64_t>(rank)) + ".");
    }
  }
  return Status::Ok();
}

Status CheckTensor(const aclTensor* tensor, const char* api) {
  if (tensor == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::RuntimeError(api, "argument 'tensor' is NULL."));
  }
  return Status::Ok();
}

// array_arg / count_arg: CANN's names of the two output parameters, for the message.
Status CopyOut(const std::vector<int64_t>& values, int64_t** array, uint64_t* count, const char* api,
               const char* array_arg, const char* count_arg) {
  if (array == nullptr || count == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::RuntimeError(api, std::string("argument '") +
                                                                      (array == nullptr ? array_arg : count_arg) +
                                                                      "' is NULL."));
  }
  *array = new int64_t[values.size()];
  std::copy(values.begin(), values.end(), *array);
  *count = values.size();
  return Status::Ok();
}

Status CheckExecutor(aclOpExecutor* executor, const char* api) {
  if (executor == nullptr) {
    return Status(ACLNN_ERR_INNER_NULLPTR, msg::RuntimeError(api, "argument 'executor' is NULL."));
  }
  if (!IsLiveExecutor(executor)) {
    return Status(ACLNN_ERR_INNER, msg::RuntimeError(api, "argument 'executor' is not a live executor (already run "
                                                          "once without being repeatable, or destroyed)."));
  }
  return Status::Ok();
}

}  // namespace

Status CreateTensor(const int64_t* view_dims, uint64_t view_rank, int32_t dtype, const int64_t* strides,
                    int64_t offset, int32_t format, const int64_t* storage_dims, uint64_t storage_rank, void* data,
                    aclTensor** tensor) {
  *tensor = nullptr;
  OPENACLNN_RETURN_IF_ERROR(CheckDims(view_dims, view_rank, "viewDims", "viewDimsNum"));
  OPENACLNN_RETURN_IF_ERROR(CheckDims(storage_dims, storage_rank, "storageDims", "storageDimsNum"));
  auto created = std::make_unique<aclTensor>();
  created->view_dims.assign(view_dims, view_dims + view_rank);
  created->storage_dims.assign(storage_dims, storage_dims + storage_rank);
  if (strides != nullptr) {
    created->strides.assign(strides, strides + view_rank);
  } else {
    // Contiguous row-major strides; a product past int64 cannot describe addressable memory.
    created->strides.assign(view_rank, 1);
    int64_t running = 1;
    for (uint64_t i = view_rank; i-- > 0;) {
      created->strides[i] = running;
      if (view_dims[i] > 1 && __builtin_mul_overflow(running, view_dims[i], &running)) {
        return CreateError("argument 'viewDims' is " + msg::ShapeText(view_dims, static_cast<int64_t>(view_rank)) +
                           ": its contiguous strides overflow int64.");
      }
    }
  }
  created->offset = offset;
  created->dtype_value = dtype;
  created->format = format;
  created->data = data;
  LiveRegistry<aclTensor>::Of().Insert(created.get());
  *tensor = created.release();
  return Status::Ok();
}

Status DestroyTensor(const aclTensor* tensor) {
  if (tensor == nullptr) {
    return Status::Ok();
  }
  if (!LiveRegistry<aclTensor>::Of().Erase(tensor)) {
    return Status(ACLNN_ERR_PARAM_INVALID, msg::RuntimeError("aclDestroyTensor", "argument 'tensor' is not a live "
                                                                                 "tensor (already destroyed?)."));
  }
  delete tensor;
  return Status::Ok();
}

Status GetViewShape(const aclTensor* tensor, int64_t** dims, uint64_t* rank) {
  OPENACLNN_RETURN_IF_ERROR(CheckTensor(tensor, "aclGetViewShape"));
  return CopyOut(tensor->view_dims, dims, rank, "aclGetViewShape", "viewDims", "viewDimsNum");
}

Status GetStorageShape(const aclTensor* tensor, int64_t** dims, uint64_t* rank) {
  OPENACLNN_RETURN_IF_ERROR(CheckTensor(tensor, "aclGetStorageShape"));
  return CopyOut(tensor->storage_dims, dims, rank, "aclGetStorageShape", "storageDims", "storageDimsNum");
}

Status GetViewStrides(const aclTensor* tensor, int64_t** strides, uint64_t* count) {
  OPENACLNN_RETURN_IF_ERROR(CheckTensor(tensor, "aclGetViewStrides"));
  return CopyOut(tensor->strides, strides, count, "aclGetViewStrides", "stridesValue", "stridesNum");
}

Status GetViewOffset(const aclTensor* tensor, int64_t* offset) {
  OPENACLNN_RETURN_IF_ERROR(CheckTensor(tensor, "aclGetViewOffset"));
  if (offset == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::RuntimeError("aclGetViewOffset", "argument 'offset' is NULL."));
  }
  *offset = tensor->offset;
  return Status::Ok();
}

Status GetFormat(const aclTensor* tensor, aclFormat* format) {
  OPENACLNN_RETURN_IF_ERROR(CheckTensor(tensor, "aclGetFormat"));
  if (format == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::RuntimeError("aclGetFormat", "argument 'format' is NULL."));
  }
  std::memcpy(format, &tensor->format, sizeof(*format));  // The caller's value, in or out of range.
  return Status::Ok();
}

Status GetDataType(const aclTensor* tensor, aclDataType* dtype) {
  OPENACLNN_RETURN_IF_ERROR(CheckTensor(tensor, "aclGetDataType"));
  if (dtype == nullptr) {
    return Status(ACLNN_ERR_PARAM_NULLPTR, msg::RuntimeError("aclGetDataType", "argument 'dataType' is NULL."));
  }
  std::memcpy(dtype, &tensor->dtype_value, sizeof(*dtype));  // The caller's value, in or out of range.
  return Status::Ok();
}

Status SetExecutorRepeatable(aclOpExecutor* executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckExecutor(executor, "aclSetAclOpExecutorRepeatable"));
  executor->repeatable = true;
  return Status::Ok();
}

Status DestroyExecutorHandle(aclOpExecutor* executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckExecutor(executor, "aclDestroyAclOpExecutor"));
  DestroyExecutor(executor);
  return Status::Ok();
}

}  // namespace openaclnn
