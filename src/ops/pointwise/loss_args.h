// The arguments of the pointwise losses whose phase 1 is (self, target, reduction, out) or
// (gradOutput, self, target, reduction, out), as the caller passed them.
#ifndef OPENACLNN_OPS_POINTWISE_LOSS_ARGS_H_
#define OPENACLNN_OPS_POINTWISE_LOSS_ARGS_H_

#include <cstdint>

#include "aclnn/acl_meta.h"

namespace openaclnn::pointwise {

struct ForwardArgs {
  const aclTensor* self;
  const aclTensor* target;
  int64_t reduction;
  aclTensor* out;
};

struct BackwardArgs {
  const aclTensor* grad_output;
  const aclTensor* self;
  const aclTensor* target;
  int64_t reduction;
  aclTensor* out;  // gradInput for the L1 loss.
};

}  // namespace openaclnn::pointwise

#endif  // OPENACLNN_OPS_POINTWISE_LOSS_ARGS_H_
