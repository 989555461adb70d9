#include "reduced_compare.h"

#include <algorithm>
#include <cmath>

#include "conformance_text.h"
#include "test_numeric.h"

namespace openaclnn::test {

double LibrarySumSteps(int64_t terms) {
  constexpr int64_t kBlock = 2048;
  constexpr int64_t kLanes = 8;
  const int64_t blocks = std::max<int64_t>(1, (terms + kBlock - 1) / kBlock);
  return static_cast<double>(kBlock / kLanes + 3) + std::ceil(std::log2(static_cast<double>(blocks)));
}

CompareResult CompareReduced(const std::string& what, aclDataType dtype, double got, double expected,
                             double tolerance) {
  CompareResult result;
  const double rounded = RoundTo(dtype, expected);
  const int64_t ulps = UlpsBetween(dtype, got, rounded);
  result.max_ulps = std::isnan(got) && std::isnan(rounded) ? 0 : ulps;
  const double bound = UlpAt(dtype, expected) + tolerance;
  bool pass = false;
  if (std::isfinite(got) && std::isfinite(expected)) {
    pass = std::fabs(got - expected) <= bound;
    if (got == 0.0 && expected == 0.0 && std::signbit(got) != std::signbit(expected)) {
      pass = false;
    }
  } else {
    pass = ulps <= (std::isfinite(got) != std::isfinite(rounded) ? 1 : 0);
  }
  if (!pass) {
    result.mismatches = "  " + what + ": got " + ValueText(got) + ", expected " + ValueText(expected) +
                        " (rounded: " + ValueText(rounded) + "; " +
                        (ulps == kUlpsUnbounded ? std::string("NaN vs number") : std::to_string(ulps) + " ulps") +
                        "; bound |difference| <= " + ValueText(bound) + ")\n";
  }
  return result;
}

}  // namespace openaclnn::test
