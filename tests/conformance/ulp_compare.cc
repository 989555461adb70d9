#include "ulp_compare.h"

#include <cmath>
#include <cstring>

#include "conformance_text.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

// Position of value among dtype's values in increasing order, with +0 and -0 both at 0.
int64_t OrderedPosition(aclDataType dtype, double value) {
  int64_t magnitude = 0;
  bool negative = false;
  if (dtype == ACL_FLOAT16 || dtype == ACL_BF16) {
    const uint16_t bits = dtype == ACL_FLOAT16 ? ToHalfBits(value) : ToBf16Bits(value);
    negative = (bits & 0x8000u) != 0;
    magnitude = bits & 0x7FFF;
  } else {
    const auto single = static_cast<float>(value);
    uint32_t bits = 0;
    std::memcpy(&bits, &single, sizeof(bits));
    negative = (bits & 0x80000000u) != 0;
    magnitude = bits & 0x7FFFFFFF;
  }
  return negative ? -magnitude : magnitude;
}

}  // namespace

int64_t UlpsBetween(aclDataType dtype, double a, double b) {
  if (a == b) {
    return 0;  // Equal values (+0 and -0 included) are the same place; skips the conversions for most elements.
  }
  if (std::isnan(a) || std::isnan(b)) {
    return std::isnan(a) && std::isnan(b) ? 0 : kUlpsUnbounded;
  }
  const int64_t distance = OrderedPosition(dtype, a) - OrderedPosition(dtype, b);
  return distance < 0 ? -distance : distance;
}

CompareResult CompareElements(const std::string& what, aclDataType dtype, const std::vector<double>& got,
                              const std::vector<double>& expected, const std::vector<int64_t>& bounds) {
  CompareResult result;
  if (got.size() != expected.size()) {
    result.mismatches = what + ": " + std::to_string(got.size()) + " elements, expected " +
                        std::to_string(expected.size()) + "\n";
    return result;
  }
  constexpr int kMaxListed = 6;
  int listed = 0;
  int64_t failures = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    const int64_t ulps = UlpsBetween(dtype, got[i], expected[i]);
    if (!(std::isnan(got[i]) && std::isnan(expected[i])) && ulps > result.max_ulps) {
      result.max_ulps = ulps;
    }
    const bool sign_differs =
        got[i] == 0.0 && expected[i] == 0.0 && std::signbit(got[i]) != std::signbit(expected[i]);
    if (ulps <= bounds[i] && !sign_differs) {
      continue;
    }
    ++failures;
    if (listed++ < kMaxListed) {
      result.mismatches += "  " + what + ": element " + std::to_string(i) + ": got " + ValueText(got[i]) +
                           ", expected " + ValueText(expected[i]) + " (" +
                           (ulps == kUlpsUnbounded ? std::string("NaN vs number") : std::to_string(ulps) + " ulps") +
                           (sign_differs ? ", zero of the other sign" : "") + "; bound " +
                           std::to_string(bounds[i]) + " ulps)\n";
    }
  }
  if (failures > kMaxListed) {
    result.mismatches += "  " + what + ": ... " + std::to_string(failures) + " elements differ in all\n";
  }
  return result;
}

}  // namespace openaclnn::test
