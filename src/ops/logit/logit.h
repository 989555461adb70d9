// aclnnLogit and aclnnLogitGrad behind the C shim: the checks of CANN's generated layer, then the pointwise engine
// with unary terms.
#ifndef OPENACLNN_OPS_LOGIT_LOGIT_H_
#define OPENACLNN_OPS_LOGIT_LOGIT_H_

#include <cstdint>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "core/status.h"

namespace openaclnn::logit {

inline constexpr const char* kForwardPhase1Api = "aclnnLogitGetWorkspaceSize";
inline constexpr const char* kForwardPhase2Api = "aclnnLogit";
inline constexpr const char* kGradPhase1Api = "aclnnLogitGradGetWorkspaceSize";
inline constexpr const char* kGradPhase2Api = "aclnnLogitGrad";

// out is const in CANN's generated signatures; it is the tensor the call writes.
Status ForwardGetWorkspaceSize(const aclTensor* input, double eps, const aclTensor* out, uint64_t* workspace_size,
                               aclOpExecutor** executor);
Status GradGetWorkspaceSize(const aclTensor* x, const aclTensor* dy, double eps, const aclTensor* out,
                            uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace openaclnn::logit

#endif  // OPENACLNN_OPS_LOGIT_LOGIT_H_
