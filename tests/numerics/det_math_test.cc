// det_math's Exp, Log and Log1p: within the 2 ulp (4 for Log1p) of double that backend/cpu/det_math.h states,
// measured against long double expl / logl / log1pl over their whole ranges (normal, subnormal and overflowing
// results), IEEE special values as documented, and every kernel target (each compiled Highway target's vector
// forms) bit-identical to the scalar forms, on arrays whose lengths leave a scalar tail; the same for the float32
// ExpF and ExpDiffF (a sweep of every binade of float, the thresholds, the special values); and the double forms
// for float results of det_math_for_float.h within their 2^-44 relative bound, the same way.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "backend/cpu/det_math.h"
#include "backend/cpu/det_math_for_float.h"
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

// |got - exact| in units of the spacing at exact of a binary format with `digits` significand bits whose normal
// range starts at 2^min_exponent (the subnormal spacing 2^(min_exponent - digits + 1) below it).
double UlpErrorIn(int digits, int min_exponent, long double got, long double exact) {
  const long double magnitude = std::fabs(exact);
  int exponent = 0;
  std::frexp(static_cast<double>(magnitude), &exponent);
  const long double spacing = magnitude < std::ldexp(1.0L, min_exponent)
                                  ? std::ldexp(1.0L, min_exponent - digits + 1)
                                  : std::ldexp(1.0L, exponent - digits);
  return static_cast<double>(std::fabs(got - exact) / spacing);
}

double UlpError(double got, long double exact) { return UlpErrorIn(53, -1022, got, exact); }

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

// ---------------------------------------------------------------------------------------------------------------
// The forms for float results (det_math_for_float.h): within 2^-44 relative, special values, every target bitwise.

constexpr long double kForFloatBound = 0x1p-44L;  // det_math_for_float.h's stated bound.

// Exp's inputs and runs of consecutive doubles across the edges of the vector form's single-scaling shortcut
// (a vector whose lanes all lie in [-708, 709]), long enough that whole vectors on every target lie on each side.
std::vector<double> ExpForFloatInputs() {
  std::vector<double> x = ExpInputs();
  for (const double edge : {709.0, -708.0}) {
    double value = edge;
    for (int i = 0; i < 64; ++i) value = std::nextafter(value, 0.0);
    for (int i = 0; i < 128; ++i, value = std::nextafter(value, edge > 0 ? 1000.0 : -1000.0)) x.push_back(value);
  }
  return x;
}

// The softplus tail's inputs: both signs, the split at 1 + e = sqrt(2) (|x| near 0.8814), wide values.
std::vector<double> SoftplusTailInputs() {
  std::mt19937_64 rng(3456);
  std::uniform_real_distribution<double> unit(-40.0, 40.0);
  std::uniform_real_distribution<double> split(0.87, 0.89);
  std::uniform_real_distribution<double> wide(-800.0, 800.0);
  std::vector<double> x;
  for (int i = 0; i < 100000; ++i) x.push_back(unit(rng));
  for (int i = 0; i < 20000; ++i) x.push_back(split(rng));
  for (int i = 0; i < 20000; ++i) x.push_back(wide(rng));
  for (double edge : {0.0, -0.0, 1e-300, 0x1p-1074, 0.88137358701954305, -0.88137358701954305, 708.0, 745.0, 746.0,
                      -746.0, kInf, -kInf, std::numeric_limits<double>::quiet_NaN()}) {
    x.push_back(edge);
  }
  return x;
}

