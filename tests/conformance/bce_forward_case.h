// aclnnBinaryCrossEntropy cases, made from the backward's generator (MakeBceCase) so that both operators see the
// same data types, ranks, broadcast shapes, layouts and edge values (x in {0, 1}, outside [0, 1], NaN). The
// forward adds its out: self's shape and layout for reduction none, one element otherwise.
#ifndef OPENACLNN_TESTS_CONFORMANCE_BCE_FORWARD_CASE_H_
#define OPENACLNN_TESTS_CONFORMANCE_BCE_FORWARD_CASE_H_

#include <cstdint>
#include <string>

#include "bce_case.h"
#include "case_scale.h"
#include "tensor_spec.h"

namespace openaclnn::test {

struct BceForwardCase {
  BceCase base;   // self, target, weight, reduction (gradOutput and base.out's values are unused).
  TensorSpec out;  // values unused
};

BceForwardCase MakeBceForwardCase(uint64_t seed, int64_t index, CaseScale scale);

std::string DescribeBceForwardCase(const BceForwardCase& c, bool with_values);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_BCE_FORWARD_CASE_H_
