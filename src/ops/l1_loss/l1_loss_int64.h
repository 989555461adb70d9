// aclnnL1Loss on integer inputs that promote to INT64 (CANN's INT64 branch, POINTWISE-LOSS-FACTS 8,
// docs/l1_loss.md): |self - target| in two's complement int64 (the subtraction, the absolute value and the sum
// wrap around, as CANN's Sub, Abs and ReduceSum and PyTorch's CPU kernels do), none or sum, stored into out as
// INT64 or rounded once to FLOAT, FLOAT16 or BFLOAT16.
#ifndef OPENACLNN_OPS_L1_LOSS_L1_LOSS_INT64_H_
#define OPENACLNN_OPS_L1_LOSS_L1_LOSS_INT64_H_

#include "core/status.h"
#include "framework/two_phase.h"
#include "ops/pointwise/loss_args.h"

namespace openaclnn::l1_loss {

// Neither self nor target has a floating data type: the call takes CANN's integer rules (ValidateInt64Forward).
bool HasIntegerInputs(const pointwise::ForwardArgs& args);

// CANN's data type rules for integer inputs after its reduction check: mean of two integer inputs is refused;
// the promotion must be INT64 (BOOL, UINT8, INT8, INT16, INT32 or INT64 beside an INT64); out INT64, FLOAT,
// FLOAT16 or BFLOAT16 (ours: CANN also casts to narrower integers, which it does not define); then the shapes and
// layouts every L1 forward checks.
Status ValidateInt64Forward(const char* api, const pointwise::ForwardArgs& args);

Prepared PlanInt64Forward(const char* run_api, const pointwise::ForwardArgs& args);

}  // namespace openaclnn::l1_loss

#endif  // OPENACLNN_OPS_L1_LOSS_L1_LOSS_INT64_H_
