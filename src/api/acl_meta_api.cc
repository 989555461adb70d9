// C entry points of aclnn/acl_meta.h and aclnn/aclnn_base.h. No logic here.
#include "aclnn/aclnn_base.h"
#include "api/enum_value.h"
#include "api/guard.h"
#include "framework/meta.h"

using openaclnn::api::EnumValue;
using openaclnn::api::GuardAclnn;

extern "C" {

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                           const int64_t* stride, int64_t offset, aclFormat format, const int64_t* storageDims,
                           uint64_t storageDimsNum, void* tensorData) {
  aclTensor* tensor = nullptr;
  GuardAclnn("aclCreateTensor", [&] {
    return openaclnn::CreateTensor(viewDims, viewDimsNum, EnumValue(dataType), stride, offset, EnumValue(format),
                                   storageDims, storageDimsNum, tensorData, &tensor);
  });
  return tensor;
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
  return GuardAclnn("aclDestroyTensor", [&] { return openaclnn::DestroyTensor(tensor); });
}

aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
  return GuardAclnn("aclGetViewShape", [&] { return openaclnn::GetViewShape(tensor, viewDims, viewDimsNum); });
}

aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims, uint64_t* storageDimsNum) {
  return GuardAclnn("aclGetStorageShape",
                    [&] { return openaclnn::GetStorageShape(tensor, storageDims, storageDimsNum); });
}

aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue, uint64_t* stridesNum) {
  return GuardAclnn("aclGetViewStrides", [&] { return openaclnn::GetViewStrides(tensor, stridesValue, stridesNum); });
}

aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset) {
  return GuardAclnn("aclGetViewOffset", [&] { return openaclnn::GetViewOffset(tensor, offset); });
}

aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
  return GuardAclnn("aclGetFormat", [&] { return openaclnn::GetFormat(tensor, format); });
}

aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
  return GuardAclnn("aclGetDataType", [&] { return openaclnn::GetDataType(tensor, dataType); });
}

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
  return GuardAclnn("aclSetAclOpExecutorRepeatable", [&] { return openaclnn::SetExecutorRepeatable(executor); });
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
  return GuardAclnn("aclDestroyAclOpExecutor", [&] { return openaclnn::DestroyExecutorHandle(executor); });
}

aclnnStatus aclnnInit(const char* configPath) {
  (void)configPath;
  return 0;
}

aclnnStatus aclnnFinalize(void) { return 0; }

}  // extern "C"
