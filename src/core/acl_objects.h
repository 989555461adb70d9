// The definitions behind the opaque helper handles of acl_meta.h (aclScalar, the arrays and the lists): plain
// copies of what the caller gave at creation.
#ifndef OPENACLNN_CORE_ACL_OBJECTS_H_
#define OPENACLNN_CORE_ACL_OBJECTS_H_

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"

// Global namespace: the public headers declare these structs.
struct aclScalar {
  int32_t dtype_value = ACL_DT_UNDEFINED;  // The caller's int, as for aclTensor.
  int64_t bytes = 0;                       // How many of `value`'s bytes the data type holds.
  alignas(16) unsigned char value[16] = {};
};

struct aclIntArray {
  std::vector<int64_t> values;
};

struct aclFloatArray {
  std::vector<float> values;
};

struct aclBoolArray {
  std::vector<bool> values;
};

struct aclTensorList {
  std::vector<const aclTensor*> tensors;  // Owned: destroyed with the list. May hold NULL entries.
};

struct aclScalarList {
  std::vector<const aclScalar*> scalars;  // Owned: destroyed with the list. May hold NULL entries.
};

#endif  // OPENACLNN_CORE_ACL_OBJECTS_H_
