// Every registered pointwise loss on edge values (+-0, subnormals, +-inf, NaN, the largest finite values a
// gradient stays finite for) in each data type, on empty tensors, and on CANN's documented examples.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "device_tensor.h"
#include "pointwise_call.h"
#include "pointwise_registry.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// Values where |x - y| and 2 |x - y| stay finite in float arithmetic, so the references hold exactly
// (docs/mse_loss.md: beyond that the float gradient overflows).
std::vector<double> EdgeValues(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT16: return {0.0, -0.0, 0x1p-24, -0x1p-24, 0x1p-14, 1.0, -1.0, 65504.0, -65504.0, kInf, -kInf, kNan};
    case ACL_BF16: return {0.0, -0.0, 0x1p-133, -0x1p-133, 1.0, -1.0, 0x1p125, -0x1p125, kInf, -kInf, kNan};
    default: return {0.0, -0.0, 0x1p-149, -0x1p-149, 0x1p-126, 1.0, -1.0, 0x1p125, -0x1p125, kInf, -kInf, kNan};
  }
}

class PointwiseValuesTest : public ::testing::TestWithParam<PointwiseLoss> {};

// got is want (SameValue), or both are numbers of one sign within `ulps` of dtype.
bool SameOrWithin(aclDataType dtype, double got, double want, double ulps) {
  return SameValue(got, want) || (ulps > 0.0 && !std::isnan(got) && !std::isnan(want) &&
                                  std::signbit(got) == std::signbit(want) && UlpDistance(dtype, got, want) <= ulps);
}

// All pairs of edge values: the forward rounds its double term once, so it must equal the reference rounded
// once, sign of zero included (a float term: within the registry's bound); the gradient too (exact here for the
// float formulas: the values are powers of two, zeros and non-finite), or within the registry's bound for an entry
// whose gradient goes through the float functions (backward_edges_within_bound); signs and NaN always exact.
TEST_P(PointwiseValuesTest, EdgeValuesGiveTheReferenceResult) {
  const PointwiseLoss& loss = GetParam();
  ScopedStream stream;
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    SCOPED_TRACE(dtype);
    const std::vector<double> edges = EdgeValues(dtype);
    const int64_t n = static_cast<int64_t>(edges.size());
    std::vector<double> x, y, g;
    const std::vector<double> grads = {1.0, -2.0, 0.5, 0.0};
    for (int64_t i = 0; i < n * n; ++i) {
      x.push_back(edges[static_cast<size_t>(i / n)]);
      y.push_back(edges[static_cast<size_t>(i % n)]);
      g.push_back(grads[static_cast<size_t>(i % 4)]);
    }
    DeviceTensor self({n * n}, dtype), target({n * n}, dtype), grad({n * n}, dtype);
    self.Fill(x);
    target.Fill(y);
    grad.Fill(g);
    DeviceTensor out({n * n}, dtype);
    ASSERT_EQ(CallForward(loss, self, target, 0, out, stream.get()), 0) << TakeErrorMessage();
    std::vector<double> got = out.Read();
    std::vector<double> want = ForwardReference(loss, self, target, 0);
    const double forward_ulps = loss.forward_term_error > 0.0 ? loss.forward_none_ulps : 0.0;
    for (size_t i = 0; i < got.size(); ++i) {
      EXPECT_TRUE(SameOrWithin(dtype, got[i], RoundTo(dtype, want[i]), forward_ulps))
          << "forward of " << x[i] << ", " << y[i] << ": got " << got[i] << ", want " << want[i];
    }
    for (int64_t reduction : {0, 2}) {
      if (loss.backward_phase1 == nullptr) {
        break;  // No backward of its own: the forward half only.
      }
      ASSERT_EQ(CallBackward(loss, grad, self, target, reduction, out, stream.get()), 0) << TakeErrorMessage();
      got = out.Read();
      want = BackwardReference(loss, grad, self, target, reduction);
      const double ulps = !loss.backward_edges_within_bound ? 0.0 : dtype == ACL_FLOAT ? loss.backward_float_ulps : 1.0;
      for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_TRUE(SameOrWithin(dtype, got[i], RoundTo(dtype, want[i]), ulps))
            << "gradient at " << x[i] << ", " << y[i] << ", g " << g[i] << ": got " << got[i] << ", want " << want[i];
      }
    }
  }
}

