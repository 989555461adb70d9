// Numerics of aclnnNLLLossBackward (DECISIONS 4-5): the document's sample, float32 arithmetic with the division
// first for mean, one rounding to the out type (ties to even, overflow, subnormals, signed zeros, NaN), and the
// IEEE results of a zero, infinite or NaN totalWeight.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "nll_call.h"
#include "nll_fill.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::nan("");

// Runs call on a fresh stream and returns out read back.
std::vector<double> RunAndRead(const NllCall& call) {
  ScopedStream stream;
  EXPECT_EQ(call.Launch(stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
  return call.out().Read();
}

TEST(NllNumerics, DocumentSample) {
  NllCall call(MakeNllSpec(ACL_FLOAT, ACL_INT32, ACL_FLOAT, 2, 3, false, 0));
  FillNll(call, {0, 2}, {3.1, 6.5}, {1.1, 1.2, 1.3}, 0);
  const std::vector<double> out = RunAndRead(call);
  // One float product each: -(3.1f * 1.1f) and -(6.5f * 1.3f), printed by the sample as -3.41 and -8.45.
  const std::vector<double> expected = {-(3.1f * 1.1f), 0, 0, 0, 0, -(6.5f * 1.3f)};
  for (size_t i = 0; i < out.size(); ++i) EXPECT_TRUE(SameValue(out[i], expected[i])) << i << ": " << out[i];
  EXPECT_EQ(call.CompareOut(), "");
}

TEST(NllNumerics, MeanDividesFirstInFloat32ForEveryInputType) {
  // g = 3, totalWeight = 15, w = 9 are exact in every type. In float, -(3 / 15) * 9 = -1.80000007 while the
  // reciprocal form -(3 * (1 / 15)) * 9 gives -1.80000019 and -(3 * 9) / 15 gives -1.79999995; per-operation
  // FLOAT16 rounding would give -1.7998047. DECISIONS 4-5 fix the first for all three input types.
  volatile float g = 3.0f;
  volatile float total = 15.0f;
  volatile float w = 9.0f;
  volatile float quotient = g / total;
  const float expected = -quotient * w;
  for (aclDataType input : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    NllCall call(MakeNllSpec(input, ACL_INT64, ACL_FLOAT, 2, 3, false, 1));
    FillNll(call, {1, 0}, {3}, {2, 9, 4}, 15);
    const std::vector<double> out = RunAndRead(call);
    EXPECT_EQ(static_cast<float>(out[1]), expected) << DtypeText(input);
    volatile float two = 2.0f;
    EXPECT_EQ(static_cast<float>(out[3]), -quotient * two) << DtypeText(input);
  }
}

TEST(NllNumerics, SixteenBitResultsAreRoundedOnceFromFloat) {
  // FLOAT16: 1 / 3 * 3 is 1.0 in float (rounded once to -1.0) but 0.99951172 with per-operation rounding.
  NllCall half(MakeNllSpec(ACL_FLOAT16, ACL_INT64, ACL_FLOAT16, 1, 2, false, 1));
  FillNll(half, {1}, {1}, {1, 3}, 3);
  EXPECT_TRUE(SameValue(RunAndRead(half)[1], -1.0));
  // BFLOAT16: -(1 / 3) rounded once is -0.333984375 (PYTORCH-FACTS 4 shows the same value).
  NllCall bf16(MakeNllSpec(ACL_BF16, ACL_INT64, ACL_BF16, 2, 2, false, 1));
  FillNll(bf16, {0, 1}, {1}, {1, 1}, 3);
  const std::vector<double> out = RunAndRead(bf16);
  EXPECT_TRUE(SameValue(out[0], -0.333984375));
  EXPECT_TRUE(SameValue(out[3], -0.333984375));
}

TEST(NllNumerics, ConversionToOutIsOneRoundToNearestEven) {
  // FLOAT inputs with weight 1 (or -1, exact): the float product is exact, so the out element must be the exact
  // value rounded once to out: bit-exact, covering ties to even, overflow to infinity, subnormals, underflow to
  // a signed zero, and NaN.
  const std::vector<double> values = {
      65504.0, 65519.99609375, 65520.0, 1.0e6, -65536.0,            // FLOAT16 largest value and overflow
      1.0 + std::ldexp(1.0, -11), 1.0 + 3 * std::ldexp(1.0, -11),   // FLOAT16 ties at 1
      1.0 + std::ldexp(1.0, -8), 1.0 + 3 * std::ldexp(1.0, -8),     // BFLOAT16 ties at 1
      std::ldexp(1.0, -24), std::ldexp(3.0, -26), std::ldexp(1.0, -25), std::ldexp(3.0, -25),  // FLOAT16 subnormals
      std::ldexp(1.0, -140), 1.0e-30, 3.0e38, 3.3961776e38,         // float subnormal, BFLOAT16 top
      0.0, -0.0, kInf, -kInf, kNaN, 0.1, -2.5};
  const int64_t n = static_cast<int64_t>(values.size());
  for (aclDataType out_type : {ACL_FLOAT16, ACL_BF16, ACL_FLOAT}) {
    NllSpec spec = MakeNllSpec(ACL_FLOAT, ACL_INT64, out_type, n, 2, false, 0);
    NllCall call(spec);
    std::vector<double> target(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) target[static_cast<size_t>(i)] = static_cast<double>(i % 2);
    FillNll(call, target, values, {1, -1}, 1);
    const std::vector<double> out = RunAndRead(call);
    for (int64_t i = 0; i < n; ++i) {
      const double weight = i % 2 == 0 ? 1.0 : -1.0;
      const double exact = -(static_cast<double>(static_cast<float>(values[static_cast<size_t>(i)])) * weight);
      const double want = RoundTo(out_type, exact);
      const double got = out[static_cast<size_t>(i * 2 + i % 2)];
      EXPECT_TRUE(SameValue(got, want)) << DtypeText(out_type) << " row " << i << ": " << got << " vs " << want;
      const double other = out[static_cast<size_t>(i * 2 + 1 - i % 2)];
      EXPECT_TRUE(SameValue(other, 0.0)) << "row " << i << " other column " << other;
    }
  }
}

TEST(NllNumerics, ZeroGradientKeepsItsSign) {
  // -(0 * w) is -0.0 for w > 0 and +0.0 for w < 0; it is the gradient element, not a filled zero.
  NllCall call(MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT16, 2, 2, false, 0));
  FillNll(call, {0, 1}, {0, 0}, {2, -2}, 1);
  const std::vector<double> out = RunAndRead(call);
  EXPECT_TRUE(SameValue(out[0], -0.0));
  EXPECT_TRUE(SameValue(out[3], 0.0));
  EXPECT_TRUE(SameValue(out[1], 0.0));
}

TEST(NllNumerics, TotalWeightZeroGivesIeeeInfinityAndNaN) {
  // DECISIONS 5: mean with totalWeight 0 divides anyway: -(g / 0) * w is -inf * w, NaN where w = 0 or g = 0;
  // ignored rows stay zero.
  NllSpec spec = MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 4, 3, false, 1);
  spec.ignore_index = 2;
  NllCall call(spec);
  FillNll(call, {0, 1, 2, 0}, {1}, {1, 0, 5}, 0);
  std::vector<double> out = RunAndRead(call);
  EXPECT_TRUE(SameValue(out[0], -kInf));
  EXPECT_TRUE(std::isnan(out[3 + 1]));
  for (int c = 0; c < 3; ++c) EXPECT_TRUE(SameValue(out[static_cast<size_t>(6 + c)], 0.0)) << c;
  EXPECT_EQ(call.CompareOut(), "");
  FillNll(call, {0, 1, 2, 0}, {0}, {1, 0, 5}, 0);  // 0 / 0.
  out = RunAndRead(call);
  EXPECT_TRUE(std::isnan(out[0]));
  EXPECT_EQ(call.CompareOut(), "");
}

