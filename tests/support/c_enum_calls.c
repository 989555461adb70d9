#include "c_enum_calls.h"

aclError MemcpyWithKindValue(void* dst, size_t destMax, const void* src, size_t count, int kind) {
  return aclrtMemcpy(dst, destMax, src, count, (aclrtMemcpyKind)kind);
}

aclError GetMemInfoWithAttrValue(int attr, size_t* free_bytes, size_t* total_bytes) {
  return aclrtGetMemInfo((aclrtMemAttr)attr, free_bytes, total_bytes);
}

aclTensor* CreateTensorWithEnumValues(const int64_t* dims, uint64_t rank, int dtype, int format, void* data) {
  return aclCreateTensor(dims, rank, (aclDataType)dtype, NULL, 0, (aclFormat)format, dims, rank, data);
}

aclnnStatus DataTypeValueOf(const aclTensor* tensor, int* value) {
  aclDataType dtype = ACL_DT_UNDEFINED;
  const aclnnStatus status = aclGetDataType(tensor, &dtype);
  *value = (int)dtype;
  return status;
}

aclnnStatus FormatValueOf(const aclTensor* tensor, int* value) {
  aclFormat format = ACL_FORMAT_UNDEFINED;
  const aclnnStatus status = aclGetFormat(tensor, &format);
  *value = (int)format;
  return status;
}
