// Random aclnnBinaryCrossEntropyBackward cases: data types (mixed ones included), ranks 0-8, broadcast shapes
// of gradOutput / target / weight, layouts, empty tensors and edge values (x in {0, 1}, outside [0, 1], NaN,
// infinite gradients), each fully determined by (seed, index).
#ifndef OPENACLNN_TESTS_CONFORMANCE_BCE_CASE_H_
#define OPENACLNN_TESTS_CONFORMANCE_BCE_CASE_H_

#include <cstdint>
#include <string>

#include "tensor_spec.h"

namespace openaclnn::test {

struct BceCase {
  int64_t index = 0;
  TensorSpec grad_output;
  TensorSpec self;
  TensorSpec target;
  TensorSpec weight;  // Only used when has_weight.
  TensorSpec out;     // values unused
  bool has_weight = false;
  int64_t reduction = 0;
};

BceCase MakeBceCase(uint64_t seed, int64_t index);

std::string DescribeBceCase(const BceCase& c, bool with_values);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_BCE_CASE_H_
