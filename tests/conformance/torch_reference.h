// PyTorch 1.13's CPU operators as the independent reference (the only file that includes ATen). Each tensor is
// handed to PyTorch as a contiguous tensor of the given data type holding the spec's logical values; the
// result is converted by PyTorch to the requested output data type and returned as doubles in row-major order.
#ifndef OPENACLNN_TESTS_CONFORMANCE_TORCH_REFERENCE_H_
#define OPENACLNN_TESTS_CONFORMANCE_TORCH_REFERENCE_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "acl/acl_base.h"
#include "tensor_spec.h"

namespace openaclnn::test {

// One operand for PyTorch: logical values and the data type PyTorch computes with.
struct TorchOperand {
  const TensorSpec* spec;
  aclDataType dtype;  // FLOAT, BF16, INT64 or UINT8.
};

// PyTorch's intra-op threads off: cases are tiny, and the library's stream worker shares the cores.
void ConfigureTorchForTests();

// at::nll_loss_backward_out(grad_input, grad_output, self, target, weight, reduction, ignore_index,
// total_weight); grad_input has self's dtype, then .to(out_dtype).
std::vector<double> TorchNllLossBackward(const TorchOperand& grad, const TorchOperand& self,
                                         const TorchOperand& target, const std::optional<TorchOperand>& weight,
                                         int64_t reduction, int64_t ignore_index, const TorchOperand& total_weight,
                                         aclDataType out_dtype);

// at::binary_cross_entropy_backward_out(grad_input, grad_output, self, target, weight, reduction), which applies
// the weight with mul_ and the mean with div_(numel) as PyTorch's functional path does; grad_output and target
// are expanded to self's shape first (PyTorch squeezes its operands, which breaks some broadcasts our API
// accepts), the weight broadcasts in mul_. Then .to(out_dtype).
std::vector<double> TorchBinaryCrossEntropyBackward(const TorchOperand& grad, const TorchOperand& self,
                                                    const TorchOperand& target,
                                                    const std::optional<TorchOperand>& weight, int64_t reduction,
                                                    aclDataType out_dtype);

// The forward losses, computed by PyTorch in double (every operand's dtype is DOUBLE, the target's INT64 or
// UINT8) and returned unrounded: our forward evaluates in double and rounds once, so PyTorch's float path would
// mostly measure its own float rounding and summation order (and its CPU BCE takes log(1 - x) in the input's
// type, off by a percent near x = 1e-6 in float), while in double both sides compute the same mathematics.
struct TorchNllForward {
  std::vector<double> output;  // Row-major; one element for mean and sum (and for a 1-D self).
  double total_weight = 0.0;
};
// at::nll_loss_forward(self, target, weight, reduction, ignore_index).
TorchNllForward TorchNllLossForward(const TorchOperand& self, const TorchOperand& target,
                                    const std::optional<TorchOperand>& weight, int64_t reduction,
                                    int64_t ignore_index);

// at::nll_loss2d_forward(self, target, weight, reduction, ignore_index), in the operands' dtypes (DOUBLE for the
// forward's comparison).
TorchNllForward TorchNllLoss2dForward(const TorchOperand& self, const TorchOperand& target,
                                      const TorchOperand& weight, int64_t reduction, int64_t ignore_index);

// at::nll_loss2d_backward(grad_output, self, target, weight, reduction, ignore_index, total_weight) in the operands'
// dtypes, then .to(out_dtype).
std::vector<double> TorchNllLoss2dBackward(const TorchOperand& grad, const TorchOperand& self,
                                           const TorchOperand& target, const TorchOperand& weight,
                                           int64_t reduction, int64_t ignore_index,
                                           const TorchOperand& total_weight, aclDataType out_dtype);

// at::softmax(self, dim) or at::log_softmax(self, dim) in the operand's dtype (DOUBLE for the comparison).
std::vector<double> TorchSoftmax(const TorchOperand& self, int64_t dim, bool log);
// at::_softmax_backward_data or at::_log_softmax_backward_data(grad, output, dim, input dtype = the operands').
std::vector<double> TorchSoftmaxBackward(const TorchOperand& grad, const TorchOperand& output, int64_t dim, bool log);

// at::cross_entropy_loss(input, target, weight, reduction, ignore_index, label_smoothing) in the operands' dtypes
// (DOUBLE for the comparison), and the gradient of sum(grad * loss) with respect to input through autograd.
struct TorchCrossEntropyResult {
  std::vector<double> loss;
  std::vector<double> grad_input;
};
TorchCrossEntropyResult TorchCrossEntropy(const TorchOperand& input, const TorchOperand& target,
                                          const std::optional<TorchOperand>& weight, int64_t reduction,
                                          int64_t ignore_index, double label_smoothing, const TorchOperand& grad);

// at::binary_cross_entropy(self, target, weight, reduction) with target expanded to self's shape first (as for
// the backward); the weight broadcasts in PyTorch's mul_.
std::vector<double> TorchBinaryCrossEntropy(const TorchOperand& self, const TorchOperand& target,
                                            const std::optional<TorchOperand>& weight, int64_t reduction);

// The pointwise losses' forwards in double (as for the forwards above): at::mse_loss and at::l1_loss, which
// broadcast self and target themselves. Returned unrounded.
std::vector<double> TorchMseLoss(const TorchOperand& self, const TorchOperand& target, int64_t reduction);
std::vector<double> TorchL1Loss(const TorchOperand& self, const TorchOperand& target, int64_t reduction);
// aclnnMseLossOut's semantics in PyTorch: mse_loss(none), then mean or sum over dim 0 (a 0-D loss as one row).
std::vector<double> TorchSmoothL1Loss(const TorchOperand& self, const TorchOperand& target, int64_t reduction,
                                      double beta);
std::vector<double> TorchMseLossOverDim0(const TorchOperand& self, const TorchOperand& target, int64_t reduction);

// The pointwise losses' backwards for a self of the broadcast shape, gradOutput and target expanded to it (the
// operands' dtype is what PyTorch computes in), then .to(out_dtype): at::mse_loss_backward_out, and for L1,
// which PyTorch 1.13 composes from abs and the reduction, the autograd gradient of at::l1_loss by self.
std::vector<double> TorchMseLossBackward(const TorchOperand& grad, const TorchOperand& self,
                                         const TorchOperand& target, int64_t reduction, aclDataType out_dtype);
std::vector<double> TorchL1LossBackward(const TorchOperand& grad, const TorchOperand& self,
                                        const TorchOperand& target, int64_t reduction, aclDataType out_dtype);
// at::smooth_l1_loss_backward_out, as the MSE one; for beta = 0 the L1 gradient, which is what PyTorch's functional
// smooth_l1_loss computes then.
std::vector<double> TorchSmoothL1LossBackward(const TorchOperand& grad, const TorchOperand& self,
                                              const TorchOperand& target, int64_t reduction, double beta,
                                              aclDataType out_dtype);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_TORCH_REFERENCE_H_