TEST(NllNumerics, TotalWeightInfinityAndNaN) {
  NllCall call(MakeNllSpec(ACL_BF16, ACL_INT32, ACL_FLOAT, 2, 2, false, 1));
  FillNll(call, {0, 1}, {3}, {2, -2}, kInf);
  std::vector<double> out = RunAndRead(call);
  EXPECT_TRUE(SameValue(out[0], -0.0));  // -(3 / inf) * 2
  EXPECT_TRUE(SameValue(out[3], 0.0));   // -(3 / inf) * -2
  EXPECT_EQ(call.CompareOut(), "");
  FillNll(call, {0, 1}, {3}, {2, -2}, kNaN);
  out = RunAndRead(call);
  EXPECT_TRUE(std::isnan(out[0]));
  EXPECT_TRUE(std::isnan(out[3]));
  EXPECT_TRUE(SameValue(out[1], 0.0));
}

TEST(NllNumerics, TotalWeightIsIgnoredUnlessMean) {
  for (int64_t reduction : {0, 2}) {
    NllCall call(MakeNllSpec(ACL_FLOAT16, ACL_INT64, ACL_FLOAT16, 2, 2, false, reduction));
    FillNll(call, {0, 1}, std::vector<double>(static_cast<size_t>(call.grad().numel()), 1.5), {2, 4}, kNaN);
    const std::vector<double> out = RunAndRead(call);
    EXPECT_TRUE(SameValue(out[0], -3.0)) << reduction;
    EXPECT_TRUE(SameValue(out[3], -6.0)) << reduction;
  }
}

