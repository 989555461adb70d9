// Random aclnnBinaryCrossEntropyBackward cases: data types (mixed ones included), ranks 0-8, broadcast shapes
// of gradOutput / target / weight, layouts, empty tensors and edge values (x in {0, 1}, outside [0, 1], NaN,
// infinite gradients), each fully determined by (seed, index, scale) (case_scale.h).
#ifndef OPENACLNN_TESTS_CONFORMANCE_BCE_CASE_H_
#define OPENACLNN_TESTS_CONFORMANCE_BCE_CASE_H_

#include <cstdint>
#include <string>

#include "case_scale.h"
#include "conformance_stats.h"
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

BceCase MakeBceCase(uint64_t seed, int64_t index, CaseScale scale);

std::string DescribeBceCase(const BceCase& c, bool with_values);

// Counts the input layouts a case covers (shapes that broadcast, zero strides, strided or offset views) over
// self, target, the weight when there is one, and gradOutput when `with_grad_output` (the backward reads it).
void CountBceInputLayouts(const BceCase& c, bool with_grad_output, ConformanceStats* stats);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_BCE_CASE_H_
