#include "c_enum_calls.h"

aclError MemcpyWithKindValue(void* dst, size_t destMax, const void* src, size_t count, int kind) {
  return aclrtMemcpy(dst, destMax, src, count, (aclrtMemcpyKind)kind);
}

aclError GetMemInfoWithAttrValue(int attr, size_t* free_bytes, size_t* total_bytes) {
  return aclrtGetMemInfo((aclrtMemAttr)attr, free_bytes, total_bytes);
}
