// CANN's check order (POINTWISE-LOSS-FACTS 8), then the plan of the pointwise engine. CANN also accepts integer
// inputs here (INT64 results, and integer/float mixes that promote to a float type); this implementation takes
// FLOAT, FLOAT16 and BFLOAT16 only and refuses the rest with 161002 naming the argument (docs/l1_loss.md).
#include "ops/l1_loss/l1_loss.h"

#include <vector>

#include "core/reduction.h"
#include "framework/two_phase.h"
#include "ops/l1_loss/l1_loss_kernels.h"
#include "ops/pointwise/checks.h"
#include "ops/pointwise/engine.h"

namespace openaclnn::l1_loss {
namespace {

using namespace pointwise;  // NOLINT(build/namespaces): the check helpers read as CANN's check list.

Status ValidateForward(const ForwardArgs& a) {
  constexpr const char* kApi = kForwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(kApi, a.reduction));  // CANN checks the reduction first here.
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsWith(kApi, *a.target, "target", a.self->view_dims, "self's shape"));
  const std::vector<int64_t> shape = BroadcastShape({a.self, a.target});
  OPENACLNN_RETURN_IF_ERROR(CheckShapeCount(kApi, shape, "target"));
  const bool reduced = a.reduction != static_cast<int64_t>(Reduction::kNone);
  if (!reduced) {
    OPENACLNN_RETURN_IF_ERROR(CheckShapeIs(kApi, *a.out, "out", shape, "the broadcast of self and target"));
  } else {
    OPENACLNN_RETURN_IF_ERROR(CheckShapeIs(kApi, *a.out, "out", {}, "0-d, for reduction 1 (mean) or 2 (sum)"));
  }
  const bool reads = !a.self->empty() && !a.target->empty();
  if (reads) {
    OPENACLNN_RETURN_IF_ERROR(CheckReadLayouts(kApi, {{"self", a.self}, {"target", a.target}}));
  }
  // An empty input writes nothing for none, and the NaN (mean) or 0 (sum) into out otherwise.
  return reads || reduced ? CheckWriteLayout(kApi, *a.out, "out") : Status::Ok();
}

Status ValidateBackward(const BackwardArgs& a) {
  constexpr const char* kApi = kBackwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "gradInput"));
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(kApi, a.reduction));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "gradInput"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.out, "gradInput"));
  OPENACLNN_RETURN_IF_ERROR(
      CheckBroadcastsWith(kApi, *a.grad_output, "gradOutput", a.self->view_dims, "self's shape"));
  const std::vector<int64_t> inner = BroadcastShape({a.grad_output, a.self});
  OPENACLNN_RETURN_IF_ERROR(
      CheckBroadcastsWith(kApi, *a.target, "target", inner, "the broadcast of self and gradOutput"));
  const std::vector<int64_t> shape = BroadcastShape({a.grad_output, a.self, a.target});
  OPENACLNN_RETURN_IF_ERROR(
      CheckShapeIs(kApi, *a.out, "gradInput", shape, "the broadcast of gradOutput, self and target"));
  if (a.out->empty()) {
    return Status::Ok();  // An empty input: nothing is read or written.
  }
  OPENACLNN_RETURN_IF_ERROR(
      CheckReadLayouts(kApi, {{"gradOutput", a.grad_output}, {"self", a.self}, {"target", a.target}}));
  return CheckWriteLayout(kApi, *a.out, "gradInput");
}

}  // namespace

Status ForwardGetWorkspaceSize(const ForwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kForwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateForward(args));
  const ForwardCall call{kForwardPhase2Api, args.self, args.target, args.reduction, args.out, &L1Kernels()};
  return FinishPhase1(kForwardPhase2Api, PlanForward(call), workspace_size, executor);
}

Status BackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kBackwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBackward(args));
  // 1 / N for mean with N the element count of the broadcast (gradInput's), computed in double and rounded once.
  const bool mean = args.reduction == static_cast<int64_t>(Reduction::kMean);
  const float scale = mean ? static_cast<float>(1.0 / static_cast<double>(args.out->numel())) : 1.0f;
  const BackwardCall call{kBackwardPhase2Api, args.grad_output, args.self, args.target, scale, args.out,
                          &L1Kernels()};
  return FinishPhase1(kBackwardPhase2Api, PlanBackward(call), workspace_size, executor);
}

}  // namespace openaclnn::l1_loss
