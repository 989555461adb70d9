#include "torch_reference.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <torch/csrc/autograd/autograd.h>

#include <cstring>
#include <stdexcept>
#include <string>

namespace openaclnn::test {
namespace {

at::ScalarType ScalarTypeOf(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return at::kFloat;
    case ACL_FLOAT16: return at::kHalf;
    case ACL_BF16: return at::kBFloat16;
    case ACL_DOUBLE: return at::kDouble;
    case ACL_INT64: return at::kLong;
    case ACL_INT32: return at::kInt;
    case ACL_UINT8: return at::kByte;
    default: throw std::invalid_argument("no PyTorch type for aclDataType " + std::to_string(dtype));
  }
}

// Values are representable in the target type, so PyTorch's conversion from double is exact.
at::Tensor ToTorch(const TorchOperand& operand) {
  at::Tensor values = at::empty(operand.spec->dims, at::TensorOptions().dtype(at::kDouble));
  if (!operand.spec->values.empty()) {
    std::memcpy(values.data_ptr<double>(), operand.spec->values.data(), operand.spec->values.size() * sizeof(double));
  }
  return values.to(ScalarTypeOf(operand.dtype));
}

std::vector<double> FromTorch(const at::Tensor& result, aclDataType out_dtype) {
  const at::Tensor values = result.to(ScalarTypeOf(out_dtype)).to(at::kDouble).contiguous();
  const auto count = static_cast<size_t>(values.numel());
  std::vector<double> out(count);
  if (count > 0) {
    std::memcpy(out.data(), values.data_ptr<double>(), count * sizeof(double));
  }
  return out;
}

std::vector<double> DoublesOf(const at::Tensor& result) {
  const at::Tensor values = result.to(at::kDouble).contiguous();
  const auto count = static_cast<size_t>(values.numel());
  std::vector<double> out(count);
  if (count > 0) {
    std::memcpy(out.data(), values.data_ptr<double>(), count * sizeof(double));
  }
  return out;
}

c10::optional<at::Tensor> OptionalToTorch(const std::optional<TorchOperand>& operand) {
  if (!operand) {
    return c10::nullopt;
  }
  return ToTorch(*operand);
}

}  // namespace

void ConfigureTorchForTests() { at::set_num_threads(1); }

std::vector<double> TorchNllLossBackward(const TorchOperand& grad, const TorchOperand& self,
                                         const TorchOperand& target, const std::optional<TorchOperand>& weight,
                                         int64_t reduction, int64_t ignore_index, const TorchOperand& total_weight,
                                         aclDataType out_dtype) {
  const at::Tensor self_tensor = ToTorch(self);
  at::Tensor grad_input = at::empty(self_tensor.sizes(), self_tensor.options());
  at::nll_loss_backward_out(grad_input, ToTorch(grad), self_tensor, ToTorch(target), OptionalToTorch(weight),
                            reduction, ignore_index, ToTorch(total_weight));
  return FromTorch(grad_input, out_dtype);
}

std::vector<double> TorchBinaryCrossEntropyBackward(const TorchOperand& grad, const TorchOperand& self,
                                                    const TorchOperand& target,
                                                    const std::optional<TorchOperand>& weight, int64_t reduction,
                                                    aclDataType out_dtype) {
  const at::Tensor self_tensor = ToTorch(self);
  at::Tensor grad_input = at::empty(self_tensor.sizes(), self_tensor.options());
  at::binary_cross_entropy_backward_out(grad_input, ToTorch(grad).expand(self_tensor.sizes()), self_tensor,
                                        ToTorch(target).expand(self_tensor.sizes()), OptionalToTorch(weight),
                                        reduction);
  return FromTorch(grad_input, out_dtype);
}

TorchNllForward TorchNllLossForward(const TorchOperand& self, const TorchOperand& target,
                                    const std::optional<TorchOperand>& weight, int64_t reduction,
                                    int64_t ignore_index) {
  const auto [output, total_weight] =
      at::nll_loss_forward(ToTorch(self), ToTorch(target), OptionalToTorch(weight), reduction, ignore_index);
  return TorchNllForward{DoublesOf(output), total_weight.to(at::kDouble).item<double>()};
}

TorchNllForward TorchNllLoss2dForward(const TorchOperand& self, const TorchOperand& target,
                                      const TorchOperand& weight, int64_t reduction, int64_t ignore_index) {
  const auto [output, total_weight] =
      at::nll_loss2d_forward(ToTorch(self), ToTorch(target), ToTorch(weight), reduction, ignore_index);
  return TorchNllForward{DoublesOf(output), total_weight.to(at::kDouble).item<double>()};
}

std::vector<double> TorchNllLoss2dBackward(const TorchOperand& grad, const TorchOperand& self,
                                           const TorchOperand& target, const TorchOperand& weight,
                                           int64_t reduction, int64_t ignore_index,
                                           const TorchOperand& total_weight, aclDataType out_dtype) {
  return FromTorch(at::nll_loss2d_backward(ToTorch(grad), ToTorch(self), ToTorch(target), ToTorch(weight),
                                           reduction, ignore_index, ToTorch(total_weight)),
                   out_dtype);
}

std::vector<double> TorchSoftmax(const TorchOperand& self, int64_t dim, bool log) {
  const at::Tensor input = ToTorch(self);
  return DoublesOf(log ? at::log_softmax(input, dim) : at::softmax(input, dim));
}

