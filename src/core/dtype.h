// Facts about aclDataType values used across validation and planning.
#ifndef OPENACLNN_CORE_DTYPE_H_
#define OPENACLNN_CORE_DTYPE_H_

#include <cstdint>

#include "acl/acl_base.h"

namespace openaclnn {

// Bytes per element; 0 for types we cannot address element by element.
int64_t DataTypeSize(aclDataType dtype);

// CANN's spelling without the ACL_ prefix ("FLOAT", "BFLOAT16", ...), or "UNKNOWN(<n>)" held in a static buffer.
const char* DataTypeName(aclDataType dtype);

// True for FLOAT, FLOAT16 and BFLOAT16: the floating types the loss operators compute on.
bool IsLossFloatType(aclDataType dtype);

// CANN's CanCast: complex only to complex, floating not to integral, nothing but BOOL to BOOL.
bool CanCast(aclDataType from, aclDataType to);

// Promotion among FLOAT, FLOAT16, BFLOAT16 (same+same = same, anything else = FLOAT);
// ACL_DT_UNDEFINED when either side is not one of the three.
aclDataType PromoteLossFloatTypes(aclDataType a, aclDataType b);

}  // namespace openaclnn

#endif  // OPENACLNN_CORE_DTYPE_H_