// The forward rounds its double term once to FLOAT16 or BFLOAT16: going through float with round-to-nearest would
// round twice, and land one ulp off where the float lands exactly halfway between two 16-bit values. Random FLOAT
// inputs hit such terms a few times in 262144 (counted, so the test knows it probed them); every element must equal
// the term rounded once (a float term: within 1 ulp of it).
TEST_P(PointwiseValuesTest, SixteenBitOutputsAreRoundedOnce) {
  const PointwiseLoss& loss = GetParam();
  // An entry whose terms are formed in float (DECISIONS 17) rounds that float once: within 1 ulp of the exact term
  // rounded once.
  const bool float_terms = loss.forward_term_error > 0.0;
  ScopedStream stream;
  std::mt19937 rng(1216);
  std::uniform_real_distribution<double> draw(0.5, 2.0);
  const int64_t n = 262144;
  std::vector<double> x(n), y(n);
  for (int64_t i = 0; i < n; ++i) {
    x[static_cast<size_t>(i)] = static_cast<float>(draw(rng));
    y[static_cast<size_t>(i)] = static_cast<float>(-draw(rng) * 0x1p-12);
  }
  DeviceTensor self({n}, ACL_FLOAT), target({n}, ACL_FLOAT);
  self.Fill(x);
  target.Fill(y);
  for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
    SCOPED_TRACE(dtype);
    DeviceTensor out({n}, dtype);
    // beta (smooth L1 only) above every |x - y|: the quadratic part, whose terms can fall on such points.
    constexpr float kBeta = 4.0f;
    ASSERT_EQ(CallForward(loss, self, target, 0, out, stream.get(), kBeta), 0) << TakeErrorMessage();
    const std::vector<double> got = out.Read();
    int64_t traps = 0;
    for (int64_t i = 0; i < n; ++i) {
      const double term = loss.term(x[static_cast<size_t>(i)], y[static_cast<size_t>(i)], kBeta);
      const double once = RoundTo(dtype, term);
      traps += once != RoundTo(dtype, static_cast<float>(term)) ? 1 : 0;
      if (float_terms) {
        ASSERT_LE(UlpDistance(dtype, got[static_cast<size_t>(i)], once), 1.0) << "element " << i << ", term " << term;
      } else {
        ASSERT_EQ(got[static_cast<size_t>(i)], once) << "element " << i << ", term " << term;
      }
    }
    EXPECT_GT(traps, 0) << "no term where rounding through float differs: the test probes nothing";
  }
}

// The same below FLOAT's smallest normal 2^-126, where the vector stores cannot round to odd in the double's bits
// and correct a conversion instead (ops/pointwise/engine-inl.h), in vectors mixed with normal terms. MSE's
// (x - y)^2 and smooth L1's with beta 0.5 (the same value), with target 0 and x the floats next to the square root
// of each BFLOAT16 midpoint (2k + 1) * 2^-134 from 2^-134 to 2^-125: some of these squares round to the midpoint
// in float without being it, so rounding through float would round twice (counted, as above).
TEST(PointwiseRoundingTest, SixteenBitOutputsAreRoundedOnceBelowFloatsSmallestNormal) {
  ScopedStream stream;
  std::vector<double> x, y;
  for (int k = 0; k < 256; ++k) {
    float root = static_cast<float>(std::sqrt((2 * k + 1) * 0x1p-134));
    for (int step = 0; step < 20; ++step) {
      root = std::nextafter(root, 0.0f);
    }
    for (int step = 0; step < 41; ++step, root = std::nextafter(root, 1.0f)) {
      x.push_back(root);
      y.push_back(0.0);
    }
  }
  const auto n = static_cast<int64_t>(x.size());
  DeviceTensor self({n}, ACL_FLOAT), target({n}, ACL_FLOAT);
  self.Fill(x);
  target.Fill(y);
  for (const PointwiseLoss& loss : PointwiseLosses()) {
    if (loss.name != "MseLoss" && loss.name != "SmoothL1Loss") {
      continue;
    }
    for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
      SCOPED_TRACE(loss.name + " " + std::to_string(dtype));
      DeviceTensor out({n}, dtype);
      constexpr float kBeta = 0.5f;  // Smooth L1 only: above every |x - y|.
      ASSERT_EQ(CallForward(loss, self, target, 0, out, stream.get(), kBeta), 0) << TakeErrorMessage();
      const std::vector<double> got = out.Read();
      int64_t traps = 0;
      for (int64_t i = 0; i < n; ++i) {
        const double term = loss.term(x[static_cast<size_t>(i)], y[static_cast<size_t>(i)], kBeta);
        const double once = RoundTo(dtype, term);
        traps += term < 0x1p-126 && once != RoundTo(dtype, static_cast<float>(term)) ? 1 : 0;
        ASSERT_EQ(got[static_cast<size_t>(i)], once) << "element " << i << ", term " << term;
      }
      if (dtype == ACL_BF16) {
        EXPECT_GT(traps, 0) << "no term below 2^-126 where rounding through float differs: nothing probed";
      }
    }
  }
}

