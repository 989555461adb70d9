// Comparison of a reduced result (a sum, or a quotient of sums, of many terms) with a value computed in double.
// Summation error grows with the sum of the terms' magnitudes, not with the result (terms of both signs
// cancel), so besides the final rounding to out's type the bound has an absolute part that the caller derives
// from how both sides sum (the forward checks explain theirs).
#ifndef OPENACLNN_TESTS_CONFORMANCE_REDUCED_COMPARE_H_
#define OPENACLNN_TESTS_CONFORMANCE_REDUCED_COMPARE_H_

#include <cstdint>
#include <string>

#include "acl/acl_base.h"
#include "test_numeric.h"
#include "ulp_compare.h"

namespace openaclnn::test {

// The unit roundoff of double: one rounding moves a value by at most this much of it.
inline constexpr double kDoubleUnit = 0x1p-53;

// First-order error of the library's deterministic sum of `terms` terms, in units of kDoubleUnit * sum(|term|):
// at most 2048 / 8 = 256 additions in a lane, 3 combining the 8 lanes, one per level of the tree of
// ceil(terms / 2048) block totals (docs/nll_loss.md).
double LibrarySumSteps(int64_t terms);

// got (a value of dtype) passes when |got - expected| <= UlpAt(dtype, expected) + tolerance: the final rounding
// (half an ulp, widened to one because `expected` is itself off by up to `tolerance`) and the summation errors.
// Non-finite results must agree with expected rounded to dtype (NaN with NaN, inf with inf of the same sign),
// except that the largest finite value and infinity, one ulp apart, both pass where the total sits at the edge
// of the range. A zero must carry the sign of an exact zero expected.
CompareResult CompareReduced(const std::string& what, aclDataType dtype, double got, double expected,
                             double tolerance);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_REDUCED_COMPARE_H_
