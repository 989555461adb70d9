// Test-only numeric helpers, written independently of the library (tests share no code with it):
// conversions of doubles to FLOAT / FLOAT16 / BFLOAT16 storage with one rounding, back to double, and
// ulp distances in each format.
#ifndef OPENACLNN_TESTS_SUPPORT_TEST_NUMERIC_H_
#define OPENACLNN_TESTS_SUPPORT_TEST_NUMERIC_H_

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"

namespace openaclnn::test {

// Bits of `value` rounded once (to nearest, ties to even) to a 16-bit format.
uint16_t ToHalfBits(double value);
uint16_t ToBf16Bits(double value);
double FromHalfBits(uint16_t bits);
double FromBf16Bits(uint16_t bits);

// `value` rounded once to dtype (FLOAT, FLOAT16 or BFLOAT16) and back to double.
double RoundTo(aclDataType dtype, double value);

// Exactly equal, with NaN equal to NaN (any payload) and the sign of zero significant.
bool SameValue(double a, double b);

// Writes `value` rounded once to dtype at address / reads the element at address as double.
void StoreElement(aclDataType dtype, void* address, double value);
double LoadElement(aclDataType dtype, const void* address);

// The spacing of dtype (FLOAT, FLOAT16, BFLOAT16) at |value|: one ulp there.
double UlpAt(aclDataType dtype, double value);

// Distance in units in the last place of dtype between two values representable in dtype
// (0 for equal values, including two NaNs; a huge number when only one is NaN or signs of infinities differ).
double UlpDistance(aclDataType dtype, double a, double b);

// Neumaier's compensated sum: within about one double rounding of the exact sum of the terms added, so a
// reference built on it contributes nothing measurable to a bound. Infinities and NaN propagate as in a plain sum.
class CompensatedSum {
 public:
  void Add(double term);
  double Total() const;

 private:
  double sum_ = 0.0;
  double compensation_ = 0.0;
  double plain_ = 0.0;  // The plain sum, whose non-finite value wins (the compensation would give NaN).
};

// The compensated sum of `values`.
double CompensatedTotal(const std::vector<double>& values);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SUPPORT_TEST_NUMERIC_H_
