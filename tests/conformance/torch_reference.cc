#include "torch_reference.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

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

std::vector<double> TorchBinaryCrossEntropy(const TorchOperand& self, const TorchOperand& target,
                                            const std::optional<TorchOperand>& weight, int64_t reduction) {
  const at::Tensor self_tensor = ToTorch(self);
  return DoublesOf(at::binary_cross_entropy(self_tensor, ToTorch(target).expand(self_tensor.sizes()),
                                            OptionalToTorch(weight), reduction));
}

}  // namespace openaclnn::test
