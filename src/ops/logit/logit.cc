// The generated layer's checks (POINTWISE-LOSS-FACTS 12.1; beyond NULL and the data type list CANN's generated code
// is unverified, and docs/logit.md records what we decided): NULL tensors (161001), each data type in CANN's list
// and all of one type, ranks up to 8, the same shape everywhere (no broadcasting), then the layouts; then the
// pointwise engine with unary terms.
#include "ops/logit/logit.h"

#include "framework/two_phase.h"
#include "ops/logit/logit_kernels.h"
#include "ops/pointwise/checks.h"
#include "ops/pointwise/engine.h"

namespace openaclnn::logit {
namespace {

using namespace pointwise;  // NOLINT(build/namespaces): the check helpers read as CANN's check list.

Status ValidateForward(const aclTensor* input, const aclTensor* out) {
  constexpr const char* kApi = kForwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, input, "input"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *input, "input"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(kApi, *out, "out", *input, "input"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *input, "input"));
  OPENACLNN_RETURN_IF_ERROR(CheckShapeIs(kApi, *out, "out", input->view_dims, "input's shape"));
  if (input->empty()) {
    return Status::Ok();
  }
  OPENACLNN_RETURN_IF_ERROR(CheckReadLayouts(kApi, {{"input", input}}));
  return CheckWriteLayout(kApi, *out, "out");
}

Status ValidateGrad(const aclTensor* x, const aclTensor* dy, const aclTensor* out) {
  constexpr const char* kApi = kGradPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, x, "x"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, dy, "dy"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *x, "x"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *dy, "dy"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(kApi, *dy, "dy", *x, "x"));
  OPENACLNN_RETURN_IF_ERROR(CheckSameType(kApi, *out, "out", *x, "x"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *x, "x"));
  OPENACLNN_RETURN_IF_ERROR(CheckShapeIs(kApi, *dy, "dy", x->view_dims, "x's shape"));
  OPENACLNN_RETURN_IF_ERROR(CheckShapeIs(kApi, *out, "out", x->view_dims, "x's shape"));
  if (x->empty()) {
    return Status::Ok();
  }
  OPENACLNN_RETURN_IF_ERROR(CheckReadLayouts(kApi, {{"x", x}, {"dy", dy}}));
  return CheckWriteLayout(kApi, *out, "out");
}

// The attribute as CANN's float kernels read it.
TermParams ParamsOf(double eps) {
  TermParams params;
  params.eps = static_cast<float>(eps);
  return params;
}

}  // namespace

Status ForwardGetWorkspaceSize(const aclTensor* input, double eps, const aclTensor* out, uint64_t* workspace_size,
                               aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kForwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateForward(input, out));
  // A unary term (no target); out is the caller's output despite the generated signature's const.
  ForwardCall call{kForwardPhase2Api, input, nullptr, 0, const_cast<aclTensor*>(out), &LogitKernels()};
  call.params = ParamsOf(eps);
  return FinishPhase1(kForwardPhase2Api, PlanForward(call), workspace_size, executor);
}

Status GradGetWorkspaceSize(const aclTensor* x, const aclTensor* dy, double eps, const aclTensor* out,
                            uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kGradPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateGrad(x, dy, out));
  BackwardCall call{kGradPhase2Api, dy, x, nullptr, 1.0f, const_cast<aclTensor*>(out), &LogitKernels()};
  call.params = ParamsOf(eps);
  return FinishPhase1(kGradPhase2Api, PlanBackward(call), workspace_size, executor);
}

}  // namespace openaclnn::logit
