// Random values for conformance cases, always rounded to the tensor's data type so both implementations see
// exactly the same numbers.
#ifndef OPENACLNN_TESTS_CONFORMANCE_VALUE_DRAW_H_
#define OPENACLNN_TESTS_CONFORMANCE_VALUE_DRAW_H_

#include <vector>

#include "acl/acl_base.h"
#include "case_rng.h"

namespace openaclnn::test {

// +-2^e with e uniform in [min_exponent, max_exponent), rounded to dtype. The ranges the cases use keep every
// intermediate float result normal, which the fp64 bounds rely on (docs/TESTING.md).
double DrawSigned(CaseRng& rng, aclDataType dtype, double min_exponent, double max_exponent);
double DrawPositive(CaseRng& rng, aclDataType dtype, double min_exponent, double max_exponent);

// With probability edge_chance one of `edges` (rounded to dtype), else DrawSigned in [-8, 8).
double DrawOrEdge(CaseRng& rng, aclDataType dtype, double edge_chance, const std::vector<double>& edges);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_VALUE_DRAW_H_
