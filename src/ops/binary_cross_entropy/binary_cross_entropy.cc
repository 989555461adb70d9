// CANN's check orders (CANN-FACTS 3.1 for the backward; the forward follows it where CANN's two differ), then the
// plans of the pointwise engine.
#include "ops/binary_cross_entropy/binary_cross_entropy.h"

#include <string>

#include "aclnn/opdev/op_errno.h"
#include "core/messages.h"
#include "core/reduction.h"
#include "core/tensor_checks.h"
#include "framework/two_phase.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_kernels.h"
#include "ops/pointwise/checks.h"
#include "ops/pointwise/engine.h"
#include "ops/pointwise/mean_scale.h"

namespace openaclnn::binary_cross_entropy {
namespace {

using namespace pointwise;  // NOLINT(build/namespaces): the check helpers read as CANN's check list.

Status Invalid(const char* api, std::string_view arg, std::string_view expected, std::string_view got) {
  return Status(ACLNN_ERR_PARAM_INVALID, msg::InvalidArgument(api, arg, expected, got));
}

std::string ShapeOf(const aclTensor& tensor) {
  return "shape " + msg::ShapeText(tensor.view_dims.data(), tensor.rank());
}

// weight is optional in both directions.
Status CheckOptionalRank(const char* api, const aclTensor* tensor, const char* arg) {
  return tensor == nullptr ? Status::Ok() : CheckRank(api, *tensor, arg);
}
Status CheckOptionalType(const char* api, const aclTensor* tensor, const char* arg) {
  return tensor == nullptr ? Status::Ok() : CheckFloatType(api, *tensor, arg);
}
Status CheckOptionalFormat(const char* api, const aclTensor* tensor, const char* arg, const aclTensor& self) {
  return tensor == nullptr ? Status::Ok() : CheckSameFormat(api, arg, *tensor, "self", self);
}

// Every operand broadcasts to self's shape: it may repeat along self's dimensions, never add to them.
Status CheckBroadcastsToSelf(const char* api, const aclTensor* tensor, const char* arg, const aclTensor& self) {
  if (tensor == nullptr) {
    return Status::Ok();
  }
  if (self.rank() == 0 && tensor->rank() != 0) {
    return Invalid(api, arg, "shape [] (self is a scalar, so " + std::string(arg) + " must be one too)",
                   ShapeOf(*tensor));
  }
  return CheckBroadcastsTo(api, *tensor, arg, self.view_dims, "self's shape");
}

// CANN's order: self, target, out, then the weight if given. CANN also requires target, weight and out to have
// self's type when a weight is given; like the backward we accept any mix of the three float types, since every
// input converts to float exactly and the result is rounded once to out's type.
Status ValidateForward(const ForwardArgs& a) {
  constexpr const char* kApi = kForwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalRank(kApi, a.weight, "weight"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalType(kApi, a.weight, "weight"));
  OPENACLNN_RETURN_IF_ERROR(CheckSameFormat(kApi, "target", *a.target, "self", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalFormat(kApi, a.weight, "weight", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsToSelf(kApi, a.target, "target", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsToSelf(kApi, a.weight, "weight", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(kApi, a.reduction));
  const aclTensor& out = *a.out;
  const bool reduced = a.reduction != static_cast<int64_t>(Reduction::kNone);
  if (!reduced && out.view_dims != a.self->view_dims) {
    return Invalid(kApi, "out", ShapeOf(*a.self) + " (the shape of self) for reduction 0 (none)", ShapeOf(out));
  }
  if (reduced && (out.rank() > 1 || out.numel() != 1)) {
    return Invalid(kApi, "out", "one element (shape [1] or []) for reduction 1 (mean) or 2 (sum)", ShapeOf(out));
  }
  // Only what phase 2 touches: with an empty self, reduction none writes nothing and mean/sum write out alone.
  const bool reads = !a.self->empty();
  if (reads) {
    // The loop plan counts self's elements in int64; zero strides would let a wrapped count pass the extents.
    OPENACLNN_RETURN_IF_ERROR(CheckElementCount(kApi, "self", *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kApi, "self", *a.self));
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kApi, "target", *a.target));
    if (a.weight != nullptr) {
      OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kApi, "weight", *a.weight));
    }
  } else if (!reduced) {
    return Status::Ok();
  }
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kApi, "out", out));
  OPENACLNN_RETURN_IF_ERROR(CheckNoSelfOverlap(kApi, "out", out));
  return CheckTensorsInLiveMemory(kApi, {{"self", a.self}, {"target", reads ? a.target : nullptr},
                                         {"weight", reads ? a.weight : nullptr}, {"out", a.out}});
}