TEST(NllNumerics, NonFiniteGradientStaysInItsElement) {
  NllCall call(MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_BF16, 3, 3, false, 0));
  FillNll(call, {0, 1, 2}, {kNaN, kInf, kInf}, {1, 2, 0}, 1);
  const std::vector<double> out = RunAndRead(call);
  EXPECT_TRUE(std::isnan(out[0]));
  EXPECT_TRUE(SameValue(out[4], -kInf));
  EXPECT_TRUE(std::isnan(out[8]));  // inf * 0
  for (size_t i : {1u, 2u, 3u, 5u, 6u, 7u}) EXPECT_TRUE(SameValue(out[i], 0.0)) << i;
}

TEST(NllNumerics, SumAndOneDimensionalNoneUseTheSingleGradient) {
  // sum: every row uses gradOutput[0]. 1-D self with reduction none behaves the same (one element).
  NllCall sum(MakeNllSpec(ACL_FLOAT, ACL_UINT8, ACL_FLOAT, 3, 2, false, 2));
  FillNll(sum, {1, 0, 1}, {0.5}, {4, 8}, 100);
  const std::vector<double> out = RunAndRead(sum);
  EXPECT_TRUE(SameValue(out[1], -4.0));
  EXPECT_TRUE(SameValue(out[2], -2.0));
  EXPECT_TRUE(SameValue(out[5], -4.0));
  NllSpec spec = MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 1, 4, true, 0);
  spec.grad.dims = {};
  NllCall one_d(spec);
  FillNll(one_d, {3}, {2}, {1, 2, 3, 4}, kNaN);
  const std::vector<double> row = RunAndRead(one_d);
  EXPECT_TRUE(SameValue(row[3], -8.0));
  for (int c = 0; c < 3; ++c) EXPECT_TRUE(SameValue(row[static_cast<size_t>(c)], 0.0));
}

TEST(NllNumerics, IgnoreIndexIsComparedWithTheWidenedTarget) {
  // ignoreIndex is an int64 compared with the target widened to int64: 2^32 + 1 does not match an INT32 target
  // of 1, 257 does not match a UINT8 target of 1, and -255 does not match a UINT8 target of 1 either (no
  // truncation of ignoreIndex to the target's type).
  struct Case {
    aclDataType target_type;
    int64_t ignore_index;
  };
  for (const Case& c : {Case{ACL_INT32, (int64_t{1} << 32) + 1}, Case{ACL_UINT8, 257}, Case{ACL_UINT8, -255},
                        Case{ACL_INT64, int64_t{1} - (int64_t{1} << 40)}}) {
    NllSpec spec = MakeNllSpec(ACL_FLOAT, c.target_type, ACL_FLOAT, 2, 3, false, 2);
    spec.ignore_index = c.ignore_index;
    NllCall call(spec);
    FillNll(call, {1, 2}, {1}, {2, 3, 4}, 1);
    const std::vector<double> out = RunAndRead(call);
    EXPECT_TRUE(SameValue(out[1], -3.0)) << DtypeText(c.target_type) << " ignoreIndex " << c.ignore_index;
    EXPECT_TRUE(SameValue(out[5], -4.0)) << DtypeText(c.target_type) << " ignoreIndex " << c.ignore_index;
  }
}

}  // namespace
}  // namespace openaclnn::test
