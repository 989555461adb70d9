// Random cases for the registered pointwise losses (tests/support/pointwise_registry.h), forward or backward:
// data types and their mixes (one type for MSE backward's inputs), ranks 0-8, broadcast shapes, layouts, empty
// tensors and edge values (+-0, +-inf, NaN, ties x == y), each fully determined by (seed, index, scale)
// (case_scale.h). self has the broadcast shape (PyTorch's gradient is by self; CANN's has the broadcast shape);
// target and gradOutput broadcast to it.
#ifndef OPENACLNN_TESTS_CONFORMANCE_POINTWISE_CASE_H_
#define OPENACLNN_TESTS_CONFORMANCE_POINTWISE_CASE_H_

#include <cstdint>
#include <string>

#include "case_scale.h"
#include "pointwise_registry.h"
#include "tensor_spec.h"

namespace openaclnn::test {

struct PointwiseCase {
  const PointwiseLoss* loss = nullptr;
  bool backward = false;
  TensorSpec grad_output;  // Backward only; one element for mean and sum.
  TensorSpec self;
  TensorSpec target;
  TensorSpec out;  // values unused
  int64_t reduction = 0;
  float beta = 1.0f;     // Smooth L1's (drawn for the entries that take it).
  bool has_nan = false;  // Some input holds a NaN.
};

PointwiseCase MakePointwiseCase(const PointwiseLoss& loss, bool backward, uint64_t seed, int64_t index,
                                CaseScale scale);

std::string DescribePointwiseCase(const PointwiseCase& c, bool with_values);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_POINTWISE_CASE_H_