std::vector<double> TorchSoftmaxBackward(const TorchOperand& grad, const TorchOperand& output, int64_t dim,
                                         bool log) {
  const at::Tensor g = ToTorch(grad);
  const at::Tensor y = ToTorch(output);
  return DoublesOf(log ? at::_log_softmax_backward_data(g, y, dim, g.scalar_type())
                       : at::_softmax_backward_data(g, y, dim, g.scalar_type()));
}

TorchCrossEntropyResult TorchCrossEntropy(const TorchOperand& input, const TorchOperand& target,
                                          const std::optional<TorchOperand>& weight, int64_t reduction,
                                          int64_t ignore_index, double label_smoothing, const TorchOperand& grad) {
  at::Tensor x = ToTorch(input).detach().requires_grad_(true);
  const at::Tensor loss =
      at::cross_entropy_loss(x, ToTorch(target), OptionalToTorch(weight), reduction, ignore_index, label_smoothing);
  const at::Tensor g = ToTorch(grad).reshape(loss.sizes());
  const std::vector<at::Tensor> gradients = torch::autograd::grad({loss}, {x}, {g});
  return {DoublesOf(loss.detach()), DoublesOf(gradients[0])};
}

std::vector<double> TorchBinaryCrossEntropy(const TorchOperand& self, const TorchOperand& target,
                                            const std::optional<TorchOperand>& weight, int64_t reduction) {
  const at::Tensor self_tensor = ToTorch(self);
  return DoublesOf(at::binary_cross_entropy(self_tensor, ToTorch(target).expand(self_tensor.sizes()),
                                            OptionalToTorch(weight), reduction));
}

std::vector<double> TorchMseLoss(const TorchOperand& self, const TorchOperand& target, int64_t reduction) {
  return DoublesOf(at::mse_loss(ToTorch(self), ToTorch(target), reduction));
}

std::vector<double> TorchL1Loss(const TorchOperand& self, const TorchOperand& target, int64_t reduction) {
  return DoublesOf(at::l1_loss(ToTorch(self), ToTorch(target), reduction));
}

std::vector<double> TorchSmoothL1Loss(const TorchOperand& self, const TorchOperand& target, int64_t reduction,
                                      double beta) {
  return DoublesOf(at::smooth_l1_loss(ToTorch(self), ToTorch(target), reduction, beta));
}

std::vector<double> TorchSmoothL1LossBackward(const TorchOperand& grad, const TorchOperand& self,
                                              const TorchOperand& target, int64_t reduction, double beta,
                                              aclDataType out_dtype) {
  if (beta == 0.0) {
    // torch.nn.functional.smooth_l1_loss hands beta = 0 to l1_loss, so that is PyTorch's gradient there (ATen's
    // smooth_l1_loss_backward kernel, never reached that way, would give -g at d = 0 and NaN for a NaN d).
    return TorchL1LossBackward(grad, self, target, reduction, out_dtype);
  }
  const at::Tensor self_tensor = ToTorch(self);
  at::Tensor grad_input = at::empty(self_tensor.sizes(), self_tensor.options());
  at::smooth_l1_loss_backward_out(grad_input, ToTorch(grad).expand(self_tensor.sizes()), self_tensor,
                                  ToTorch(target).expand(self_tensor.sizes()), reduction, beta);
  return FromTorch(grad_input, out_dtype);
}

std::vector<double> TorchMseLossOverDim0(const TorchOperand& self, const TorchOperand& target, int64_t reduction) {
  at::Tensor loss = at::mse_loss(ToTorch(self), ToTorch(target), 0);
  if (reduction == 0) {
    return DoublesOf(loss);
  }
  if (loss.dim() == 0) {
    loss = loss.unsqueeze(0);
  }
  return DoublesOf(reduction == 1 ? loss.mean(0) : loss.sum(0));
}

std::vector<double> TorchMseLossBackward(const TorchOperand& grad, const TorchOperand& self,
                                         const TorchOperand& target, int64_t reduction, aclDataType out_dtype) {
  const at::Tensor self_tensor = ToTorch(self);
  at::Tensor grad_input = at::empty(self_tensor.sizes(), self_tensor.options());
  at::mse_loss_backward_out(grad_input, ToTorch(grad).expand(self_tensor.sizes()), self_tensor,
                            ToTorch(target).expand(self_tensor.sizes()), reduction);
  return FromTorch(grad_input, out_dtype);
}

std::vector<double> TorchL1LossBackward(const TorchOperand& grad, const TorchOperand& self,
                                        const TorchOperand& target, int64_t reduction, aclDataType out_dtype) {
  at::Tensor self_tensor = ToTorch(self).set_requires_grad(true);
  const at::Tensor loss = at::l1_loss(self_tensor, ToTorch(target).expand(self_tensor.sizes()), reduction);
  at::Tensor grad_tensor = ToTorch(grad);
  grad_tensor = reduction == 0 ? grad_tensor.expand(self_tensor.sizes()) : grad_tensor.reshape({});
  const auto gradients = torch::autograd::grad({loss}, {self_tensor}, {grad_tensor});
  return FromTorch(gradients[0], out_dtype);
}

}  // namespace openaclnn::test
