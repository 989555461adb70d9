// The float32 function family of backend/cpu/det_math_float.h (LogF, Log1pF, SoftplusTailF, SigmoidF, TanhF):
// within the 2 float ulp it states, measured against long double over every binade of each function's domain
// (normal and subnormal inputs and results), IEEE special values as documented, and every kernel target (each
// compiled Highway target's vector forms) bit-identical to the scalar forms, from aligned and odd starts; the exact
// product's error (ProductErrorF) and the softplus tail of an exact product (SoftplusTailSumF).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "backend/cpu/det_math_float.h"
#include "backend/cpu/det_math_hwy.h"
#include "backend/cpu/kernel_target.h"

namespace openaclnn::cpu {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr double kBoundUlp = 2.0;  // det_math_float.h's stated bound.

uint32_t FloatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

float FloatOfBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

// |got - exact| in float ulps at exact (the subnormal spacing 2^-149 below 2^-126).
double FloatUlpError(float got, long double exact) {
  const long double magnitude = std::fabs(exact);
  int exponent = 0;
  std::frexp(static_cast<double>(magnitude), &exponent);
  const long double spacing = magnitude < 0x1p-126L ? 0x1p-149L : std::ldexp(1.0L, exponent - 24);
  return static_cast<double>(std::fabs(static_cast<long double>(got) - exact) / spacing);
}

// Floats of every binade from the smallest subnormal up to `limit` (magnitudes), at a fixed stride of bit patterns
// (about 1,000 per binade), each with the signs `signs` asks for; then the `extra` values.
std::vector<float> EveryBinade(float limit, bool positive, bool negative, std::initializer_list<float> extra) {
  std::vector<float> x;
  for (uint32_t bits = 1; bits < 0x7F800000u; bits += 7919) {
    const float value = FloatOfBits(bits);
    if (value > limit) break;
    if (positive) x.push_back(value);
    if (negative) x.push_back(-value);
  }
  x.insert(x.end(), extra);
  return x;
}

// A run of `count` consecutive floats centred on `at`.
void AddRunAround(float at, int count, std::vector<float>* x) {
  float value = at;
  for (int i = 0; i < count / 2; ++i) value = std::nextafter(value, -kInf);
  for (int i = 0; i < count; ++i, value = std::nextafter(value, kInf)) x->push_back(value);
}

struct Function {
  const char* name;
  FloatFunction id;
  float (*scalar)(float);
  long double (*exact)(long double);
  std::vector<float> inputs;
};

long double ExactSoftplusTail(long double x) { return std::log1p(std::exp(-std::fabs(x))); }
long double ExactSigmoid(long double x) { return 1.0L / (1.0L + std::exp(-x)); }
long double ExactLog(long double x) { return std::log(x); }
long double ExactLog1p(long double x) { return std::log1p(x); }
long double ExactTanh(long double x) { return std::tanh(x); }

std::vector<Function> Functions() {
  std::vector<Function> functions = {
      {"log", FloatFunction::kLog, det::LogF, ExactLog,
       EveryBinade(std::numeric_limits<float>::max(), true, false,
                   {1.0f, std::nextafter(1.0f, 0.0f), std::nextafter(1.0f, 2.0f), 1.41421354f, 1.41421366f,
                    0.707106769f, 0.707106829f, 0x1p-149f, 0x1p-126f, std::numeric_limits<float>::max()})},
      {"log1p", FloatFunction::kLog1p, det::Log1pF, ExactLog1p,
       EveryBinade(std::numeric_limits<float>::max(), true, false,
                   {-0.5f, -0.75f, -0.999999f, std::nextafter(-1.0f, 0.0f), 1.0f, 0x1p-24f, -0x1p-25f, 0x1p-23f,
                    0.41421354f, -0.29289322f, std::numeric_limits<float>::max()})},
      {"softplus tail", FloatFunction::kSoftplusTail, det::SoftplusTailF, ExactSoftplusTail,
       EveryBinade(120.0f, true, true, {0.6931472f, -0.6931472f, 104.0f, -104.0f, 103.0f})},
      {"sigmoid", FloatFunction::kSigmoid, det::SigmoidF, ExactSigmoid,
       EveryBinade(120.0f, true, true, {88.0f, -88.0f, 103.9f, -103.9f, 16.6f, -16.6f})},
      {"tanh", FloatFunction::kTanh, det::TanhF, ExactTanh,
       EveryBinade(20.0f, true, true, {0x1p-149f, -0x1p-149f, 9.1f, -9.1f})},
  };
  // log1p below zero: every binade of (-1, 0), and densely near -1 (where 1 + u is exact and small).
  for (uint32_t bits = 1; bits < 0x3F800000u; bits += 7919) functions[1].inputs.push_back(-FloatOfBits(bits));
  AddRunAround(-0.5f, 200, &functions[1].inputs);
  // The split points and ranges' edges, densely: LogF's sqrt(2) carry, SoftplusTailF's e = 1/2, TanhF's series
  // limit.
  AddRunAround(1.41421354f, 200, &functions[0].inputs);
  AddRunAround(0.6931472f, 200, &functions[2].inputs);
  AddRunAround(det::kTanhSeriesLimitF, 400, &functions[4].inputs);
  AddRunAround(-det::kTanhSeriesLimitF, 400, &functions[4].inputs);
  return functions;
}

TEST(DetMathFloatTest, EachFunctionIsWithinTwoUlpOfLongDouble) {
  for (const Function& function : Functions()) {
    double worst = 0;
    float worst_at = 0;
    for (const float x : function.inputs) {
      const long double exact = function.exact(x);
      if (!std::isfinite(static_cast<double>(exact))) continue;
      const double error = FloatUlpError(function.scalar(x), exact);
      ASSERT_LE(error, kBoundUlp) << function.name << "(" << x << ")";
      if (error > worst) {
        worst = error;
        worst_at = x;
      }
    }
    std::printf("%s: largest error %.3f ulp at %.9g (%zu inputs)\n", function.name, worst, worst_at,
                function.inputs.size());
    RecordProperty(std::string(function.name) + "_worst_ulp", std::to_string(worst));
  }
}

// ProductErrorF gives a * b - fl(a * b) exactly (checked in double, where the product is exact) for products whose
// partial products stay normal (magnitudes from 2^-90 to 2^92 here), and +0 where the split would overflow.
TEST(DetMathFloatTest, ProductErrorIsExact) {
  std::mt19937 rng(2718);
  std::uniform_real_distribution<float> mantissa(1.0f, 2.0f);
  std::uniform_int_distribution<int> exponent(-45, 45);
  for (int i = 0; i < 200000; ++i) {
    const float a = std::ldexp(mantissa(rng), exponent(rng)) * (i % 2 == 0 ? 1.0f : -1.0f);
    const float b = std::ldexp(mantissa(rng), exponent(rng)) * (i % 3 == 0 ? -1.0f : 1.0f);
    const float product = a * b;
    const double exact_error = static_cast<double>(a) * static_cast<double>(b) - static_cast<double>(product);
    ASSERT_EQ(static_cast<double>(det::ProductErrorF(a, b, product)), exact_error) << a << " * " << b;
  }
  EXPECT_EQ(det::ProductErrorF(1e37f, 1e-37f, 1e37f * 1e-37f), 0.0f);  // 4097 * 1e37 overflows: no error known.
  EXPECT_EQ(det::ProductErrorF(kInf, 2.0f, kInf), 0.0f);
}

// SoftplusTailSumF(-z, -e) for z = fl(y x) and e its exact error is the softplus tail of the exact product, within
// the family's 2 ulp (rounding z first would cost up to |z| / 2 ulps).
TEST(DetMathFloatTest, SoftplusTailOfAnExactProductIsWithinTwoUlp) {
  std::mt19937 rng(3141);
  std::uniform_real_distribution<float> value(-12.0f, 12.0f);
  double worst = 0;
  double worst_rounded = 0;
  for (int i = 0; i < 200000; ++i) {
    const float x = value(rng);
    const float y = value(rng);
    const float z = y * x;
    const long double exact_z = static_cast<long double>(y) * static_cast<long double>(x);
    const long double exact = std::log1p(std::exp(-std::fabs(exact_z)));
    const double error = FloatUlpError(det::SoftplusTailSumF(-z, -det::ProductErrorF(y, x, z)), exact);
    ASSERT_LE(error, kBoundUlp) << "softplus tail of " << y << " * " << x;
    worst = std::max(worst, error);
    worst_rounded = std::max(worst_rounded, FloatUlpError(det::SoftplusTailF(-z), exact));
  }
  std::printf("softplus tail of an exact product: largest error %.3f ulp (%.1f from the rounded product)\n", worst,
              worst_rounded);
  EXPECT_GT(worst_rounded, 10.0);  // The inputs reach products whose rounding matters.
}

TEST(DetMathFloatTest, SpecialValues) {
  EXPECT_TRUE(std::isnan(det::LogF(kNaN)));
  EXPECT_EQ(det::LogF(kInf), kInf);
  EXPECT_EQ(det::LogF(0.0f), -kInf);
  EXPECT_EQ(det::LogF(-0.0f), -kInf);
  EXPECT_TRUE(std::isnan(det::LogF(-1.0f)));
  EXPECT_TRUE(std::isnan(det::LogF(-kInf)));
  EXPECT_EQ(FloatBits(det::LogF(1.0f)), FloatBits(0.0f));

  EXPECT_EQ(FloatBits(det::Log1pF(0.0f)), FloatBits(0.0f));
  EXPECT_EQ(FloatBits(det::Log1pF(-0.0f)), FloatBits(-0.0f));
  EXPECT_EQ(det::Log1pF(1e-30f), 1e-30f);
  EXPECT_EQ(det::Log1pF(kInf), kInf);
  EXPECT_EQ(det::Log1pF(-1.0f), -kInf);
  EXPECT_TRUE(std::isnan(det::Log1pF(-1.5f)));
  EXPECT_TRUE(std::isnan(det::Log1pF(-kInf)));
  EXPECT_TRUE(std::isnan(det::Log1pF(kNaN)));

  EXPECT_EQ(FloatBits(det::SoftplusTailF(kInf)), FloatBits(0.0f));
  EXPECT_EQ(FloatBits(det::SoftplusTailF(-kInf)), FloatBits(0.0f));
  EXPECT_EQ(FloatBits(det::SoftplusTailF(0.0f)), FloatBits(det::LogF(2.0f)));
  EXPECT_TRUE(std::isnan(det::SoftplusTailF(kNaN)));

  EXPECT_EQ(det::SigmoidF(kInf), 1.0f);
  EXPECT_EQ(FloatBits(det::SigmoidF(-kInf)), FloatBits(0.0f));
  EXPECT_EQ(det::SigmoidF(0.0f), 0.5f);
  EXPECT_EQ(det::SigmoidF(-0.0f), 0.5f);
  EXPECT_EQ(det::SigmoidF(100.0f), 1.0f);
  EXPECT_TRUE(std::isnan(det::SigmoidF(kNaN)));

  EXPECT_EQ(det::TanhF(kInf), 1.0f);
  EXPECT_EQ(det::TanhF(-kInf), -1.0f);
  EXPECT_EQ(FloatBits(det::TanhF(0.0f)), FloatBits(0.0f));
  EXPECT_EQ(FloatBits(det::TanhF(-0.0f)), FloatBits(-0.0f));
  EXPECT_EQ(det::TanhF(0x1p-149f), 0x1p-149f);
  EXPECT_TRUE(std::isnan(det::TanhF(kNaN)));
  for (const float x : {0.1f, 0.624f, 0.625f, 3.0f, 50.0f}) {
    EXPECT_EQ(FloatBits(det::TanhF(-x)), FloatBits(-det::TanhF(x))) << x;  // Odd.
  }
  // NaN in, the input out (its payload and sign), as every target gives it.
  const float payload = FloatOfBits(0xFFC01234u);
  for (float (*f)(float) : {det::LogF, det::Log1pF, det::SoftplusTailF, det::SigmoidF, det::TanhF}) {
    EXPECT_EQ(FloatBits(f(payload)), 0xFFC01234u);
  }
}

TEST(DetMathFloatTest, EveryKernelTargetGivesTheScalarBits) {
  for (Function& function : Functions()) {
    std::vector<float>& x = function.inputs;
    // The special values inside every vector position.
    for (const float special : {kNaN, FloatOfBits(0xFFC01234u), kInf, -kInf, 0.0f, -0.0f, -1.0f, -2.0f}) {
      x.insert(x.begin() + static_cast<std::ptrdiff_t>(x.size() / 2), special);
    }
    const auto n = static_cast<int64_t>(x.size());
    std::vector<float> reference(x.size());
    ASSERT_TRUE(FloatFunctionArray(kReferenceKernels, function.id, x.data(), reference.data(), n));
    for (int64_t i = 0; i < n; ++i) {
      ASSERT_EQ(FloatBits(reference[static_cast<size_t>(i)]), FloatBits(function.scalar(x[static_cast<size_t>(i)])));
    }
    for (const int64_t target : AvailableKernelTargets()) {
      SCOPED_TRACE(std::string(function.name) + " on " + KernelTargetName(target));
      for (const int64_t skip : {int64_t{0}, int64_t{1}, int64_t{3}, int64_t{7}}) {
        const int64_t count = n - skip;
        std::vector<float> y(static_cast<size_t>(count), 7.0f);
        ASSERT_TRUE(FloatFunctionArray(target, function.id, x.data() + skip, y.data(), count));
        for (int64_t i = 0; i < count; ++i) {
          ASSERT_EQ(FloatBits(y[static_cast<size_t>(i)]), FloatBits(reference[static_cast<size_t>(i + skip)]))
              << "x = " << x[static_cast<size_t>(i + skip)] << ", from " << skip;
        }
      }
    }
  }
}

}  // namespace
}  // namespace openaclnn::cpu
