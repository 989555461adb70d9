// One tensor argument of a conformance case: its logical shape, data type, memory layout and values. The same
// logical values go to our library (through a DeviceTensor laid out as described) and to PyTorch (as a plain
// contiguous tensor), so layouts are exercised on our side while the mathematics stays the same on both.
#ifndef OPENACLNN_TESTS_CONFORMANCE_TENSOR_SPEC_H_
#define OPENACLNN_TESTS_CONFORMANCE_TENSOR_SPEC_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "case_rng.h"
#include "device_tensor.h"

namespace openaclnn::test {

struct TensorSpec {
  std::vector<int64_t> dims;
  aclDataType dtype = ACL_FLOAT;
  Layout layout;               // Empty strides: contiguous.
  std::vector<double> values;  // Logical row-major order, each representable in dtype.
};

// Input layouts: contiguous, storage offsets, padded rows, transposed, permuted, and broadcast views (a zero
// stride over a dimension longer than one). Output layouts: the same without zero strides (out must not
// overlap itself).
Layout RandomInputLayout(CaseRng& rng, const std::vector<int64_t>& dims);
Layout RandomOutputLayout(CaseRng& rng, const std::vector<int64_t>& dims);

// Strides the layout resolves to (contiguous ones when it gives none).
std::vector<int64_t> StridesOf(const TensorSpec& spec);
// True when some dimension longer than one has stride 0.
bool HasBroadcastStride(const TensorSpec& spec);
// True when the layout is anything but contiguous with offset 0.
bool IsStrided(const TensorSpec& spec);

// A view with a zero stride shows one stored value along that dimension: makes the logical values agree.
void RepeatValuesAlongZeroStrides(TensorSpec* spec);

// The operand's logical values broadcast (right-aligned, NumPy's rules) to dims, in row-major order.
std::vector<double> ExpandedValues(const TensorSpec& operand, const std::vector<int64_t>& dims);

// Device memory laid out as spec.layout, holding spec.values (out specs: left at the sentinel).
std::unique_ptr<DeviceTensor> MakeDeviceTensor(const TensorSpec& spec, bool fill = true);

// "self FLOAT [2, 3] strides [1, 2] offset 4" (+ "values {...}" when asked).
std::string DescribeTensor(const std::string& name, const TensorSpec& spec, bool with_values);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_TENSOR_SPEC_H_