// CANN rank-checks only out; the other tensors are limited by the document too, and a larger one could only pass
// CANN's later broadcast check when self is empty (then nothing is computed). We reject them all, out first. The
// shape checks are skipped entirely for an empty self, as in CANN (nothing is read or written then). CANN's last
// step (promote self, target, gradOutput and weight, then require a cast to out's type) cannot fail once every type
// is one of the three float types, and the promoted type does not change the result either: every input converts
// to float exactly, the arithmetic is float, and the result is rounded once to out's type (DECISIONS 4).
Status ValidateBackward(const BackwardArgs& a) {
  constexpr const char* kApi = kBackwardPhase1Api;
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckNotNull(kApi, a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckRank(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalRank(kApi, a.weight, "weightOptional"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.self, "self"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.grad_output, "gradOutput"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.target, "target"));
  OPENACLNN_RETURN_IF_ERROR(CheckFloatType(kApi, *a.out, "out"));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalType(kApi, a.weight, "weightOptional"));
  // gradOutput and out formats are not compared, as in CANN.
  OPENACLNN_RETURN_IF_ERROR(CheckSameFormat(kApi, "target", *a.target, "self", *a.self));
  OPENACLNN_RETURN_IF_ERROR(CheckOptionalFormat(kApi, a.weight, "weightOptional", *a.self));
  const aclTensor& self = *a.self;
  if (!self.empty()) {
    if (a.out->view_dims != self.view_dims) {
      return Invalid(kApi, "out", ShapeOf(self) + " (the shape of self)", ShapeOf(*a.out));
    }
    OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsToSelf(kApi, a.target, "target", self));
    OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsToSelf(kApi, a.weight, "weightOptional", self));
    OPENACLNN_RETURN_IF_ERROR(CheckBroadcastsToSelf(kApi, a.grad_output, "gradOutput", self));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckReduction(kApi, a.reduction));
  if (self.empty()) {
    return Status::Ok();  // Nothing will be read or written.
  }
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kApi, "gradOutput", *a.grad_output));
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kApi, "self", self));
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kApi, "target", *a.target));
  if (a.weight != nullptr) {
    OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kApi, "weightOptional", *a.weight));
  }
  OPENACLNN_RETURN_IF_ERROR(CheckAddressableLayout(kApi, "out", *a.out));
  OPENACLNN_RETURN_IF_ERROR(CheckNoSelfOverlap(kApi, "out", *a.out));
  return CheckTensorsInLiveMemory(kApi, {{"gradOutput", a.grad_output}, {"self", a.self}, {"target", a.target},
                                         {"weightOptional", a.weight}, {"out", a.out}});  // Checked memory mode.
}

// The kernels for the call: with the weight as the terms' one extra operand, or without it (nothing to read or
// multiply by).
const TermKernels& KernelsFor(const aclTensor* weight) {
  return weight != nullptr ? BinaryCrossEntropyKernels() : BinaryCrossEntropyNoWeightKernels();
}
ExtraOperands WeightOf(const aclTensor* weight) {
  ExtraOperands extras;
  if (weight != nullptr) {
    extras.operand[0] = {weight, 1.0f};
    extras.count = 1;
  }
  return extras;
}

}  // namespace

Status ForwardGetWorkspaceSize(const ForwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kForwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateForward(args));
  // target and weight broadcast to self, so the engine's broadcast shape is self's and the mean divides by
  // numel(self).
  ForwardCall call{kForwardPhase2Api, args.self, args.target, args.reduction, args.out, &KernelsFor(args.weight)};
  call.extras = WeightOf(args.weight);
  return FinishPhase1(kForwardPhase2Api, PlanForward(call), workspace_size, executor);
}

Status BackwardGetWorkspaceSize(const BackwardArgs& args, uint64_t* workspace_size, aclOpExecutor** executor) {
  OPENACLNN_RETURN_IF_ERROR(CheckPhase1Outputs(kBackwardPhase1Api, workspace_size, executor));
  OPENACLNN_RETURN_IF_ERROR(ValidateBackward(args));
  if (args.self->empty()) {
    // Validation skipped the shape checks (as CANN does), so the other operands and out may be larger than self:
    // the engine would walk out's shape over self's empty storage. An empty self reads and writes nothing.
    return FinishPhase1(kBackwardPhase2Api, Prepared{Status::Ok(), nullptr}, workspace_size, executor);
  }
  // The mean's factor: the reciprocal once, in float (DECISIONS 6); numel(self) > 2^24 is itself rounded to float.
  const float scale = MeanScale(args.reduction, args.self->numel(), 1.0f, ScaleArithmetic::kFloat);
  BackwardCall call{kBackwardPhase2Api, args.grad_output, args.self, args.target, scale, args.out,
                    &KernelsFor(args.weight)};
  call.extras = WeightOf(args.weight);
  return FinishPhase1(kBackwardPhase2Api, PlanBackward(call), workspace_size, executor);
}

}  // namespace openaclnn::binary_cross_entropy
