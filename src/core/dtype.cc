#include "core/dtype.h"

#include <cstdio>

namespace openaclnn {

int64_t DataTypeSize(aclDataType dtype) {
  switch (dtype) {
    case ACL_BOOL:
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0:
      return 1;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16:
      return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_COMPLEX32:
      return 4;
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_DOUBLE:
    case ACL_COMPLEX64:
      return 8;
    case ACL_COMPLEX128:
      return 16;
    default:
      return 0;
  }
}

const char* DataTypeName(aclDataType dtype) {
  switch (dtype) {
    case ACL_DT_UNDEFINED: return "UNDEFINED";
    case ACL_FLOAT: return "FLOAT";
    case ACL_FLOAT16: return "FLOAT16";
    case ACL_INT8: return "INT8";
    case ACL_INT32: return "INT32";
    case ACL_UINT8: return "UINT8";
    case ACL_INT16: return "INT16";
    case ACL_UINT16: return "UINT16";
    case ACL_UINT32: return "UINT32";
    case ACL_INT64: return "INT64";
    case ACL_UINT64: return "UINT64";
    case ACL_DOUBLE: return "DOUBLE";
    case ACL_BOOL: return "BOOL";
    case ACL_STRING: return "STRING";
    case ACL_COMPLEX64: return "COMPLEX64";
    case ACL_COMPLEX128: return "COMPLEX128";
    case ACL_BF16: return "BFLOAT16";
    case ACL_INT4: return "INT4";
    case ACL_UINT1: return "UINT1";
    case ACL_COMPLEX32: return "COMPLEX32";
    case ACL_HIFLOAT8: return "HIFLOAT8";
    case ACL_FLOAT8_E5M2: return "FLOAT8_E5M2";
    case ACL_FLOAT8_E4M3FN: return "FLOAT8_E4M3FN";
    case ACL_FLOAT8_E8M0: return "FLOAT8_E8M0";
    case ACL_FLOAT6_E3M2: return "FLOAT6_E3M2";
    case ACL_FLOAT6_E2M3: return "FLOAT6_E2M3";
    case ACL_FLOAT4_E2M1: return "FLOAT4_E2M1";
    case ACL_FLOAT4_E1M2: return "FLOAT4_E1M2";
  }
  thread_local char unknown[32];
  std::snprintf(unknown, sizeof(unknown), "UNKNOWN(%d)", static_cast<int>(dtype));
  return unknown;
}

bool IsLossFloatType(aclDataType dtype) {
  return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16;
}

namespace {

bool IsComplex(aclDataType dtype) {
  return dtype == ACL_COMPLEX32 || dtype == ACL_COMPLEX64 || dtype == ACL_COMPLEX128;
}

bool IsFloating(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT:
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_DOUBLE:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0:
    case ACL_FLOAT6_E3M2:
    case ACL_FLOAT6_E2M3:
    case ACL_FLOAT4_E2M1:
    case ACL_FLOAT4_E1M2:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool CanCast(aclDataType from, aclDataType to) {
  if (DataTypeSize(from) == 0 || DataTypeSize(to) == 0) {
    return false;
  }
  if (IsComplex(from) && !IsComplex(to)) {
    return false;
  }
  if (IsFloating(from) && !IsFloating(to) && !IsComplex(to)) {
    return false;
  }
  if (from != ACL_BOOL && to == ACL_BOOL) {
    return false;
  }
  return true;
}

aclDataType PromoteLossFloatTypes(aclDataType a, aclDataType b) {
  if (!IsLossFloatType(a) || !IsLossFloatType(b)) {
    return ACL_DT_UNDEFINED;
  }
  return a == b ? a : ACL_FLOAT;
}

}  // namespace openaclnn