// The largest |got - exact| / |exact| over inputs with a finite, non-zero exact value, in units of 2^-53; fails
// past the bound (plus half the subnormal spacing, for exp's subnormal results).
template <class Got, class Exact>
double WorstRelativeError(const char* name, const std::vector<double>& inputs, Got got, Exact exact) {
  double worst = 0;
  for (double x : inputs) {
    const long double want = exact(x);
    if (!std::isfinite(want) || want == 0.0L) continue;
    const long double error = std::fabs(static_cast<long double>(got(x)) - want);
    EXPECT_LE(error, kForFloatBound * std::fabs(want) + 0x1p-1075L) << name << "(" << x << ")";
    if (std::fabs(want) >= 0x1p-1022L) {
      worst = std::max(worst, static_cast<double>(error / std::fabs(want) * 0x1p53L));
    }
  }
  std::printf("%s: largest relative error %.1f x 2^-53 (bound 2^-44 = 512 x 2^-53)\n", name, worst);
  return worst;
}

TEST(DetMathForFloatTest, EachFormIsWithinTwoToTheMinus44Relative) {
  const auto exp_worst = WorstRelativeError(
      "exp", ExpForFloatInputs(), [](double x) { return det::ExpForFloat(x); },
      [](double x) { return x > det::kExpMax || x < det::kExpMin ? 0.0L : std::exp(static_cast<long double>(x)); });
  const auto log_worst = WorstRelativeError(
      "log", LogInputs(), [](double x) { return det::LogForFloat(x); },
      [](double x) { return x > 0 && !std::isinf(x) ? std::log(static_cast<long double>(x)) : 0.0L; });
  const auto log1p_worst = WorstRelativeError(
      "log1p", Log1pInputs(), [](double x) { return det::Log1pForFloat(x); },
      [](double x) { return x > -1.0 && !std::isinf(x) ? std::log1p(static_cast<long double>(x)) : 0.0L; });
  const auto softplus_worst = WorstRelativeError(
      "softplus tail", SoftplusTailInputs(), [](double x) { return det::SoftplusTailForFloat(x); },
      [](double x) {
        return std::isnan(x) ? 0.0L : std::log1p(std::exp(-std::fabs(static_cast<long double>(x))));
      });
  RecordProperty("exp_for_float_worst", std::to_string(exp_worst));
  RecordProperty("log_for_float_worst", std::to_string(log_worst));
  RecordProperty("log1p_for_float_worst", std::to_string(log1p_worst));
  RecordProperty("softplus_tail_for_float_worst", std::to_string(softplus_worst));
}

TEST(DetMathForFloatTest, SpecialValues) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(std::isnan(det::ExpForFloat(nan)));
  EXPECT_EQ(det::ExpForFloat(kInf), kInf);
  EXPECT_EQ(Bits(det::ExpForFloat(-kInf)), Bits(0.0));
  EXPECT_EQ(det::ExpForFloat(0.0), 1.0);
  EXPECT_EQ(det::ExpForFloat(-0.0), 1.0);
  EXPECT_EQ(det::ExpForFloat(710.0), kInf);
  EXPECT_EQ(det::ExpForFloat(-746.0), 0.0);
  EXPECT_GT(det::ExpForFloat(-745.0), 0.0);  // The smallest subnormal, rounded once.
  EXPECT_TRUE(std::isfinite(det::ExpForFloat(det::kExpMax)));
  EXPECT_EQ(det::LogForFloat(1.0), 0.0);
  EXPECT_EQ(det::LogForFloat(0.0), -kInf);
  EXPECT_EQ(det::LogForFloat(-0.0), -kInf);
  EXPECT_TRUE(std::isnan(det::LogForFloat(-1.0)));
  EXPECT_TRUE(std::isnan(det::LogForFloat(-kInf)));
  EXPECT_TRUE(std::isnan(det::LogForFloat(nan)));
  EXPECT_EQ(det::LogForFloat(kInf), kInf);
  EXPECT_NEAR(det::LogForFloat(0x1p-1074), -744.44007192138126, 1e-12);
  EXPECT_EQ(Bits(det::Log1pForFloat(0.0)), Bits(0.0));
  EXPECT_EQ(Bits(det::Log1pForFloat(-0.0)), Bits(-0.0));
  EXPECT_EQ(det::Log1pForFloat(0x1p-60), 0x1p-60);
  EXPECT_EQ(det::Log1pForFloat(kInf), kInf);
  EXPECT_EQ(det::Log1pForFloat(-1.0), -kInf);
  EXPECT_TRUE(std::isfinite(det::Log1pForFloat(-1.0 + 0x1p-53)));
  EXPECT_TRUE(std::isfinite(det::Log1pForFloat(std::numeric_limits<double>::max())));
  EXPECT_TRUE(std::isnan(det::Log1pForFloat(-2.0)));
  EXPECT_TRUE(std::isnan(det::Log1pForFloat(-kInf)));
  EXPECT_TRUE(std::isnan(det::Log1pForFloat(nan)));
  EXPECT_EQ(Bits(det::SoftplusTailForFloat(kInf)), Bits(0.0));
  EXPECT_EQ(Bits(det::SoftplusTailForFloat(-kInf)), Bits(0.0));
  EXPECT_EQ(Bits(det::SoftplusTailForFloat(800.0)), Bits(0.0));
  EXPECT_EQ(det::SoftplusTailForFloat(0.0), det::LogForFloat(2.0));
  EXPECT_TRUE(std::isnan(det::SoftplusTailForFloat(nan)));
}

