// Calling a registered pointwise loss (tests/support/pointwise_registry.h) through the public API on device
// tensors, and its float64 reference from the registry's formulas.
#ifndef OPENACLNN_TESTS_SUPPORT_POINTWISE_CALL_H_
#define OPENACLNN_TESTS_SUPPORT_POINTWISE_CALL_H_

#include <cstdint>
#include <vector>

#include "device_tensor.h"
#include "pointwise_registry.h"

namespace openaclnn::test {

// The optional operands of one call, in the entry's order (optional_operands), null where absent; fewer than the
// entry has (none, for the entries without any): the rest absent.
using OptionalTensors = std::vector<const DeviceTensor*>;

// Phase 1, then (when it succeeds) phase 2 on `stream` and a synchronisation. Returns the first non-zero code.
// beta: smooth L1's parameter (ignored by the others); 1 is PyTorch's default.
int CallForward(const PointwiseLoss& loss, const DeviceTensor& self, const DeviceTensor& target, int64_t reduction,
                const DeviceTensor& out, aclrtStream stream, float beta = 1.0f, const OptionalTensors& operands = {});
// `which`: the backward (by self) or the entry's gradient by target.
int CallBackward(const PointwiseLoss& loss, const DeviceTensor& grad, const DeviceTensor& self,
                 const DeviceTensor& target, int64_t reduction, const DeviceTensor& out, aclrtStream stream,
                 float beta = 1.0f, Gradient which = Gradient::kBySelf, const OptionalTensors& operands = {});

// The broadcast of shapes (they must broadcast).
std::vector<int64_t> BroadcastOf(const std::vector<std::vector<int64_t>>& shapes);

// Logical (row-major) index into `dims` of the element at logical index `index` of the broadcast `shape`.
int64_t BroadcastIndex(const std::vector<int64_t>& dims, const std::vector<int64_t>& shape, int64_t index);

// Float64 references from the values as stored. Forward: the broadcast's terms (none) or their compensated mean,
// sum or batchmean (one value, or one per column for a registry entry reducing over dim 0). Backward by self:
// derivative * g * c, c the entry's GradientFactor; by target: the entry's target_gradient of gs = g * c. Both
// have the broadcast's shape (which an entry with gradient_has_operand_shape gets only as that operand's). An
// entry with optional operands uses its operand_ formulas, given the operands' values (1 where absent).
std::vector<double> ForwardReference(const PointwiseLoss& loss, const DeviceTensor& self, const DeviceTensor& target,
                                     int64_t reduction, float beta = 1.0f, const OptionalTensors& operands = {});
std::vector<double> BackwardReference(const PointwiseLoss& loss, const DeviceTensor& grad, const DeviceTensor& self,
                                      const DeviceTensor& target, int64_t reduction, float beta = 1.0f,
                                      Gradient which = Gradient::kBySelf, const OptionalTensors& operands = {});

// The bound, in out's ulps, on a forward term (reduction none): the registry's forward_none_ulps, and 1 for a float
// term stored as FLOAT16 or BFLOAT16 (the float within a few float ulps, rounded once more).
double ForwardNoneUlps(const PointwiseLoss& loss, aclDataType out);

// The bound, in out's ulps, on a forward mean or sum whose reference is `value`: 1 for terms in double; for float
// terms (the registry's forward_term_error) 1 plus that relative error over the terms' magnitudes (the sum of
// |term|, over N for mean), which covers terms that cancel (signed weights).
double ForwardReducedUlps(const PointwiseLoss& loss, const DeviceTensor& self, const DeviceTensor& target,
                          int64_t reduction, float beta, const OptionalTensors& operands, aclDataType out,
                          double value);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SUPPORT_POINTWISE_CALL_H_
