// pointwise::MeanScale, the reduction factor every pointwise gradient gets: the numerator alone for none, sum and
// any other reduction value; numerator / count for mean, divided in double and rounded once, or (the BCE family)
// divided in float after count is rounded to float. Expected values are written out from those definitions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "ops/pointwise/mean_scale.h"

namespace openaclnn::pointwise {
namespace {

constexpr int64_t kNone = 0;
constexpr int64_t kMean = 1;
constexpr int64_t kSum = 2;

TEST(MeanScaleTest, OtherReductionsGiveTheNumerator) {
  for (int64_t reduction : {kNone, kSum, int64_t{3}, int64_t{-1}, std::numeric_limits<int64_t>::max()}) {
    EXPECT_EQ(MeanScale(reduction, 7), 1.0f) << reduction;
    EXPECT_EQ(MeanScale(reduction, 7, 2.0f), 2.0f) << reduction;
    EXPECT_EQ(MeanScale(reduction, 0, 1.0f, ScaleArithmetic::kFloat), 1.0f) << reduction;
  }
}

TEST(MeanScaleTest, MeanDividesOnceInDouble) {
  EXPECT_EQ(MeanScale(kMean, 1), 1.0f);
  EXPECT_EQ(MeanScale(kMean, 4), 0.25f);
  EXPECT_EQ(MeanScale(kMean, 4, 2.0f), 0.5f);
  // 1/3 and 2/3 to the nearest float: 0x3eaaaaab and 0x3f2aaaab.
  EXPECT_EQ(MeanScale(kMean, 3), 0x1.555556p-2f);
  EXPECT_EQ(MeanScale(kMean, 3, 2.0f), 0x1.555556p-1f);
  // 1 / (2^24 + 1) = 2^-24 (1 - 2^-24 + ...): the float just below 2^-24, which a float division (2^24 + 1 is
  // 2^24 as a float) would miss.
  EXPECT_EQ(MeanScale(kMean, (int64_t{1} << 24) + 1), 0x1.fffffep-25f);
  EXPECT_EQ(MeanScale(kMean, int64_t{1} << 40), 0x1p-40f);
}

TEST(MeanScaleTest, FloatArithmeticRoundsTheCountFirst) {
  EXPECT_EQ(MeanScale(kMean, 3, 1.0f, ScaleArithmetic::kFloat), 0x1.555556p-2f);
  EXPECT_EQ(MeanScale(kMean, (int64_t{1} << 24) + 1, 1.0f, ScaleArithmetic::kFloat), 0x1p-24f);
  EXPECT_EQ(MeanScale(kMean, 6, 2.0f, ScaleArithmetic::kFloat), 0x1.555556p-2f);
}

// An empty broadcast's mean: no gradient is computed, the factor is what the division gives.
TEST(MeanScaleTest, ZeroCountIsInfinite) {
  EXPECT_TRUE(std::isinf(MeanScale(kMean, 0)));
  EXPECT_TRUE(std::isinf(MeanScale(kMean, 0, 1.0f, ScaleArithmetic::kFloat)));
}

}  // namespace
}  // namespace openaclnn::pointwise
