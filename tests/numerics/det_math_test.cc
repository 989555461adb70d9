// det_math's Exp, Log and Log1p: within the 2 ulp (4 for Log1p) of double that backend/cpu/det_math.h states,
// measured against long double expl / logl / log1pl over their whole ranges (normal, subnormal and overflowing
// results), IEEE special values as documented, and every kernel target (each compiled Highway target's vector
// forms) bit-identical to the scalar forms, on arrays whose lengths leave a scalar tail.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "backend/cpu/det_math.h"
#include "backend/cpu/det_math_hwy.h"
#include "backend/cpu/kernel_target.h"

namespace openaclnn::cpu {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

uint64_t Bits(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

// |got - exact| in units of the double spacing at exact (the subnormal spacing below the normal range).
double UlpError(double got, long double exact) {
  const long double magnitude = std::fabs(exact);
  int exponent = 0;
  std::frexp(static_cast<double>(magnitude), &exponent);
  const long double spacing = magnitude < 2.2250738585072014e-308L ? std::ldexp(1.0L, -1074)
                                                                    : std::ldexp(1.0L, exponent - 53);
  return static_cast<double>(std::fabs(static_cast<long double>(got) - exact) / spacing);
}

std::vector<double> ExpInputs() {
  std::mt19937_64 rng(1234);
  std::uniform_real_distribution<double> wide(-746.0, 710.0);
  std::uniform_real_distribution<double> narrow(-2.0, 2.0);
  std::vector<double> x;
  for (int i = 0; i < 100000; ++i) x.push_back(wide(rng));
  for (int i = 0; i < 100000; ++i) x.push_back(narrow(rng));
  for (double edge : {0.0, -0.0, 1e-300, -1e-300, 0.5 * 0.6931471805599453, det::kExpMax, det::kExpMin, 709.0,
                      -708.0, -740.0, 710.0, -746.0, kInf, -kInf, std::numeric_limits<double>::quiet_NaN()}) {
    x.push_back(edge);
  }
  return x;
}

std::vector<double> LogInputs() {
  std::mt19937_64 rng(5678);
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> exponent(-1074, 1023);
  std::uniform_real_distribution<double> near_one(0.5, 2.0);
  std::vector<double> x;
  for (int i = 0; i < 100000; ++i) x.push_back(std::ldexp(mantissa(rng), exponent(rng)));
  for (int i = 0; i < 100000; ++i) x.push_back(near_one(rng));
  for (double edge : {1.0, 0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp-1023, std::numeric_limits<double>::max(),
                      1.4142135623730951, 1.4142135623730949, 0.70710678118654757, 1.0 + 0x1p-52, 1.0 - 0x1p-53,
                      0.0, -0.0, -1.0, kInf, -kInf, std::numeric_limits<double>::quiet_NaN()}) {
    x.push_back(edge);
  }
  return x;
}

TEST(DetMathTest, ExpIsWithinTwoUlpOfLongDouble) {
  double worst = 0;
  for (double x : ExpInputs()) {
    if (std::isnan(x) || std::isinf(x) || x > det::kExpMax || x < det::kExpMin) continue;
    const long double exact = std::exp(static_cast<long double>(x));
    const double error = UlpError(det::Exp(x), exact);
    ASSERT_LE(error, 2.0) << "exp(" << x << ")";
    worst = std::max(worst, error);
  }
  std::printf("exp: largest error %.3f ulp\n", worst);
  RecordProperty("exp_worst_ulp", std::to_string(worst));
}

TEST(DetMathTest, LogIsWithinTwoUlpOfLongDouble) {
  double worst = 0;
  for (double x : LogInputs()) {
    if (!(x > 0) || std::isinf(x) || x == 1.0) continue;
    const long double exact = std::log(static_cast<long double>(x));
    const double error = UlpError(det::Log(x), exact);
    ASSERT_LE(error, 2.0) << "log(" << x << ")";
    worst = std::max(worst, error);
  }
  std::printf("log: largest error %.3f ulp\n", worst);
  RecordProperty("log_worst_ulp", std::to_string(worst));
}

// Log1p over u in (-1, inf): tiny |u| (where 1 + u rounds), the range softplus uses ([0, 1]), and wide values.
std::vector<double> Log1pInputs() {
  std::mt19937_64 rng(9012);
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> exponent(-1074, 1023);
  std::uniform_real_distribution<double> unit(-0.999, 1.0);
  std::vector<double> x;
  for (int i = 0; i < 100000; ++i) x.push_back(std::ldexp(mantissa(rng), exponent(rng)));
  for (int i = 0; i < 50000; ++i) x.push_back(-std::ldexp(mantissa(rng), -(exponent(rng) + 1075) / 2 - 1));
  for (int i = 0; i < 100000; ++i) x.push_back(unit(rng));
  for (double edge : {0x1p-53, -0x1p-54, 0x1p-52, 1e-300, 0x1p-1074, 1.0, -0.5, -1.0 + 0x1p-53, 0.0, -0.0, -1.0,
                      -2.0, kInf, -kInf, std::numeric_limits<double>::quiet_NaN()}) {
    x.push_back(edge);
  }
  return x;
}

TEST(DetMathTest, Log1pIsWithinFourUlpOfLongDouble) {
  double worst = 0;
  for (double x : Log1pInputs()) {
    if (!(x > -1.0) || std::isinf(x) || x == 0.0) continue;
    const long double exact = std::log1p(static_cast<long double>(x));
    const double error = UlpError(det::Log1p(x), exact);
    ASSERT_LE(error, 4.0) << "log1p(" << x << ")";
    worst = std::max(worst, error);
  }
  std::printf("log1p: largest error %.3f ulp\n", worst);
  RecordProperty("log1p_worst_ulp", std::to_string(worst));
}

TEST(DetMathTest, SpecialValues) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(std::isnan(det::Exp(nan)));
  EXPECT_EQ(det::Exp(kInf), kInf);
  EXPECT_EQ(Bits(det::Exp(-kInf)), Bits(0.0));
  EXPECT_EQ(det::Exp(0.0), 1.0);
  EXPECT_EQ(det::Exp(710.0), kInf);
  EXPECT_EQ(det::Exp(-746.0), 0.0);
  EXPECT_GT(det::Exp(-745.0), 0.0);  // The smallest subnormal, rounded once.
  EXPECT_TRUE(std::isfinite(det::Exp(det::kExpMax)));
  EXPECT_EQ(det::Log(1.0), 0.0);
  EXPECT_EQ(det::Log(0.0), -kInf);
  EXPECT_EQ(det::Log(-0.0), -kInf);
  EXPECT_TRUE(std::isnan(det::Log(-1.0)));
  EXPECT_TRUE(std::isnan(det::Log(-kInf)));
  EXPECT_TRUE(std::isnan(det::Log(nan)));
  EXPECT_EQ(det::Log(kInf), kInf);
  EXPECT_NEAR(det::Log(0x1p-1074), -744.44007192138126, 1e-12);
  EXPECT_EQ(Bits(det::Log1p(0.0)), Bits(0.0));
  EXPECT_EQ(Bits(det::Log1p(-0.0)), Bits(-0.0));
  EXPECT_EQ(det::Log1p(0x1p-60), 0x1p-60);
  EXPECT_EQ(det::Log1p(kInf), kInf);
  EXPECT_EQ(det::Log1p(-1.0), -kInf);
  EXPECT_TRUE(std::isnan(det::Log1p(-2.0)));
  EXPECT_TRUE(std::isnan(det::Log1p(-kInf)));
  EXPECT_TRUE(std::isnan(det::Log1p(nan)));
}

// Every target's array forms give the scalar forms' bits (NaN payloads included), at every array length mod the
// vector length.
TEST(DetMathTest, EveryKernelTargetGivesTheScalarBits) {
  struct Form {
    const char* name;
    bool (*map)(int64_t, const double*, double*, int64_t);
    std::vector<double> inputs;
  };
  const Form forms[] = {{"exp", ExpArray, ExpInputs()}, {"log", LogArray, LogInputs()},
                        {"log1p", Log1pArray, Log1pInputs()}};
  for (const Form& form : forms) {
    const std::vector<double>& x = form.inputs;
    std::vector<double> reference(x.size());
    ASSERT_TRUE(form.map(kReferenceKernels, x.data(), reference.data(), static_cast<int64_t>(x.size())));
    for (int64_t target : AvailableKernelTargets()) {
      SCOPED_TRACE(std::string(form.name) + " on " + KernelTargetName(target));
      for (const int64_t skip : {int64_t{0}, int64_t{1}, int64_t{3}}) {
        const int64_t count = static_cast<int64_t>(x.size()) - skip;
        std::vector<double> y(x.size(), 7.0);
        ASSERT_TRUE(form.map(target, x.data() + skip, y.data(), count));
        for (int64_t i = 0; i < count; ++i) {
          ASSERT_EQ(Bits(y[static_cast<size_t>(i)]), Bits(reference[static_cast<size_t>(i + skip)]))
              << "x = " << x[static_cast<size_t>(i + skip)];
        }
      }
    }
  }
}

}  // namespace
}  // namespace openaclnn::cpu
