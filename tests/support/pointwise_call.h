// Calling a registered pointwise loss (tests/support/pointwise_registry.h) through the public API on device
// tensors, and its float64 reference from the registry's formulas.
#ifndef OPENACLNN_TESTS_SUPPORT_POINTWISE_CALL_H_
#define OPENACLNN_TESTS_SUPPORT_POINTWISE_CALL_H_

#include <cstdint>
#include <vector>

#include "device_tensor.h"
#include "pointwise_registry.h"

namespace openaclnn::test {

// Phase 1, then (when it succeeds) phase 2 on `stream` and a synchronisation. Returns the first non-zero code.
int CallForward(const PointwiseLoss& loss, const DeviceTensor& self, const DeviceTensor& target, int64_t reduction,
                const DeviceTensor& out, aclrtStream stream);
int CallBackward(const PointwiseLoss& loss, const DeviceTensor& grad, const DeviceTensor& self,
                 const DeviceTensor& target, int64_t reduction, const DeviceTensor& out, aclrtStream stream);

// The broadcast of shapes (they must broadcast).
std::vector<int64_t> BroadcastOf(const std::vector<std::vector<int64_t>>& shapes);

// Logical (row-major) index into `dims` of the element at logical index `index` of the broadcast `shape`.
int64_t BroadcastIndex(const std::vector<int64_t>& dims, const std::vector<int64_t>& shape, int64_t index);

// Float64 references from the values as stored. Forward: the broadcast's terms (none) or their compensated mean
// or sum (one value). Backward: derivative * g * c, c = 1 / N for mean (N per the registry), else 1.
std::vector<double> ForwardReference(const PointwiseLoss& loss, const DeviceTensor& self, const DeviceTensor& target,
                                     int64_t reduction);
std::vector<double> BackwardReference(const PointwiseLoss& loss, const DeviceTensor& grad, const DeviceTensor& self,
                                      const DeviceTensor& target, int64_t reduction);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SUPPORT_POINTWISE_CALL_H_