TEST(DetMathForFloatTest, EveryKernelTargetGivesTheScalarBits) {
  struct Form {
    const char* name;
    bool (*map)(int64_t, const double*, double*, int64_t);
    double (*scalar)(double);
    std::vector<double> inputs;
  };
  const Form forms[] = {{"exp", ExpForFloatArray, det::ExpForFloat, ExpForFloatInputs()},
                        {"log", LogForFloatArray, det::LogForFloat, LogInputs()},
                        {"log1p", Log1pForFloatArray, det::Log1pForFloat, Log1pInputs()},
                        {"softplus tail", SoftplusTailForFloatArray, det::SoftplusTailForFloat,
                         SoftplusTailInputs()}};
  for (const Form& form : forms) {
    const std::vector<double>& x = form.inputs;
    std::vector<double> reference(x.size());
    ASSERT_TRUE(form.map(kReferenceKernels, x.data(), reference.data(), static_cast<int64_t>(x.size())));
    for (size_t i = 0; i < x.size(); ++i) {
      ASSERT_EQ(Bits(reference[i]), Bits(form.scalar(x[i])));
    }
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

// LogRatioForFloat's operand pairs: ratios over the whole exponent range, ratios within 2^-20 of 1 (where the
// result cancels), ratios near sqrt(2) and sqrt(1/2) and a's mantissa near sqrt(2) (where the reduction
// switches), and logit's (z, 1 - z) for floats z across (0, 1), near 0.5 and near 1 above all.
std::vector<std::pair<double, double>> LogRatioInputs() {
  std::mt19937_64 rng(9012);
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> exponent(-1022, 1023);
  std::uniform_real_distribution<double> near_one(-0x1p-20, 0x1p-20);
  std::uniform_real_distribution<double> split(1.40, 1.43);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  std::vector<std::pair<double, double>> pairs;
  for (int i = 0; i < 50000; ++i) {
    pairs.emplace_back(std::ldexp(mantissa(rng), exponent(rng)), std::ldexp(mantissa(rng), exponent(rng)));
  }
  for (int i = 0; i < 30000; ++i) {
    const double b = std::ldexp(mantissa(rng), exponent(rng) / 2);
    pairs.emplace_back(b * (1.0 + near_one(rng)), b);
  }
  for (int i = 0; i < 20000; ++i) {
    const double m = mantissa(rng);
    pairs.emplace_back(m * split(rng), m);
    pairs.emplace_back(m, m * split(rng));
    pairs.emplace_back(m / split(rng), m);                                           // Ratios near sqrt(1/2).
    pairs.emplace_back(std::ldexp(split(rng), exponent(rng) / 2), mantissa(rng));  // a's mantissa near sqrt(2).
  }
  for (int i = 0; i < 50000; ++i) {
    const double z = unit(rng);
    pairs.emplace_back(z, 1.0 - z);
  }
  for (float z = 0.5f, w = 0.5f; z < 0.5001f; z = std::nextafter(z, 1.0f), w = std::nextafter(w, 0.0f)) {
    pairs.emplace_back(z, 1.0 - z);
    pairs.emplace_back(w, 1.0 - static_cast<double>(w));
  }
  float below_one = 1.0f;
  for (int i = 0; i < 2000; ++i) {
    below_one = std::nextafter(below_one, 0.0f);
    pairs.emplace_back(below_one, 1.0 - below_one);
  }
  for (double z : {0x1p-149, 0x1p-126, 1e-30, 1e-10, 0.25, 0.75, 1.0 - 0x1p-24}) {
    pairs.emplace_back(z, 1.0 - z);
  }
  return pairs;
}

long double ExactLogRatio(double a, double b) {
  const long double ratio = static_cast<long double>(a) / b;
  if (std::fabs(ratio - 1.0L) < 0.5L) {
    return std::log1p((static_cast<long double>(a) - b) / b);  // a - b is exact in long double here.
  }
  return std::log(ratio);
}

TEST(DetMathForFloatTest, LogRatioIsWithinTwoToTheMinus44Relative) {
  double worst = 0;
  for (const auto& [a, b] : LogRatioInputs()) {
    const long double want = ExactLogRatio(a, b);
    if (want == 0.0L) {
      EXPECT_EQ(det::LogRatioForFloat(a, b), 0.0) << a << " / " << b;
      continue;
    }
    const long double error = std::fabs(static_cast<long double>(det::LogRatioForFloat(a, b)) - want);
    EXPECT_LE(error, kForFloatBound * std::fabs(want)) << "log(" << a << " / " << b << ")";
    worst = std::max(worst, static_cast<double>(error / std::fabs(want) * 0x1p53L));
  }
  std::printf("log ratio: largest relative error %.1f x 2^-53 (bound 2^-44 = 512 x 2^-53)\n", worst);
  RecordProperty("log_ratio_for_float_worst", std::to_string(worst));
}

TEST(DetMathForFloatTest, LogRatioSpecialValues) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double payload = det::DoubleFromBits(0xFFF8000000000123ull);  // A quiet NaN with a sign and a payload.
  EXPECT_EQ(det::LogRatioForFloat(1.0, 1.0), 0.0);
  EXPECT_EQ(det::LogRatioForFloat(0.5, 0.5), 0.0);
  EXPECT_EQ(det::LogRatioForFloat(2.0, 1.0), det::LogForFloat(2.0));
  EXPECT_EQ(det::LogRatioForFloat(0.0, 1.0), -kInf);
  EXPECT_EQ(det::LogRatioForFloat(-0.0, 1.0), -kInf);
  EXPECT_EQ(det::LogRatioForFloat(1.0, kInf), -kInf);
  EXPECT_EQ(det::LogRatioForFloat(1.0, 0.0), kInf);
  EXPECT_EQ(det::LogRatioForFloat(1.0, -0.0), kInf);
  EXPECT_EQ(det::LogRatioForFloat(kInf, 1.0), kInf);
  EXPECT_EQ(det::LogRatioForFloat(0.0, kInf), -kInf);
  EXPECT_EQ(det::LogRatioForFloat(kInf, 0.0), kInf);
  for (const auto& [a, b] : {std::pair{0.0, 0.0}, std::pair{-0.0, 0.0}, std::pair{kInf, kInf},
                             std::pair{-1.0, 1.0}, std::pair{1.0, -1.0}, std::pair{-kInf, kInf},
                             std::pair{1.5, -0x1p-30}}) {
    EXPECT_EQ(Bits(det::LogRatioForFloat(a, b)), Bits(nan)) << a << " / " << b;
  }
  EXPECT_EQ(Bits(det::LogRatioForFloat(payload, nan)), Bits(payload));
  EXPECT_EQ(Bits(det::LogRatioForFloat(2.0, payload)), Bits(payload));
  // The exact ratio's logarithm, where the ratio itself overflows or underflows double.
  EXPECT_NEAR(det::LogRatioForFloat(0x1p1000, 0x1p-1000), 2000 * 0.69314718055994531, 1e-9);
  EXPECT_NEAR(det::LogRatioForFloat(0x1p-1000, 0x1p1000), -2000 * 0.69314718055994531, 1e-9);
}

TEST(DetMathForFloatTest, LogRatioOnEveryKernelTargetGivesTheScalarBits) {
  std::vector<std::pair<double, double>> pairs = LogRatioInputs();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const double special : {0.0, -0.0, kInf, -kInf, nan, -1.0, 1.0, 0.5}) {
    for (const double other : {0.0, -0.0, kInf, -kInf, nan, -1.0, 1.0, 0.5, 0x1p-1000}) {
      pairs.emplace_back(special, other);
      pairs.emplace_back(other, special);
    }
  }
  std::vector<double> a;
  std::vector<double> b;
  for (const auto& [x, y] : pairs) {
    a.push_back(x);
    b.push_back(y);
  }
  std::vector<double> reference(a.size());
  ASSERT_TRUE(LogRatioForFloatArray(kReferenceKernels, a.data(), b.data(), reference.data(),
                                    static_cast<int64_t>(a.size())));
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(Bits(reference[i]), Bits(det::LogRatioForFloat(a[i], b[i])));
  }
  for (int64_t target : AvailableKernelTargets()) {
    SCOPED_TRACE(KernelTargetName(target));
    for (const int64_t skip : {int64_t{0}, int64_t{1}, int64_t{3}}) {
      const int64_t count = static_cast<int64_t>(a.size()) - skip;
      std::vector<double> y(a.size(), 7.0);
      ASSERT_TRUE(LogRatioForFloatArray(target, a.data() + skip, b.data() + skip, y.data(), count));
      for (int64_t i = 0; i < count; ++i) {
        const auto k = static_cast<size_t>(i + skip);
        ASSERT_EQ(Bits(y[static_cast<size_t>(i)]), Bits(reference[k])) << "log(" << a[k] << " / " << b[k] << ")";
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// ExpF and ExpDiffF (float32 arithmetic).

uint32_t FloatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

double FloatUlpError(float got, long double exact) { return UlpErrorIn(24, -126, got, exact); }

// Every float in [-104, 88.75] at a fixed stride of float bit patterns (about 7 x 10^5 inputs, some 2,800 in each
// binade), the thresholds and their neighbours, and the special values.
std::vector<float> ExpFloatInputs() {
  std::vector<float> x;
  for (uint32_t bits = 0; bits < 0x7F800000u; bits += 3001) {
    float value;
    std::memcpy(&value, &bits, sizeof(value));
    if (value <= 88.75f) x.push_back(value);
    if (value <= 104.0f) x.push_back(-value);
  }
  for (float edge : {0.0f, -0.0f, det::kExpMaxF, std::nextafter(det::kExpMaxF, 0.0f),
                     std::nextafter(det::kExpMaxF, 100.0f), det::kExpMinF, std::nextafter(det::kExpMinF, 0.0f),
                     std::nextafter(det::kExpMinF, -200.0f), -87.33654f, -103.2789f, -103.97207f, -103.97208f,
                     0.34657359f, -0.34657359f, 1e-30f, -1e-30f, 89.0f, -105.0f, std::numeric_limits<float>::max(),
                     -std::numeric_limits<float>::max(), std::numeric_limits<float>::infinity(),
                     -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()}) {
    x.push_back(edge);
  }
  // Runs of consecutive floats inside and across the edges of the vector forms' shortcut (det_math-inl.h: a
  // vector whose lanes all lie in [-86, 88]), long enough that whole vectors on every target lie in each: its
  // largest scalings (k = 127) and its smallest (k = -124), and vectors that straddle an edge.
  for (const float edge : {88.0f, -86.0f}) {
    float value = edge;
    for (int i = 0; i < 64; ++i) value = std::nextafter(value, 0.0f);
    for (int i = 0; i < 128; ++i, value = std::nextafter(value, edge > 0 ? 100.0f : -100.0f)) x.push_back(value);
  }
  return x;
}

constexpr double kExpFBoundUlp = 2.0;  // det_math.h's stated bound.

TEST(DetMathTest, ExpFIsWithinTwoFloatUlpOfLongDouble) {
  double worst = 0;
  double worst_relative = 0;
  for (float x : ExpFloatInputs()) {
    if (!std::isfinite(x) || x > det::kExpMaxF || x < det::kExpMinF) continue;
    const long double exact = std::exp(static_cast<long double>(x));
    if (exact > static_cast<long double>(std::numeric_limits<float>::max())) {
      EXPECT_EQ(det::ExpF(x), std::numeric_limits<float>::infinity()) << "exp(" << x << ")";
      continue;
    }
    const double error = FloatUlpError(det::ExpF(x), exact);
    ASSERT_LE(error, kExpFBoundUlp) << "exp(" << x << ")";
    worst = std::max(worst, error);
    if (exact >= 0x1p-126L) {  // The relative bound the softmax family's bounds build on (docs/softmax.md).
      const auto relative =
          static_cast<double>(std::fabs(static_cast<long double>(det::ExpF(x)) / exact - 1.0L) * 0x1p24L);
      ASSERT_LE(relative, 2.0) << "exp(" << x << "): relative error in units of 2^-24";
      worst_relative = std::max(worst_relative, relative);
    }
  }
  std::printf("expf: largest error %.3f ulp, %.3f x 2^-24 relative\n", worst, worst_relative);
  RecordProperty("expf_worst_ulp", std::to_string(worst));
}

// exp(x - m) of the exact difference, for pairs whose float difference rounds (a wide range, as in a softmax row
// spanning R), within the same bound of exp of the exact difference.
TEST(DetMathTest, ExpDiffFTakesTheDifferenceExactly) {
  std::mt19937_64 rng(91);
  // x near 0 has a finer grid than m in [3, 100], so fl(x - m) rounds by up to 2^-24 |x - m|.
  std::uniform_real_distribution<float> max_value(3.0f, 100.0f);
  std::uniform_real_distribution<float> element(-3.0f, 3.0f);
  double worst = 0;
  double worst_rounded_difference = 0;
  for (int i = 0; i < 200000; ++i) {
    const float m = max_value(rng);
    const float x = element(rng);
    const long double exact = std::exp(static_cast<long double>(x) - static_cast<long double>(m));
    const double error = FloatUlpError(det::ExpDiffF(x, m), exact);
    ASSERT_LE(error, kExpFBoundUlp) << "exp(" << x << " - " << m << ")";
    worst = std::max(worst, error);
    worst_rounded_difference = std::max(worst_rounded_difference, FloatUlpError(det::ExpF(x - m), exact));
  }
  std::printf("expf of a difference: largest error %.3f ulp (%.1f through the rounded difference)\n", worst,
              worst_rounded_difference);
  // The test's inputs are ones where the exact difference matters: the rounded one is far off.
  EXPECT_GT(worst_rounded_difference, 10.0);
}

TEST(DetMathTest, ExpFSpecialValues) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isnan(det::ExpF(nan)));
  EXPECT_EQ(det::ExpF(inf), inf);
  EXPECT_EQ(FloatBits(det::ExpF(-inf)), FloatBits(0.0f));
  EXPECT_EQ(det::ExpF(0.0f), 1.0f);
  EXPECT_EQ(det::ExpF(-0.0f), 1.0f);
  EXPECT_EQ(det::ExpF(89.0f), inf);
  EXPECT_EQ(det::ExpF(det::kExpMaxF), inf);  // exp(88.7228394) is above FLT_MAX + half an ulp: rounds to inf.
  EXPECT_TRUE(std::isfinite(det::ExpF(std::nextafter(det::kExpMaxF, 0.0f))));
  EXPECT_EQ(det::ExpF(-105.0f), 0.0f);
  EXPECT_EQ(FloatBits(det::ExpF(-103.2789f)), 1u);  // exp = 2^-149 within 1%: the smallest subnormal.
  EXPECT_EQ(det::ExpF(-104.0f), 0.0f);             // exp(-104) < 2^-150: rounds to 0.
  EXPECT_GT(det::ExpF(-87.5f), 0.0f);
  EXPECT_LT(det::ExpF(-87.5f), 0x1p-126f);  // Subnormal.
  EXPECT_TRUE(std::isnan(det::ExpDiffF(-inf, -inf)));
  EXPECT_EQ(det::ExpDiffF(-inf, 0.0f), 0.0f);
  EXPECT_EQ(det::ExpDiffF(3.0f, 3.0f), 1.0f);
  EXPECT_TRUE(std::isnan(det::ExpDiffF(nan, 0.0f)));
  EXPECT_TRUE(std::isnan(det::ExpDiffF(0.0f, nan)));
  EXPECT_EQ(det::ExpDiffF(1e30f, -1e30f), inf);
}

TEST(DetMathTest, ExpFOnEveryKernelTargetGivesTheScalarBits) {
  const std::vector<float> x = ExpFloatInputs();
  const auto n = static_cast<int64_t>(x.size());
  // Each target computes every input from the start; then, from odd starts (unaligned loads, every tail length), a
  // span at the head and one over the last inputs (the shortcut's edges): the whole array once per start took most
  // of this test's time under emulation, for no other coverage. {start, count} pairs.
  constexpr int64_t kSpan = 4099;
  std::vector<std::pair<int64_t, int64_t>> runs = {{0, n}};
  for (const int64_t skip : {int64_t{1}, int64_t{3}, int64_t{7}}) {
    runs.emplace_back(skip, kSpan - skip);
    runs.emplace_back(n - kSpan + skip, kSpan - skip);
  }
  for (const bool diff : {false, true}) {
    for (const float m : diff ? std::vector<float>{0.0f, 7.25f, -3.1f, 1000.5f} : std::vector<float>{0.0f}) {
      std::vector<float> reference(x.size());
      ASSERT_TRUE(diff ? ExpDiffFloatArray(kReferenceKernels, x.data(), m, reference.data(), n)
                       : ExpFloatArray(kReferenceKernels, x.data(), reference.data(), n));
      for (int64_t i = 0; i < n; ++i) {
        const float xi = x[static_cast<size_t>(i)];
        const float expected = diff ? det::ExpDiffF(xi, m) : det::ExpF(xi);
        ASSERT_EQ(FloatBits(reference[static_cast<size_t>(i)]), FloatBits(expected));
      }
      for (int64_t target : AvailableKernelTargets()) {
        SCOPED_TRACE(std::string(diff ? "expdiff" : "expf") + " m = " + std::to_string(m) + " on " +
                     KernelTargetName(target));
        for (const auto& [start, count] : runs) {
          std::vector<float> y(static_cast<size_t>(count), 7.0f);
          ASSERT_TRUE(diff ? ExpDiffFloatArray(target, x.data() + start, m, y.data(), count)
                           : ExpFloatArray(target, x.data() + start, y.data(), count));
          for (int64_t i = 0; i < count; ++i) {
            ASSERT_EQ(FloatBits(y[static_cast<size_t>(i)]), FloatBits(reference[static_cast<size_t>(start + i)]))
                << "x = " << x[static_cast<size_t>(start + i)] << ", run from " << start;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace openaclnn::cpu
