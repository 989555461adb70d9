// Random values for conformance cases, always rounded to the tensor's data type so both implementations see
// exactly the same numbers.
#ifndef OPENACLNN_TESTS_CONFORMANCE_VALUE_DRAW_H_
#define OPENACLNN_TESTS_CONFORMANCE_VALUE_DRAW_H_

#include <cstdint>
#include <functional>
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

// `count` values from draw(). Each is drawn afresh unless `pooled`: then kValuePoolSize are drawn and each value
// is picked from them at random, one generator step instead of a draw and a rounding (large cases, whose
// millions of elements would otherwise spend most of their time here).
inline constexpr int64_t kValuePoolSize = 4096;
std::vector<double> DrawValues(CaseRng& rng, int64_t count, bool pooled, const std::function<double()>& draw);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_VALUE_DRAW_H_
