// Element comparison in units in the last place of the output's data type, counted as the number of
// representable values between two results (so the step from the largest finite value to infinity is one ulp,
// and +0 / -0 are the same place, their signs being compared separately).
#ifndef OPENACLNN_TESTS_CONFORMANCE_ULP_COMPARE_H_
#define OPENACLNN_TESTS_CONFORMANCE_ULP_COMPARE_H_

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "acl/acl_base.h"

namespace openaclnn::test {

inline constexpr int64_t kUlpsUnbounded = std::numeric_limits<int64_t>::max();

// Representable values of dtype (FLOAT, FLOAT16, BF16) between a and b, both representable in dtype. Two NaNs
// are 0 apart; a NaN and a number are kUlpsUnbounded apart.
int64_t UlpsBetween(aclDataType dtype, double a, double b);

struct CompareResult {
  std::string mismatches;  // "" when every element is within its bound.
  int64_t max_ulps = 0;    // Largest distance seen (over elements that are not both NaN).
};

// got[i] must be within bounds[i] ulps of expected[i], and a zero must carry expected's sign. `what` names the
// comparison in the report; at most a few mismatching elements are listed.
CompareResult CompareElements(const std::string& what, aclDataType dtype, const std::vector<double>& got,
                              const std::vector<double>& expected, const std::vector<int64_t>& bounds);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_ULP_COMPARE_H_
