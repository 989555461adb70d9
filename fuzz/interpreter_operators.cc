// Operator calls of a fuzz interpreter: both phases of each operator (the NLL and BCE pairs, the NLL2d pair, the
// four softmax operators, the cross-entropy pair, the three BCE-with-logits and three KL-divergence operators, the
// logit pair and every pointwise loss of the test registry), executor reuse and destruction, and the check that a
// run writes nothing outside its outputs.
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>
#include <unordered_set>

#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_target_backward.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_kl_div.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_kl_div_target_backward.h"
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "interpreter.h"
#include "pointwise_registry.h"
#include "value_tables.h"

namespace openaclnn::fuzz {
namespace {

constexpr const char* kNllPhase1Api = "aclnnNLLLossBackwardGetWorkspaceSize";
constexpr const char* kBcePhase1Api = "aclnnBinaryCrossEntropyBackwardGetWorkspaceSize";
constexpr const char* kNllForwardPhase1Api = "aclnnNLLLossGetWorkspaceSize";
constexpr const char* kBceForwardPhase1Api = "aclnnBinaryCrossEntropyGetWorkspaceSize";
constexpr const char* kNll2dPhase1Api = "aclnnNLLLoss2dGetWorkspaceSize";
constexpr const char* kNll2dBackwardPhase1Api = "aclnnNLLLoss2dBackwardGetWorkspaceSize";

constexpr uint64_t kMaxWorkspace = uint64_t{1} << 20;
constexpr int64_t kMaxObservedElements = int64_t{1} << 16;
// Runs are observed (memory compared before and after) while the live buffers hold at most this many bytes in all.
constexpr size_t kMaxObservedBytes = size_t{8} << 20;
constexpr size_t kComparePieceBytes = 4096;
// A run that visits more elements is not made: zero strides let a tensor in a small buffer hold any number of
// elements (an output of one element for the forward reductions), and running those is correct but can take
// longer than the fuzzer's per-input timeout. The backward operators' outputs bound their runs by buffer sizes.
constexpr int64_t kMaxRunElements = int64_t{1} << 20;

bool UseNullOutput(uint8_t null_outputs, uint8_t which) {
  return (null_outputs & 0xfc) == 0xfc && (null_outputs & which) != 0;
}

// Phase 2 of each operator, in OperatorApi order.
constexpr test::Phase2 kOperatorPhase2[] = {
    aclnnNLLLossBackward, aclnnBinaryCrossEntropyBackward, aclnnNLLLoss,        aclnnBinaryCrossEntropy,
    aclnnNLLLoss2d,       aclnnNLLLoss2dBackward,          aclnnSoftmax,        aclnnLogSoftmax,
    aclnnSoftmaxBackward, aclnnLogSoftmaxBackward, aclnnCrossEntropyLoss, aclnnCrossEntropyLossGrad,
    aclnnBinaryCrossEntropyWithLogits, aclnnBinaryCrossEntropyWithLogitsBackward,
    aclnnBinaryCrossEntropyWithLogitsTargetBackward, aclnnKlDiv, aclnnKlDivBackward, aclnnKlDivTargetBackward,
    aclnnLogit, aclnnLogitGrad};
static_assert(sizeof(kOperatorPhase2) / sizeof(kOperatorPhase2[0]) == static_cast<size_t>(OperatorApi::kCount));

const char* Phase2Name(OperatorApi api) {
  switch (api) {
    case OperatorApi::kNll: return "aclnnNLLLossBackward";
    case OperatorApi::kBce: return "aclnnBinaryCrossEntropyBackward";
    case OperatorApi::kNllForward: return "aclnnNLLLoss";
    case OperatorApi::kBceForward: return "aclnnBinaryCrossEntropy";
    case OperatorApi::kNll2d: return "aclnnNLLLoss2d";
    case OperatorApi::kNll2dBackward: return "aclnnNLLLoss2dBackward";
    case OperatorApi::kSoftmax: return "aclnnSoftmax";
    case OperatorApi::kLogSoftmax: return "aclnnLogSoftmax";
    case OperatorApi::kSoftmaxBackward: return "aclnnSoftmaxBackward";
    case OperatorApi::kLogSoftmaxBackward: return "aclnnLogSoftmaxBackward";
    case OperatorApi::kCrossEntropy: return "aclnnCrossEntropyLoss";
    case OperatorApi::kCrossEntropyGrad: return "aclnnCrossEntropyLossGrad";
    case OperatorApi::kBceWithLogits: return "aclnnBinaryCrossEntropyWithLogits";
    case OperatorApi::kBceWithLogitsBackward: return "aclnnBinaryCrossEntropyWithLogitsBackward";
    case OperatorApi::kBceWithLogitsTargetBackward: return "aclnnBinaryCrossEntropyWithLogitsTargetBackward";
    case OperatorApi::kKlDiv: return "aclnnKlDiv";
    case OperatorApi::kKlDivBackward: return "aclnnKlDivBackward";
    case OperatorApi::kKlDivTargetBackward: return "aclnnKlDivTargetBackward";
    case OperatorApi::kLogit: return "aclnnLogit";
    case OperatorApi::kLogitGrad: return "aclnnLogitGrad";
    case OperatorApi::kCount: break;
  }
  return "";
}

// A phase 2 entry point and the name its messages carry.
struct Phase2Choice {
  std::string name;
  test::Phase2 run = nullptr;
};

Phase2Choice OperatorPhase2(OperatorApi api) {
  return {Phase2Name(api), kOperatorPhase2[static_cast<size_t>(api)]};
}

// A registry loss's phase 2 in one direction; an entry without a backward (aclnnMseLossOut) has only its forward.
Phase2Choice PointwisePhase2(const test::PointwiseLoss& loss, bool backward) {
  if (backward && loss.backward_phase2 != nullptr) {
    return {"aclnn" + loss.name + "Backward", loss.backward_phase2};
  }
  return {"aclnn" + loss.name, loss.forward_phase2};
}

// The phase 2 that RunExecutorArgs::wrong_api picks for an executor slot; 0 is always the slot's own.
//   - The operators of OperatorApi: wrong_api % 4 flips the bits of OperatorApi (as the seeds have always meant it);
//     with bit 2 set, the phase 2 of registry loss wrong_api / 8 instead (seeds written before the pointwise
//     losses use only 0..3, so they keep their meaning).
//   - A pointwise loss: bit 0 the next registry loss, bit 1 the other direction; with bit 2 set, the phase 2 of
//     OperatorApi(wrong_api / 8) instead.
Phase2Choice ChoosePhase2(const ExecutorSlot& slot, uint8_t wrong_api) {
  const std::vector<test::PointwiseLoss>& losses = test::PointwiseLosses();
  const bool other_family = (wrong_api & 4) != 0;
  if (slot.pointwise_loss < 0) {
    if (other_family) {
      return PointwisePhase2(losses[(wrong_api / 8u) % losses.size()], (wrong_api & 1) != 0);
    }
    const auto flipped = static_cast<uint8_t>(static_cast<uint8_t>(slot.api) ^ (wrong_api % 4));
    return OperatorPhase2(static_cast<OperatorApi>(flipped % static_cast<uint8_t>(OperatorApi::kCount)));
  }
  if (other_family) {
    return OperatorPhase2(static_cast<OperatorApi>((wrong_api / 8u) % static_cast<uint8_t>(OperatorApi::kCount)));
  }
  const size_t index = (static_cast<size_t>(slot.pointwise_loss) + (wrong_api & 1)) % losses.size();
  return PointwisePhase2(losses[index], slot.pointwise_backward != ((wrong_api & 2) != 0));
}

// The elements a pointwise loss visits: its operands broadcast (right-aligned, the larger dim of each pair, so an
// overestimate where the shapes do not broadcast and phase 1 refuses anyway), saturating at INT64_MAX.
int64_t BroadcastElementCount(const std::vector<const ViewLayout*>& operands) {
  std::vector<int64_t> shape;
  for (const ViewLayout* operand : operands) {
    const std::vector<int64_t>& dims = operand->dims;
    if (dims.size() > shape.size()) {
      shape.insert(shape.begin(), dims.size() - shape.size(), 1);
    }
    const size_t skip = shape.size() - dims.size();
    for (size_t i = 0; i < dims.size(); ++i) {
      shape[skip + i] = std::max(shape[skip + i], dims[i]);
    }
  }
  return ElementCount(shape);
}

void ExpectNoSuccessWithNullOutputs(int32_t status, uint8_t null_outputs, const char* api) {
  if (status == 0 && UseNullOutput(null_outputs, kNullWorkspaceSize | kNullExecutor)) {
    Fail(std::string(api) + " succeeded with a NULL workspaceSize or executor");
  }
}

uint64_t* WorkspaceSizeOutput(uint8_t null_outputs, uint64_t* workspace) {
  return UseNullOutput(null_outputs, kNullWorkspaceSize) ? nullptr : workspace;
}

aclOpExecutor** ExecutorOutput(uint8_t null_outputs, aclOpExecutor** executor) {
  return UseNullOutput(null_outputs, kNullExecutor) ? nullptr : executor;
}

}  // namespace

void Interpreter::NllPhase1(const NllPhase1Args& args) { NllBackwardCall(args, /*maps=*/false); }

void Interpreter::Nll2dBackwardPhase1(const NllPhase1Args& args) { NllBackwardCall(args, /*maps=*/true); }

void Interpreter::NllBackwardCall(const NllPhase1Args& args, bool maps) {
  CallTensors call;
  ViewLayout out;
  const aclTensor* grad = TensorArg(args.tensors[0], &call);
  const aclTensor* self = TensorArg(args.tensors[1], &call);
  const aclTensor* target = TensorArg(args.tensors[2], &call);
  const aclTensor* weight = TensorArg(args.tensors[3], &call);
  const aclTensor* total_weight = TensorArg(args.tensors[4], &call);
  const aclTensor* out_tensor = TensorArg(args.tensors[5], &call, &out);
  if (!call.usable) {
    return;
  }
  uint64_t workspace = 7;
  aclOpExecutor* executor = nullptr;
  const char* api = maps ? kNll2dBackwardPhase1Api : kNllPhase1Api;
  const int32_t status =
      maps ? aclnnNLLLoss2dBackwardGetWorkspaceSize(
                 grad, self, target, weight, ReductionFromByte(args.reduction), IgnoreIndexFromByte(args.ignore_index),
                 const_cast<aclTensor*>(total_weight), const_cast<aclTensor*>(out_tensor),
                 WorkspaceSizeOutput(args.null_outputs, &workspace), ExecutorOutput(args.null_outputs, &executor))
           : aclnnNLLLossBackwardGetWorkspaceSize(
                 grad, self, target, weight, ReductionFromByte(args.reduction), IgnoreIndexFromByte(args.ignore_index),
                 total_weight, const_cast<aclTensor*>(out_tensor), WorkspaceSizeOutput(args.null_outputs, &workspace),
                 ExecutorOutput(args.null_outputs, &executor));
  ExpectNoSuccessWithNullOutputs(status, args.null_outputs, api);
  FinishPhase1(status, api, maps ? OperatorApi::kNll2dBackward : OperatorApi::kNll, executor, workspace,
               std::move(call), {out});
}

void Interpreter::BcePhase1(const BcePhase1Args& args) {
  CallTensors call;
  ViewLayout out;
  const aclTensor* grad = TensorArg(args.tensors[0], &call);
  const aclTensor* self = TensorArg(args.tensors[1], &call);
  const aclTensor* target = TensorArg(args.tensors[2], &call);
  const aclTensor* weight = TensorArg(args.tensors[3], &call);
  const aclTensor* out_tensor = TensorArg(args.tensors[4], &call, &out);
  if (!call.usable) {
    return;
  }
  uint64_t workspace = 7;
  aclOpExecutor* executor = nullptr;
  const int32_t status = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(
      grad, self, target, weight, ReductionFromByte(args.reduction), const_cast<aclTensor*>(out_tensor),
      WorkspaceSizeOutput(args.null_outputs, &workspace), ExecutorOutput(args.null_outputs, &executor));
  ExpectNoSuccessWithNullOutputs(status, args.null_outputs, kBcePhase1Api);
  FinishPhase1(status, kBcePhase1Api, OperatorApi::kBce, executor, workspace, std::move(call), {out});
}

void Interpreter::NllForwardPhase1(const NllForwardPhase1Args& args) { NllForwardCall(args, /*maps=*/false); }

void Interpreter::Nll2dPhase1(const NllForwardPhase1Args& args) { NllForwardCall(args, /*maps=*/true); }

void Interpreter::NllForwardCall(const NllForwardPhase1Args& args, bool maps) {
  CallTensors call;
  ViewLayout out;
  ViewLayout total_weight;
  const aclTensor* self = TensorArg(args.tensors[0], &call);
  const aclTensor* target = TensorArg(args.tensors[1], &call);
  const aclTensor* weight = TensorArg(args.tensors[2], &call);
  const aclTensor* out_tensor = TensorArg(args.tensors[3], &call, &out);
  const aclTensor* total_weight_tensor = TensorArg(args.tensors[4], &call, &total_weight);
  if (!call.usable) {
    return;
  }
  const int64_t reduction = ReductionFromByte(args.reduction);
  uint64_t workspace = 7;
  aclOpExecutor* executor = nullptr;
  const auto get_workspace_size = maps ? aclnnNLLLoss2dGetWorkspaceSize : aclnnNLLLossGetWorkspaceSize;
  const char* api = maps ? kNll2dPhase1Api : kNllForwardPhase1Api;
  const int32_t status = get_workspace_size(
      self, target, weight, reduction, IgnoreIndexFromByte(args.ignore_index), const_cast<aclTensor*>(out_tensor),
      const_cast<aclTensor*>(total_weight_tensor), WorkspaceSizeOutput(args.null_outputs, &workspace),
      ExecutorOutput(args.null_outputs, &executor));
  ExpectNoSuccessWithNullOutputs(status, args.null_outputs, api);
  // totalWeightOut is written for mean and sum only (docs/nll_loss.md): for none, a write to it is caught.
  std::vector<ViewLayout> outs = {out};
  if (reduction != 0) {
    outs.push_back(total_weight);
  }
  FinishPhase1(status, api, maps ? OperatorApi::kNll2d : OperatorApi::kNllForward, executor, workspace,
               std::move(call), std::move(outs));
}

void Interpreter::BceForwardPhase1(const BceForwardPhase1Args& args) {
  CallTensors call;
  ViewLayout out;
  const aclTensor* self = TensorArg(args.tensors[0], &call);
  const aclTensor* target = TensorArg(args.tensors[1], &call);
  const aclTensor* weight = TensorArg(args.tensors[2], &call);
  const aclTensor* out_tensor = TensorArg(args.tensors[3], &call, &out);
  if (!call.usable) {
    return;
  }
  uint64_t workspace = 7;
  aclOpExecutor* executor = nullptr;
  const int32_t status = aclnnBinaryCrossEntropyGetWorkspaceSize(
      self, target, weight, ReductionFromByte(args.reduction), const_cast<aclTensor*>(out_tensor),
      WorkspaceSizeOutput(args.null_outputs, &workspace), ExecutorOutput(args.null_outputs, &executor));
  ExpectNoSuccessWithNullOutputs(status, args.null_outputs, kBceForwardPhase1Api);
  FinishPhase1(status, kBceForwardPhase1Api, OperatorApi::kBceForward, executor, workspace, std::move(call), {out});
}

void Interpreter::SoftmaxPhase1(const SoftmaxPhase1Args& args) {
  static const char* const kApis[] = {"aclnnSoftmaxGetWorkspaceSize", "aclnnLogSoftmaxGetWorkspaceSize",
                                      "aclnnSoftmaxBackwardGetWorkspaceSize",
                                      "aclnnLogSoftmaxBackwardGetWorkspaceSize"};
  static const OperatorApi kOps[] = {OperatorApi::kSoftmax, OperatorApi::kLogSoftmax, OperatorApi::kSoftmaxBackward,
                                     OperatorApi::kLogSoftmaxBackward};
  const int kind = args.kind % 4;
  const bool backward = kind >= 2;
  CallTensors call;
  ViewLayout out;
  const aclTensor* first = TensorArg(args.tensors[0], &call);
  const aclTensor* second = TensorArg(args.tensors[1], &call, backward ? nullptr : &out);
  const aclTensor* third = backward ? TensorArg(args.tensors[2], &call, &out) : nullptr;
  if (!call.usable) {
    return;
  }
  const auto dim = static_cast<int64_t>(static_cast<int8_t>(args.dim));
  uint64_t workspace = 7;
  aclOpExecutor* executor = nullptr;
  uint64_t* workspace_output = WorkspaceSizeOutput(args.null_outputs, &workspace);
  aclOpExecutor** executor_output = ExecutorOutput(args.null_outputs, &executor);
  aclTensor* out_tensor = const_cast<aclTensor*>(backward ? third : second);
  int32_t status = 0;
  switch (kind) {
    case 0: status = aclnnSoftmaxGetWorkspaceSize(first, dim, out_tensor, workspace_output, executor_output); break;
    case 1: status = aclnnLogSoftmaxGetWorkspaceSize(first, dim, out_tensor, workspace_output, executor_output); break;
    case 2:
      status = aclnnSoftmaxBackwardGetWorkspaceSize(first, second, dim, out_tensor, workspace_output, executor_output);
      break;
    default:
      status =
          aclnnLogSoftmaxBackwardGetWorkspaceSize(first, second, dim, out_tensor, workspace_output, executor_output);
      break;
  }
  ExpectNoSuccessWithNullOutputs(status, args.null_outputs, kApis[kind]);
  FinishPhase1(status, kApis[kind], kOps[kind], executor, workspace, std::move(call), {out});
}

void Interpreter::PointwisePhase1(const PointwisePhase1Args& args) {
  const std::vector<test::PointwiseLoss>& losses = test::PointwiseLosses();
  const size_t index = args.loss % losses.size();
  const test::PointwiseLoss& loss = losses[index];
  const bool backward = args.backward % 2 == 1 && loss.backward_phase1 != nullptr;
  CallTensors call;
  ViewLayout grad_layout;
  ViewLayout self_layout;
  ViewLayout target_layout;
  ViewLayout out;
  const aclTensor* grad = backward ? TensorArg(args.tensors[0], &call, &grad_layout) : nullptr;
  const aclTensor* self = TensorArg(args.tensors[1], &call, &self_layout);
  const aclTensor* target = TensorArg(args.tensors[2], &call, &target_layout);
  aclTensor* out_tensor = const_cast<aclTensor*>(TensorArg(args.tensors[3], &call, &out));
  if (!call.usable) {
    return;
  }
  // Broadcasting lets a run visit more elements than any one of its tensors holds.
  call.max_elements = std::max(call.max_elements,
                               BroadcastElementCount({&grad_layout, &self_layout, &target_layout, &out}));
  const int64_t reduction = ReductionFromByte(args.reduction);
  const float parameter = LossParameterFromByte(args.parameter);
  uint64_t workspace = 7;
  aclOpExecutor* executor = nullptr;
  uint64_t* workspace_output = WorkspaceSizeOutput(args.null_outputs, &workspace);
  aclOpExecutor** executor_output = ExecutorOutput(args.null_outputs, &executor);
  const std::string api = backward ? test::BackwardApi(loss) : test::ForwardApi(loss);
  const int32_t status =
      backward ? loss.backward_phase1(grad, self, target, reduction, parameter, out_tensor, workspace_output,
                                      executor_output)
               : loss.forward_phase1(self, target, reduction, parameter, out_tensor, workspace_output,
                                     executor_output);
  ExpectNoSuccessWithNullOutputs(status, args.null_outputs, api.c_str());
  FinishPhase1(status, api.c_str(), OperatorApi::kNll, executor, workspace, std::move(call), {out},
               static_cast<int>(index), backward);
}

void Interpreter::CrossEntropyPhase1(const CrossEntropyPhase1Args& args) {
  const bool grad = args.kind % 2 == 1;
  CallTensors call;
  ViewLayout layouts[7];
  const aclTensor* t[7];
  for (int i = 0; i < 7; ++i) {
    // Forward outputs are slots 3-6, the gradient's slot 6.
    const bool output = grad ? i == 6 : i >= 3;
    t[i] = TensorArg(args.tensors[i], &call, output ? &layouts[i] : nullptr);
  }
  if (!call.usable) {
    return;
  }
  const char* reduction = CrossEntropyReductionFromByte(args.reduction);
  std::string reduction_text = reduction != nullptr ? reduction : "";
  char* reduction_arg = reduction != nullptr ? reduction_text.data() : nullptr;
  const int64_t ignore_index = IgnoreIndexFromByte(args.ignore_index);
  const double label_smoothing = LabelSmoothingFromByte(args.label_smoothing);
  const bool return_zloss = (args.zloss & 1) != 0;
  const double zloss_scale = ZlossScaleFromByte(static_cast<uint8_t>(args.zloss >> 1));
  uint64_t workspace = 7;
  aclOpExecutor* executor = nullptr;
  uint64_t* workspace_output = WorkspaceSizeOutput(args.null_outputs, &workspace);
  aclOpExecutor** executor_output = ExecutorOutput(args.null_outputs, &executor);
  const char* api = grad ? "aclnnCrossEntropyLossGradGetWorkspaceSize" : "aclnnCrossEntropyLossGetWorkspaceSize";
  const int32_t status =
      grad ? aclnnCrossEntropyLossGradGetWorkspaceSize(t[0], t[1], t[2], t[3], t[4], t[5], reduction_arg, ignore_index,
                                                       label_smoothing, zloss_scale, t[6], workspace_output,
                                                       executor_output)
           : aclnnCrossEntropyLossGetWorkspaceSize(t[0], t[1], t[2], reduction_arg, ignore_index, label_smoothing,
                                                   zloss_scale, return_zloss, t[3], t[4], t[5], t[6], workspace_output,
                                                   executor_output);
  ExpectNoSuccessWithNullOutputs(status, args.null_outputs, api);
  // zlossOut is written only with returnZloss, lseForZlossOut only with a scale other than 0: other writes are caught.
  std::vector<ViewLayout> outs;
  if (grad) {
    outs = {layouts[6]};
  } else {
    outs = {layouts[3], layouts[4]};
    if (return_zloss) outs.push_back(layouts[5]);
    if (zloss_scale != 0.0) outs.push_back(layouts[6]);
  }
  FinishPhase1(status, api, grad ? OperatorApi::kCrossEntropyGrad : OperatorApi::kCrossEntropy, executor, workspace,
               std::move(call), std::move(outs));
}

void Interpreter::BceWithLogitsPhase1(const BceWithLogitsPhase1Args& args) {
  static const char* const kApis[] = {"aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize",
                                      "aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize",
                                      "aclnnBinaryCrossEntropyWithLogitsTargetBackwardGetWorkspaceSize"};
  static const OperatorApi kOps[] = {OperatorApi::kBceWithLogits, OperatorApi::kBceWithLogitsBackward,
                                     OperatorApi::kBceWithLogitsTargetBackward};
  const int kind = args.kind % 3;
  CallTensors call;
  ViewLayout layouts[6];
  const aclTensor* t[6] = {};
  for (int i = kind == 0 ? 1 : 0; i < 6; ++i) {  // The forward takes no gradOutput.
    t[i] = TensorArg(args.tensors[i], &call, &layouts[i]);
  }
  if (!call.usable) {
    return;
  }
  // Every operand broadcasts to the output shape, so a run can visit more elements than any one tensor holds.
  call.max_elements = std::max(call.max_elements, BroadcastElementCount({&layouts[0], &layouts[1], &layouts[2],
                                                                         &layouts[3], &layouts[4], &layouts[5]}));
  const int64_t reduction = ReductionFromByte(args.reduction);
  uint64_t workspace = 7;
  aclOpExecutor* executor = nullptr;
  uint64_t* workspace_output = WorkspaceSizeOutput(args.null_outputs, &workspace);
  aclOpExecutor** executor_output = ExecutorOutput(args.null_outputs, &executor);
  aclTensor* out_tensor = const_cast<aclTensor*>(t[5]);
  int32_t status = 0;
  switch (kind) {
    case 0:
      status = aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(t[1], t[2], t[3], t[4], reduction, out_tensor,
                                                                 workspace_output, executor_output);
      break;
    case 1:
      status = aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize(t[0], t[1], t[2], t[3], t[4], reduction,
                                                                         out_tensor, workspace_output, executor_output);
      break;
    default:
      status = aclnnBinaryCrossEntropyWithLogitsTargetBackwardGetWorkspaceSize(
          t[0], t[1], t[2], t[3], t[4], reduction, out_tensor, workspace_output, executor_output);
      break;
  }
  ExpectNoSuccessWithNullOutputs(status, args.null_outputs, kApis[kind]);
  FinishPhase1(status, kApis[kind], kOps[kind], executor, workspace, std::move(call), {layouts[5]});
}

void Interpreter::KlDivPhase1(const KlDivPhase1Args& args) {
  static const char* const kApis[] = {"aclnnKlDivGetWorkspaceSize", "aclnnKlDivBackwardGetWorkspaceSize",
                                      "aclnnKlDivTargetBackwardGetWorkspaceSize"};
  static const OperatorApi kOps[] = {OperatorApi::kKlDiv, OperatorApi::kKlDivBackward,
                                     OperatorApi::kKlDivTargetBackward};
  const int kind = args.kind % 3;
  CallTensors call;
  ViewLayout layouts[4];
  const aclTensor* t[4] = {};
  for (int i = kind == 0 ? 1 : 0; i < 4; ++i) {  // The forward takes no gradOutput.
    t[i] = TensorArg(args.tensors[i], &call, &layouts[i]);
  }
  if (!call.usable) {
    return;
  }
  call.max_elements = std::max(call.max_elements,
                               BroadcastElementCount({&layouts[0], &layouts[1], &layouts[2], &layouts[3]}));
  const int64_t reduction = ReductionFromByte(args.reduction);
  const bool log_target = args.log_target % 2 == 1;
  uint64_t workspace = 7;
  aclOpExecutor* executor = nullptr;
  uint64_t* workspace_output = WorkspaceSizeOutput(args.null_outputs, &workspace);
  aclOpExecutor** executor_output = ExecutorOutput(args.null_outputs, &executor);
  aclTensor* out_tensor = const_cast<aclTensor*>(t[3]);
  int32_t status = 0;
  switch (kind) {
    case 0:
      status = aclnnKlDivGetWorkspaceSize(t[1], t[2], reduction, log_target, out_tensor, workspace_output,
                                          executor_output);
      break;
    case 1:
      status = aclnnKlDivBackwardGetWorkspaceSize(t[0], t[1], t[2], reduction, log_target, out_tensor,
                                                  workspace_output, executor_output);
      break;
    default:
      status = aclnnKlDivTargetBackwardGetWorkspaceSize(t[0], t[1], t[2], reduction, log_target, out_tensor,
                                                        workspace_output, executor_output);
      break;
  }
  ExpectNoSuccessWithNullOutputs(status, args.null_outputs, kApis[kind]);
  FinishPhase1(status, kApis[kind], kOps[kind], executor, workspace, std::move(call), {layouts[3]});
}

void Interpreter::LogitPhase1(const LogitPhase1Args& args) {
  const bool grad = args.kind % 2 == 1;
  CallTensors call;
  ViewLayout layouts[3];
  const int count = grad ? 3 : 2;
  const aclTensor* t[3] = {};
  for (int i = 0; i < count; ++i) {
    t[i] = TensorArg(args.tensors[i], &call, &layouts[i]);
  }
  if (!call.usable) {
    return;
  }
  call.max_elements = std::max(call.max_elements, BroadcastElementCount({&layouts[0], &layouts[1], &layouts[2]}));
  const double eps = EpsFromByte(args.eps);
  uint64_t workspace = 7;
  aclOpExecutor* executor = nullptr;
  uint64_t* workspace_output = WorkspaceSizeOutput(args.null_outputs, &workspace);
  aclOpExecutor** executor_output = ExecutorOutput(args.null_outputs, &executor);
  const char* api = grad ? "aclnnLogitGradGetWorkspaceSize" : "aclnnLogitGetWorkspaceSize";
  const int32_t status =
      grad ? aclnnLogitGradGetWorkspaceSize(t[0], t[1], eps, t[2], workspace_output, executor_output)
           : aclnnLogitGetWorkspaceSize(t[0], eps, t[1], workspace_output, executor_output);
  ExpectNoSuccessWithNullOutputs(status, args.null_outputs, api);
  FinishPhase1(status, api, grad ? OperatorApi::kLogitGrad : OperatorApi::kLogit, executor, workspace,
               std::move(call), {layouts[count - 1]});
}

void Interpreter::FinishPhase1(int32_t status, const char* api, OperatorApi op, aclOpExecutor* executor,
                               uint64_t workspace, CallTensors call, std::vector<ViewLayout> outs,
                               int pointwise_loss, bool pointwise_backward) {
  Expect(status, api);
  if (status != 0) {
    return;
  }
  if (executor == nullptr) {
    Fail(std::string(api) + " succeeded without an executor");
  }
  every_executor_.push_back(executor);
  // A handle the library hands out again is no longer the one an older slot knew.
  for (ExecutorSlot& slot : executors_) {
    if (slot.handle == executor) {
      slot = ExecutorSlot{};
    }
  }
  auto free_slot = std::find_if(std::begin(executors_), std::end(executors_),
                                [](const ExecutorSlot& slot) { return !slot.live; });
  if (free_slot == std::end(executors_)) {
    Expect(aclDestroyAclOpExecutor(executor), "aclDestroyAclOpExecutor");
    return;
  }
  free_slot->handle = executor;
  free_slot->api = op;
  free_slot->pointwise_loss = pointwise_loss;
  free_slot->pointwise_backward = pointwise_backward;
  free_slot->live = true;
  free_slot->repeatable = false;
  free_slot->workspace_size = workspace;
  free_slot->reaches = std::move(call.reaches);
  free_slot->outs = std::move(outs);
  free_slot->max_elements = call.max_elements;
}

bool Interpreter::Runnable(const ExecutorSlot& slot) const {
  if (runtime_->checked_memory) {
    return true;  // Phase 2 re-verifies every extent the run will touch and must refuse the rest.
  }
  for (const ViewReach& reach : slot.reaches) {
    if (reach.kind == Reach::kBytes && !InsideLiveBuffer(reach)) {
      return false;  // Freed since phase 1.
    }
  }
  return true;
}

std::vector<std::vector<uint8_t>> Interpreter::SnapshotBuffers() const {
  std::vector<std::vector<uint8_t>> snapshot(kMaxBuffers);
  for (int i = 0; i < kMaxBuffers; ++i) {
    const BufferSlot& buffer = buffers_[i];
    if (buffer.live) {
      snapshot[i].resize(buffer.size);
      Expect(aclrtMemcpy(snapshot[i].data(), buffer.size, buffer.base, buffer.size, ACL_MEMCPY_DEVICE_TO_HOST),
             "aclrtMemcpy");
    }
  }
  return snapshot;
}

void Interpreter::CheckWritesInsideOut(const ExecutorSlot& slot, const std::vector<std::vector<uint8_t>>& before,
                                   bool launched) const {
  std::unordered_set<uintptr_t> out_bytes;
  for (const ViewLayout& out : launched ? slot.outs : std::vector<ViewLayout>{}) {
    const int64_t element_bytes = out.element_bytes;
    const bool listed = ForEachElement(out, kMaxObservedElements, [&](uintptr_t address) {
      for (int64_t b = 0; b < element_bytes; ++b) {
        out_bytes.insert(address + static_cast<uintptr_t>(b));
      }
    });
    if (!listed && ReachOf(out).kind != Reach::kNothing) {
      return;  // Too large to list; the sanitizers still watch the run.
    }
  }
  const std::vector<std::vector<uint8_t>> after = SnapshotBuffers();
  for (int i = 0; i < kMaxBuffers; ++i) {
    if (before[i].size() != after[i].size()) {
      continue;
    }
    const auto base = reinterpret_cast<uintptr_t>(buffers_[i].base);
    const size_t size = before[i].size();
    // Whole unchanged pieces are skipped at once: byte by byte, megabytes of buffers take seconds under the
    // fuzzer's instrumentation.
    for (size_t piece = 0; piece < size; piece += kComparePieceBytes) {
      const size_t end = std::min(size, piece + kComparePieceBytes);
      if (std::memcmp(before[i].data() + piece, after[i].data() + piece, end - piece) == 0) {
        continue;
      }
      for (size_t b = piece; b < end; ++b) {
        if (before[i][b] != after[i][b] && out_bytes.count(base + b) == 0) {
          Fail(ChoosePhase2(slot, 0).name +
               (launched ? " wrote outside its outputs" : " failed but changed memory") +
               ": byte " + std::to_string(b) + " of buffer " + std::to_string(i));
        }
      }
    }
  }
}

void Interpreter::RunExecutor(const RunExecutorArgs& args) {
  ExecutorSlot& slot = executors_[args.executor % kMaxExecutors];
  const Phase2Choice phase2 = ChoosePhase2(slot, args.wrong_api);
  const char* name = phase2.name.c_str();
  const aclrtStream stream = StreamHandle(args.stream);
  if (slot.handle == nullptr) {
    ExpectFailure(phase2.run(nullptr, 0, nullptr, stream), name);
    return;
  }
  if (!Runnable(slot)) {
    return;  // Its tensors reach freed memory: a correct program never runs it again.
  }
  uint8_t scratch[64] = {};
  void* workspace = nullptr;
  uint64_t workspace_size = 0;
  void* allocated = nullptr;
  const bool own_phase2 = phase2.run == ChoosePhase2(slot, 0).run;
  bool must_fail = !slot.live || !own_phase2;
  bool releases = false;  // A NULL workspace where one is needed releases the executor (DECISIONS 12).
  switch (static_cast<WorkspaceMode>(args.workspace % static_cast<uint8_t>(WorkspaceMode::kCount))) {
    case WorkspaceMode::kNone:
      if (slot.workspace_size > 0) {
        if (slot.workspace_size > kMaxWorkspace ||
            aclrtMalloc(&allocated, slot.workspace_size, ACL_MEM_MALLOC_HUGE_FIRST) != 0) {
          aclGetRecentErrMsg();
          return;
        }
        workspace = allocated;
        workspace_size = slot.workspace_size;
      }
      break;
    case WorkspaceMode::kSmall:
      workspace = scratch;
      workspace_size = sizeof(scratch);
      must_fail = must_fail || slot.workspace_size > sizeof(scratch);
      break;
    case WorkspaceMode::kNullWithSize:
      workspace_size = kMaxWorkspace;
      must_fail = must_fail || slot.workspace_size > 0;
      releases = slot.live && own_phase2 && slot.workspace_size > 0;
      break;
    case WorkspaceMode::kCount: break;
  }
  if (!must_fail && slot.max_elements > kMaxRunElements) {
    if (allocated != nullptr) {
      Expect(aclrtFree(allocated), "aclrtFree");
    }
    return;
  }
  size_t live_bytes = 0;
  for (const BufferSlot& buffer : buffers_) {
    live_bytes += buffer.live ? buffer.size : 0;
  }
  const bool observed = args.observed % 2 == 0 && live_bytes <= kMaxObservedBytes;
  std::vector<std::vector<uint8_t>> before;
  if (observed) {
    SyncDevice();  // Nothing else may be running while memory is compared.
    before = SnapshotBuffers();
  }
  const int32_t status = phase2.run(workspace, workspace_size, slot.handle, stream);
  must_fail ? ExpectFailure(status, name) : Expect(status, name);
  if ((status == 0 && !slot.repeatable) || releases) {
    slot.live = false;
  }
  if (observed) {
    ExpectAnyMessage(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
    CheckWritesInsideOut(slot, before, status == 0);
  }
  if (allocated != nullptr) {
    Expect(aclrtFree(allocated), "aclrtFree");  // Waits for the run.
  }
}

void Interpreter::SetRepeatable(const ExecutorArgs& args) {
  ExecutorSlot& slot = executors_[args.executor % kMaxExecutors];
  const int32_t status = aclSetAclOpExecutorRepeatable(slot.handle);
  if (!slot.live) {
    ExpectFailure(status, "aclSetAclOpExecutorRepeatable");  // NULL, or released and never handed out again.
    return;
  }
  Expect(status, "aclSetAclOpExecutorRepeatable");
  slot.repeatable = slot.repeatable || status == 0;
}

void Interpreter::DestroyExecutor(const ExecutorArgs& args) {
  ExecutorSlot& slot = executors_[args.executor % kMaxExecutors];
  const int32_t status = aclDestroyAclOpExecutor(slot.handle);
  if (!slot.live) {
    ExpectFailure(status, "aclDestroyAclOpExecutor");
    return;
  }
  Expect(status, "aclDestroyAclOpExecutor");
  slot.live = false;
}

}  // namespace openaclnn::fuzz
