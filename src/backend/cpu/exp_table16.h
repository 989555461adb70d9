// det::ExpF at every FLOAT16 or BFLOAT16 value, indexed by the value's 16-bit pattern: a vector kernel whose inputs
// are 16-bit gets exp by a table lookup with the bits the arithmetic gives (the table is built by det::ExpF itself),
// so its results stay the scalar kernels' on every target. Each table is 65,536 floats (256 KiB), built on first use.
#ifndef OPENACLNN_BACKEND_CPU_EXP_TABLE16_H_
#define OPENACLNN_BACKEND_CPU_EXP_TABLE16_H_

#include "acl/acl_base.h"

namespace openaclnn::cpu {

// The table for `type` (ACL_FLOAT16 or ACL_BF16): entry b is det::ExpF of the value whose bits are b. Null for
// other types, or when its memory could not be allocated (the caller then evaluates det::ExpF). Thread-safe.
const float* ExpTable16(aclDataType type);

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_EXP_TABLE16_H_
