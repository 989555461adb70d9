// Test helpers for the gradient checks: each forward and backward loss operator called once through the public
// API on device tensors, synchronised, failing the test on any error.
#ifndef OPENACLNN_TESTS_GRADIENT_CHECK_LOSS_CALLS_H_
#define OPENACLNN_TESTS_GRADIENT_CHECK_LOSS_CALLS_H_

#include <cstdint>

#include "device_tensor.h"

namespace openaclnn::test {

// aclnnNLLLoss: out and totalWeightOut from self, target and weight.
void CallNllLoss(const DeviceTensor& self, const DeviceTensor& target, const DeviceTensor& weight, int64_t reduction,
                 int64_t ignore_index, const DeviceTensor& out, const DeviceTensor& total_weight);

// aclnnNLLLossBackward: out (self's shape) from gradOutput and totalWeight.
void CallNllLossBackward(const DeviceTensor& grad, const DeviceTensor& self, const DeviceTensor& target,
                         const DeviceTensor& weight, int64_t reduction, int64_t ignore_index,
                         const DeviceTensor& total_weight, const DeviceTensor& out);

// aclnnNLLLoss2d and aclnnNLLLoss2dBackward: the same arguments over (N, C, H, W) maps.
void CallNllLoss2d(const DeviceTensor& self, const DeviceTensor& target, const DeviceTensor& weight,
                   int64_t reduction, int64_t ignore_index, const DeviceTensor& out, const DeviceTensor& total_weight);
void CallNllLoss2dBackward(const DeviceTensor& grad, const DeviceTensor& self, const DeviceTensor& target,
                           const DeviceTensor& weight, int64_t reduction, int64_t ignore_index,
                           const DeviceTensor& total_weight, const DeviceTensor& out);

// aclnnSoftmax / aclnnLogSoftmax (log) and their backwards.
void CallSoftmax(bool log, const DeviceTensor& self, int64_t dim, const DeviceTensor& out);
void CallSoftmaxBackward(bool log, const DeviceTensor& grad, const DeviceTensor& output, int64_t dim,
                         const DeviceTensor& out);

// aclnnBinaryCrossEntropy; weight may be null.
void CallBce(const DeviceTensor& self, const DeviceTensor& target, const DeviceTensor* weight, int64_t reduction,
             const DeviceTensor& out);

// aclnnBinaryCrossEntropyBackward; weight may be null.
void CallBceBackward(const DeviceTensor& grad, const DeviceTensor& self, const DeviceTensor& target,
                     const DeviceTensor* weight, int64_t reduction, const DeviceTensor& out);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_GRADIENT_CHECK_LOSS_CALLS_H_