// Empty inputs: none and every backward write nothing; mean gives NaN and sum 0 (CANN and PyTorch), except over
// dim 0 (aclnnMseLossOut), which writes nothing for any reduction.
TEST_P(PointwiseValuesTest, EmptyInputs) {
  const PointwiseLoss& loss = GetParam();
  ScopedStream stream;
  DeviceTensor self({0, 3}, ACL_FLOAT), target({3}, ACL_FLOAT), grad({1}, ACL_FLOAT);
  DeviceTensor none_out({0, 3}, ACL_FLOAT), grad_out({0, 3}, ACL_FLOAT);
  EXPECT_EQ(CallForward(loss, self, target, 0, none_out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(none_out.OutsideViewUntouched());
  for (int64_t reduction : {0, 1, 2}) {
    if (loss.backward_phase1 != nullptr) {
      EXPECT_EQ(CallBackward(loss, grad, self, target, reduction, grad_out, stream.get()), 0) << TakeErrorMessage();
      EXPECT_TRUE(grad_out.OutsideViewUntouched());
    }
  }
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    DeviceTensor out(ForwardOutDims(loss, {0, 3}, 1), dtype);
    const std::vector<uint8_t> before = out.Storage();
    ASSERT_EQ(CallForward(loss, self, target, 1, out, stream.get()), 0) << TakeErrorMessage();
    if (loss.forward_reduction == ForwardReduction::kDim0) {
      EXPECT_EQ(out.Storage(), before) << "nothing is written over dim 0 of an empty input";
      ASSERT_EQ(CallForward(loss, self, target, 2, out, stream.get()), 0) << TakeErrorMessage();
      EXPECT_EQ(out.Storage(), before);
      continue;
    }
    EXPECT_TRUE(std::isnan(out.Read()[0]));
    ASSERT_EQ(CallForward(loss, self, target, 2, out, stream.get()), 0) << TakeErrorMessage();
    EXPECT_TRUE(SameValue(out.Read()[0], 0.0));
    EXPECT_TRUE(out.OutsideViewUntouched());
  }
}

// The examples of CANN's operator documents (POINTWISE-LOSS-FACTS 6-8): 2x2 FLOAT self {0, 1, 2, 3}, target
// ones, gradOutput {0, 1, 2, 3}, reduction mean; aclnnMseLossOut's out is [2].
TEST_P(PointwiseValuesTest, CannExamples) {
  const PointwiseLoss& loss = GetParam();
  ScopedStream stream;
  DeviceTensor self({2, 2}, ACL_FLOAT), target({2, 2}, ACL_FLOAT), grad({2, 2}, ACL_FLOAT);
  self.Fill({0, 1, 2, 3});
  target.Fill({1, 1, 1, 1});
  grad.Fill({0, 1, 2, 3});
  DeviceTensor out(ForwardOutDims(loss, {2, 2}, 1), ACL_FLOAT), grad_out({2, 2}, ACL_FLOAT);
  ASSERT_EQ(CallForward(loss, self, target, 1, out, stream.get()), 0) << TakeErrorMessage();
  if (loss.name == "MseLossOut") {
    EXPECT_EQ(out.Read(), (std::vector<double>{1.0, 2.0}));  // The mean over dim 0 of {1, 0; 1, 4}.
    return;
  }
  ASSERT_EQ(CallBackward(loss, grad, self, target, 1, grad_out, stream.get()), 0) << TakeErrorMessage();
  const std::vector<double> gradient = grad_out.Read();
  if (loss.name == "MseLoss") {
    EXPECT_EQ(out.Read()[0], 1.5);
    EXPECT_EQ(gradient, (std::vector<double>{-0.0, 0.0, 1.0, 3.0}));
  } else if (loss.name == "L1Loss") {
    EXPECT_EQ(out.Read()[0], 1.0);
    EXPECT_EQ(gradient, (std::vector<double>{-0.0, 0.0, 0.5, 0.75}));
  } else if (loss.name == "SmoothL1Loss") {
    // beta 1: terms {0.5, 0, 0.5, 1.5}; gradients (d / beta or sign) * g / 4 = {-0, 0, 0.5, 0.75}.
    EXPECT_EQ(out.Read()[0], 0.625);
    EXPECT_EQ(gradient, (std::vector<double>{-0.0, 0.0, 0.5, 0.75}));
  } else if (loss.name == "SoftMarginLoss") {
    // CANN's backward example (POINTWISE-LOSS-FACTS 10): -sigmoid(-x) * g / 4; the forward is the mean of
    // log(1 + exp(-x)) = {0.693147, 0.313262, 0.126928, 0.048587}.
    EXPECT_NEAR(out.Read()[0], 0.2954810, 5e-7);
    const std::vector<double> want = {-0.0, -0.067235, -0.059601, -0.035569};
    for (size_t i = 0; i < want.size(); ++i) {
      EXPECT_NEAR(gradient[i], want[i], 5e-7) << "element " << i;
    }
  } else {
    GTEST_FAIL() << "no documented example recorded for " << loss.name;
  }
  EXPECT_TRUE(std::signbit(gradient[0])) << "the first gradient is -0 (sign(-1) * 0)";
}

INSTANTIATE_TEST_SUITE_P(Registered, PointwiseValuesTest, ::testing::ValuesIn(PointwiseLosses()),
                         [](const ::testing::TestParamInfo<PointwiseLoss>& param_info) {
                           return param_info.param.name;
                         });

}  // namespace
}  // namespace openaclnn::test
