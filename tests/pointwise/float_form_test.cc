// FLOAT16 and BFLOAT16 inputs and outputs of the losses whose forward has a float form (L1, MSE, smooth L1;
// ops/pointwise/float_term-inl.h): the engine may round the float term instead of the double one only where both
// give the same 16-bit value, so every element must still equal the term rounded once, on every kernel target and
// thread count. The pairs span exponent gaps 0 to 30 (exact and inexact float differences, squares exact or not,
// terms on and off the 16-bit ties), with subnormals, zeros, infinities and NaN scattered among them, and a
// broadcast target.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "device_tensor.h"
#include "grid_choices.h"
#include "pointwise_call.h"
#include "pointwise_registry.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// Pairs of dtype values: x of exponent in [-6, 6], y (either sign) `gap` binades below it, gap 0 to 30 in turn, so
// that the smallest ones are subnormal or zero in FLOAT16; every 61st element an edge value instead.
void DrawPairs(aclDataType dtype, int64_t n, std::mt19937& rng, std::vector<double>& x, std::vector<double>& y) {
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> exponent(-6, 6);
  std::bernoulli_distribution negative(0.5);
  const std::vector<double> edges = {0.0, -0.0, kInf, -kInf, kNan, dtype == ACL_BF16 ? 0x1p-130 : 0x1p-20};
  x.assign(static_cast<size_t>(n), 0.0);
  y.assign(static_cast<size_t>(n), 0.0);
  for (int64_t i = 0; i < n; ++i) {
    const int e = exponent(rng);
    const int gap = static_cast<int>(i % 31);
    double a = RoundTo(dtype, std::ldexp(mantissa(rng), e));
    double b = RoundTo(dtype, std::ldexp(mantissa(rng), e - gap)) * (negative(rng) ? -1.0 : 1.0);
    if (i % 61 == 7) {
      a = edges[static_cast<size_t>(i / 61) % edges.size()];
    } else if (i % 61 == 37) {
      b = edges[static_cast<size_t>(i / 61) % edges.size()];
    }
    x[static_cast<size_t>(i)] = a;
    y[static_cast<size_t>(i)] = b;
  }
}

// The betas smooth L1 is tried with: powers of two (the float form's quadratic part), 3 (its quadratic lanes take
// the double term), 0 (L1 itself). The other two losses ignore beta.
std::vector<float> BetasFor(const PointwiseLoss& loss) {
  return loss.takes_beta ? std::vector<float>{1.0f, 0.5f, 3.0f, 0.0f} : std::vector<float>{1.0f};
}

TEST(PointwiseFloatFormTest, SixteenBitInputsGiveTheTermRoundedOnceOnEveryKernel) {
  ScopedStream stream;
  const std::vector<KernelChoice> choices = KernelChoices();
  std::mt19937 rng(1203);
  const int64_t n = 31 * 61 * 8;  // Every gap with every edge position, several times over.
  int checked_losses = 0;
  for (const PointwiseLoss& loss : PointwiseLosses()) {
    if (loss.name != "L1Loss" && loss.name != "MseLoss" && loss.name != "SmoothL1Loss") {
      continue;
    }
    ++checked_losses;
    for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
      int64_t traps = 0;
      for (float beta : BetasFor(loss)) {
        for (bool broadcast_target : {false, true}) {
          SCOPED_TRACE(loss.name + " dtype " + std::to_string(dtype) + " beta " + std::to_string(beta) +
                       (broadcast_target ? " broadcast target" : ""));
          std::vector<double> x, y;
          DrawPairs(dtype, n, rng, x, y);
          if (broadcast_target) {
            y.assign(1, RoundTo(dtype, 0x1.3p-9));
          }
          DeviceTensor self({n}, dtype), target({static_cast<int64_t>(y.size())}, dtype), out({n}, dtype);
          self.Fill(x);
          target.Fill(y);
          std::vector<double> want(static_cast<size_t>(n));
          for (int64_t i = 0; i < n; ++i) {
            const double term = loss.term(x[static_cast<size_t>(i)], y[broadcast_target ? 0 : static_cast<size_t>(i)],
                                          beta);
            want[static_cast<size_t>(i)] = RoundTo(dtype, term);
            traps += std::isfinite(term) && RoundTo(dtype, static_cast<float>(term)) != want[static_cast<size_t>(i)];
          }
          for (const KernelChoice& choice : choices) {
            KernelChoiceScope scope(choice);
            ASSERT_EQ(CallForward(loss, self, target, 0, out, stream.get(), beta), 0) << TakeErrorMessage();
            const std::vector<double> got = out.Read();
            int64_t wrong = 0;
            for (int64_t i = 0; i < n; ++i) {
              if (!SameValue(got[static_cast<size_t>(i)], want[static_cast<size_t>(i)]) && wrong++ < 3) {
                ADD_FAILURE() << choice.target << ", " << choice.threads << " threads: element " << i << " of "
                              << x[static_cast<size_t>(i)] << " and "
                              << y[broadcast_target ? 0 : static_cast<size_t>(i)] << ": got "
                              << got[static_cast<size_t>(i)] << ", want " << want[static_cast<size_t>(i)];
              }
            }
          }
        }
      }
      // L1's terms are differences of two 16-bit values, which float holds or rounds away from every tie; MSE's
      // and smooth L1's squares land on ties that the exact term is not.
      if (loss.name != "L1Loss") {
        EXPECT_GT(traps, 0) << loss.name << " dtype " << dtype
                            << ": no term where rounding through float differs, the test probes nothing";
      }
    }
  }
  EXPECT_EQ(checked_losses, 3) << "L1Loss, MseLoss and SmoothL1Loss are all in the registry";
}

}  // namespace
}  // namespace openaclnn::test
