#include "bce_with_logits_call.h"

#include <cmath>

#include "aclnnop/aclnn_binary_cross_entropy_with_logits.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_target_backward.h"
#include "pointwise_call.h"

namespace openaclnn::test {
namespace {

aclTensor* Handle(const DeviceTensor* tensor) { return tensor == nullptr ? nullptr : tensor->get(); }

// The value an element of the broadcast `shape` reads from `tensor` (1 where it is absent).
long double ValueAt(const DeviceTensor* tensor, const std::vector<double>& values, const std::vector<int64_t>& shape,
                    int64_t index) {
  if (tensor == nullptr) {
    return 1.0L;
  }
  return values[static_cast<size_t>(BroadcastIndex(tensor->dims(), shape, index))];
}

// softplus(z) = log(1 + exp(z)), the textbook stable form.
long double Softplus(long double z) { return std::fmax(z, 0.0L) + std::log1p(std::exp(-std::fabs(z))); }
long double Sigmoid(long double z) { return 1.0L / (1.0L + std::exp(-z)); }

}  // namespace

const char* BcelOpName(BcelOp op) {
  switch (op) {
    case BcelOp::kForward: return "forward";
    case BcelOp::kBackward: return "backward";
    case BcelOp::kTargetBackward: return "target backward";
  }
  return "";
}

long double BcelLoss(long double x, long double y, long double w, long double pw) {
  // -w [pw y log sigmoid(x) + (1 - y) log(1 - sigmoid(x))], with log sigmoid(x) = -softplus(-x) and
  // log(1 - sigmoid(x)) = -softplus(x); the linear part of the softplus that grows with |x| is taken out, so that
  // targets outside [0, 1] (whose two terms have opposite signs) cancel only what the value itself does.
  const long double log1p_exp = std::log1p(std::exp(-std::fabs(x)));
  const long double linear = x >= 0 ? (1.0L - y) * x : -pw * y * x;
  return w * (linear + (pw * y + 1.0L - y) * log1p_exp);
}

// (pw y + 1 - y) sigmoid(x) - pw y, written with 1 - sigmoid(x) = sigmoid(-x) so that neither side cancels.
long double BcelLossByX(long double x, long double y, long double w, long double pw) {
  return w * ((1.0L - y) * Sigmoid(x) - pw * y * Sigmoid(-x));
}

// pw softplus(-x) - softplus(x), written with softplus(x) = softplus(-x) + x so that it does not cancel near 0.
long double BcelLossByY(long double x, long double, long double w, long double pw) {
  return w * ((pw - 1.0L) * Softplus(-x) - x);
}

int CallBcel(BcelOp op, const BcelTensors& t, int64_t reduction, aclrtStream stream) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  int code = 0;
  switch (op) {
    case BcelOp::kForward:
      code = aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(Handle(t.self), Handle(t.target), Handle(t.weight),
                                                               Handle(t.pos_weight), reduction, Handle(t.out),
                                                               &workspace_size, &executor);
      if (code == 0) code = aclnnBinaryCrossEntropyWithLogits(nullptr, workspace_size, executor, stream);
      break;
    case BcelOp::kBackward:
      code = aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize(
          Handle(t.grad), Handle(t.self), Handle(t.target), Handle(t.weight), Handle(t.pos_weight), reduction,
          Handle(t.out), &workspace_size, &executor);
      if (code == 0) code = aclnnBinaryCrossEntropyWithLogitsBackward(nullptr, workspace_size, executor, stream);
      break;
    case BcelOp::kTargetBackward:
      code = aclnnBinaryCrossEntropyWithLogitsTargetBackwardGetWorkspaceSize(
          Handle(t.grad), Handle(t.self), Handle(t.target), Handle(t.weight), Handle(t.pos_weight), reduction,
          Handle(t.out), &workspace_size, &executor);
      if (code == 0) {
        code = aclnnBinaryCrossEntropyWithLogitsTargetBackward(nullptr, workspace_size, executor, stream);
      }
      break;
  }
  return code != 0 ? code : aclrtSynchronizeStream(stream);
}

std::vector<double> BcelReference(BcelOp op, const BcelTensors& t, int64_t reduction) {
  const std::vector<int64_t>& shape = t.self->dims();
  const int64_t count = t.self->numel();
  const std::vector<double> x = t.self->Read();
  const std::vector<double> y = t.target->Read();
  const std::vector<double> w = t.weight != nullptr ? t.weight->Read() : std::vector<double>{};
  const std::vector<double> pw = t.pos_weight != nullptr ? t.pos_weight->Read() : std::vector<double>{};
  const std::vector<double> g = t.grad != nullptr ? t.grad->Read() : std::vector<double>{};
  std::vector<double> result;
  long double total = 0.0L;
  const long double mean_factor = 1.0L / static_cast<long double>(count);
  for (int64_t i = 0; i < count; ++i) {
    const long double xi = x[static_cast<size_t>(i)], yi = y[static_cast<size_t>(i)];
    const long double wi = ValueAt(t.weight, w, shape, i), pwi = ValueAt(t.pos_weight, pw, shape, i);
    if (op == BcelOp::kForward) {
      const long double term = BcelLoss(xi, yi, wi, pwi);
      if (reduction == 0) {
        result.push_back(static_cast<double>(term));
      } else {
        total += term;
      }
      continue;
    }
    const long double gi = ValueAt(t.grad, g, shape, i);
    const long double derivative =
        op == BcelOp::kBackward ? BcelLossByX(xi, yi, wi, pwi) : BcelLossByY(xi, yi, wi, pwi);
    result.push_back(static_cast<double>(derivative * gi * (reduction == 1 ? mean_factor : 1.0L)));
  }
  if (op == BcelOp::kForward && reduction != 0) {
    result.push_back(static_cast<double>(reduction == 1 ? total / static_cast<long double>(count) : total));
  }
  return result;
}

}  // namespace openaclnn::test
