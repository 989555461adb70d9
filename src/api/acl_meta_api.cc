// C entry points of aclnn/acl_meta.h and aclnn/aclnn_base.h. No logic here.
#include "aclnn/aclnn_base.h"
#include "api/enum_value.h"
#include "api/guard.h"
#include "framework/meta.h"
#include "framework/meta_objects.h"

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

aclScalar* aclCreateScalar(void* value, aclDataType dataType) {
  aclScalar* scalar = nullptr;
  GuardAclnn("aclCreateScalar", [&] { return openaclnn::CreateScalar(value, EnumValue(dataType), &scalar); });
  return scalar;
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
  aclIntArray* array = nullptr;
  GuardAclnn("aclCreateIntArray", [&] { return openaclnn::CreateIntArray(value, size, &array); });
  return array;
}

aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size) {
  aclFloatArray* array = nullptr;
  GuardAclnn("aclCreateFloatArray", [&] { return openaclnn::CreateFloatArray(value, size, &array); });
  return array;
}

aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) {
  aclBoolArray* array = nullptr;
  GuardAclnn("aclCreateBoolArray", [&] { return openaclnn::CreateBoolArray(value, size, &array); });
  return array;
}

aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size) {
  aclTensorList* list = nullptr;
  GuardAclnn("aclCreateTensorList", [&] { return openaclnn::CreateTensorList(value, size, &list); });
  return list;
}

aclScalarList* aclCreateScalarList(const aclScalar* const* value, uint64_t size) {
  aclScalarList* list = nullptr;
  GuardAclnn("aclCreateScalarList", [&] { return openaclnn::CreateScalarList(value, size, &list); });
  return list;
}

aclnnStatus aclDestroyScalar(const aclScalar* scalar) {
  return GuardAclnn("aclDestroyScalar", [&] { return openaclnn::DestroyScalar(scalar); });
}

aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
  return GuardAclnn("aclDestroyIntArray", [&] { return openaclnn::DestroyIntArray(array); });
}

aclnnStatus aclDestroyFloatArray(const aclFloatArray* array) {
  return GuardAclnn("aclDestroyFloatArray", [&] { return openaclnn::DestroyFloatArray(array); });
}

aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) {
  return GuardAclnn("aclDestroyBoolArray", [&] { return openaclnn::DestroyBoolArray(array); });
}

aclnnStatus aclDestroyTensorList(const aclTensorList* array) {
  return GuardAclnn("aclDestroyTensorList", [&] { return openaclnn::DestroyTensorList(array); });
}

aclnnStatus aclDestroyScalarList(const aclScalarList* array) {
  return GuardAclnn("aclDestroyScalarList", [&] { return openaclnn::DestroyScalarList(array); });
}

aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size) {
  return GuardAclnn("aclGetIntArraySize", [&] { return openaclnn::GetIntArraySize(array, size); });
}

aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size) {
  return GuardAclnn("aclGetFloatArraySize", [&] { return openaclnn::GetFloatArraySize(array, size); });
}

aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size) {
  return GuardAclnn("aclGetBoolArraySize", [&] { return openaclnn::GetBoolArraySize(array, size); });
}

aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList, uint64_t* size) {
  return GuardAclnn("aclGetTensorListSize", [&] { return openaclnn::GetTensorListSize(tensorList, size); });
}

aclnnStatus aclGetScalarListSize(const aclScalarList* scalarList, uint64_t* size) {
  return GuardAclnn("aclGetScalarListSize", [&] { return openaclnn::GetScalarListSize(scalarList, size); });
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
