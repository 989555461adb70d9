// aclnnSoftmax and aclnnLogSoftmax through the public API: values against the long-double reference over kind x
// self type x out type x shape and dim (0-D to 4-D, every dim, negative dims) x layout (contiguous, offset, padded,
// transposed); CANN's documented examples; large inputs that overflow a naive exp, -inf and NaN elements; empty
// tensors; results bit-identical for 1 to 4 threads; sentinels around out.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"
#include "softmax_reference.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Outcome {
  aclnnStatus phase1 = -1;
  aclError sync = -1;
  std::string message;
};

Outcome RunSoftmax(bool log, const DeviceTensor& self, int64_t dim, const DeviceTensor& out) {
  uint64_t workspace = 1;
  aclOpExecutor* executor = nullptr;
  Outcome outcome;
  outcome.phase1 = log ? aclnnLogSoftmaxGetWorkspaceSize(self.get(), dim, out.get(), &workspace, &executor)
                       : aclnnSoftmaxGetWorkspaceSize(self.get(), dim, out.get(), &workspace, &executor);
  if (outcome.phase1 != 0) {
    outcome.message = TakeErrorMessage();
    return outcome;
  }
  EXPECT_EQ(workspace, 0u);
  ScopedStream stream;
  const aclnnStatus phase2 = log ? aclnnLogSoftmax(nullptr, 0, executor, stream.get())
                                 : aclnnSoftmax(nullptr, 0, executor, stream.get());
  EXPECT_EQ(phase2, 0);
  outcome.sync = aclrtSynchronizeStream(stream.get());
  outcome.message = TakeErrorMessage();
  return outcome;
}

Outcome RunBackward(bool log, const DeviceTensor& grad, const DeviceTensor& output, int64_t dim,
                    const DeviceTensor& out) {
  uint64_t workspace = 1;
  aclOpExecutor* executor = nullptr;
  Outcome outcome;
  outcome.phase1 =
      log ? aclnnLogSoftmaxBackwardGetWorkspaceSize(grad.get(), output.get(), dim, out.get(), &workspace, &executor)
          : aclnnSoftmaxBackwardGetWorkspaceSize(grad.get(), output.get(), dim, out.get(), &workspace, &executor);
  if (outcome.phase1 != 0) {
    outcome.message = TakeErrorMessage();
    return outcome;
  }
  ScopedStream stream;
  EXPECT_EQ(log ? aclnnLogSoftmaxBackward(nullptr, 0, executor, stream.get())
                : aclnnSoftmaxBackward(nullptr, 0, executor, stream.get()),
            0);
  outcome.sync = aclrtSynchronizeStream(stream.get());
  outcome.message = TakeErrorMessage();
  return outcome;
}

double Stored(aclDataType dtype, double value) { return dtype == ACL_DOUBLE ? value : RoundTo(dtype, value); }

// The bounds of docs/softmax.md, for a row of L elements whose values span R (max - min; the grid draws from
// [-8, 8], so R <= 16). Rows computed in double (a DOUBLE self or out) are within (2L + 8 + R) 2^-53 |out| of
// softmax (relative) and within (2L + 4 + 6 |out|) 2^-53 of log-softmax (absolute: log(S) of a sum near 1 cancels,
// the bound DECISIONS 18 asks to be absolute) before the final rounding. Rows of FLOAT, FLOAT16 or BFLOAT16 self
// and out compute in float (det::ExpDiffF, relative error at most 2^-23 for normal results, then one float
// reciprocal or logarithm per row): softmax is within (2^-22 + 2^-24 + 2^-44 + (2L + 8) 2^-53) |out| (the term's
// error, the sum's, the reciprocal's rounding and their products), log-softmax within
// 2^-23 + 2^-46 + 2^-23 |out| + (2L + 4 + 6 |out|) 2^-53 (log of the sum's relative error; the roundings of x - m
// and of log(S), each at most 2^-24 |out|), before the final rounding of half an ulp.
// FLOAT16 and BFLOAT16 outs: far below their ulp, so within 1 ulp of the reference rounded once.
bool FloatPath(aclDataType self, aclDataType out) { return self != ACL_DOUBLE && out != ACL_DOUBLE; }

double ComputedBound(bool in_float, bool log, int64_t length, double reference) {
  const double unit = std::ldexp(1.0, -53);
  const auto length_terms = static_cast<double>(length);
  const double magnitude = std::fabs(reference);
  if (log) {
    return (in_float ? std::ldexp(1.0, -23) * (1 + magnitude) + std::ldexp(1.0, -46) : 0.0) +
           (2 * length_terms + 4 + 6 * magnitude) * unit;
  }
  const double span = in_float ? 0.0 : 16.0;  // ExpDiffF takes x - m exactly; in double it is exact for floats.
  const double float_term =
      in_float ? std::ldexp(1.0, -22) + std::ldexp(1.0, -24) + std::ldexp(1.0, -44) : 0.0;
  return (float_term + (2 * length_terms + 8 + span) * unit) * magnitude;
}

void ExpectClose(aclDataType self, aclDataType dtype, bool log, int64_t length, double got, double reference,
                 const std::string& where) {
  if (std::isnan(reference)) {
    EXPECT_TRUE(std::isnan(got)) << where << ": got " << got;
    return;
  }
  if (dtype == ACL_DOUBLE || dtype == ACL_FLOAT) {
    const double rounding =
        dtype == ACL_DOUBLE ? 0.0 : 0.5 * std::max(UlpAt(dtype, reference), UlpAt(dtype, got));
    const double bound = ComputedBound(FloatPath(self, dtype), log, length, reference) + rounding;
    EXPECT_LE(std::fabs(got - reference), bound) << where << ": got " << got << ", reference " << reference;
    return;
  }
  EXPECT_LE(UlpDistance(dtype, got, RoundTo(dtype, reference)), 1.0)
      << where << ": got " << got << ", reference " << reference;
}

enum class Arrangement { kContiguous, kOffset, kPadded, kTransposed };

Layout LayoutFor(Arrangement a, const std::vector<int64_t>& dims) {
  switch (a) {
    case Arrangement::kContiguous: return {};
    case Arrangement::kOffset: return {{}, 5, 3};
    case Arrangement::kPadded: return {PaddedStrides(dims, 1), 2, 3};
    case Arrangement::kTransposed:
      return {dims.size() >= 2 ? TransposedStrides(dims) : std::vector<int64_t>{}, 1, 3};
  }
  return {};
}

const char* Name(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "float";
    case ACL_FLOAT16: return "fp16";
    case ACL_BF16: return "bf16";
    case ACL_DOUBLE: return "double";
    default: return "other";
  }
}

using GridParam = std::tuple<bool, aclDataType, aclDataType, Arrangement>;

class SoftmaxGrid : public ::testing::TestWithParam<GridParam> {};

TEST_P(SoftmaxGrid, MatchesTheReferenceAlongEveryDim) {
  const auto [log, self_type, out_type, arrangement] = GetParam();
  const std::vector<std::vector<int64_t>> shapes = {{}, {7}, {3, 5}, {2, 3, 4}, {2, 1, 3, 2}};
  std::mt19937 rng(41);
  std::uniform_real_distribution<double> value(-8.0, 8.0);
  for (const std::vector<int64_t>& dims : shapes) {
    const auto rank = static_cast<int64_t>(dims.size());
    for (int64_t dim = -std::max<int64_t>(rank, 1); dim < std::max<int64_t>(rank, 1); ++dim) {
      SCOPED_TRACE("rank " + std::to_string(rank) + " dim " + std::to_string(dim));
      DeviceTensor self(dims, self_type, LayoutFor(arrangement, dims));
      DeviceTensor out(dims, out_type, LayoutFor(arrangement, dims));
      std::vector<double> x(static_cast<size_t>(self.numel()));
      for (double& v : x) v = value(rng);
      self.Fill(x);
      const Outcome outcome = RunSoftmax(log, self, dim, out);
      ASSERT_EQ(outcome.phase1, 0) << outcome.message;
      ASSERT_EQ(outcome.sync, 0) << outcome.message;
      std::vector<double> stored = self.Read();
      if (log) {
        for (double& v : stored) v = Stored(out_type, v);  // CANN casts self to out's type first.
      }
      const int64_t normal_dim = rank == 0 ? 0 : (dim < 0 ? dim + rank : dim);
      const std::vector<double> reference = SoftmaxReference(stored, dims, normal_dim, log);
      const std::vector<double> got = out.Read();
      for (size_t i = 0; i < got.size(); ++i) {
        ExpectClose(self_type, out_type, log, rank == 0 ? 1 : dims[static_cast<size_t>(normal_dim)], got[i],
                    reference[i],
                    "out[" + std::to_string(i) + "]");
      }
      EXPECT_TRUE(out.OutsideViewUntouched());
    }
  }
}

// Long FLOAT rows (the vector kernels' exponential buffer, every lane group) against the stated bounds, and the
// largest error seen in ulp of FLOAT (softmax) and absolute (log-softmax), recorded.
TEST(SoftmaxFloatExpTest, LongFloatRowsAreWithinTheStatedBounds) {
  const std::vector<int64_t> dims = {4, 5003};
  std::mt19937 rng(47);
  std::uniform_real_distribution<double> value(-20.0, 12.0);
  for (const bool log : {false, true}) {
    DeviceTensor self(dims, ACL_FLOAT);
    DeviceTensor out(dims, ACL_FLOAT);
    std::vector<double> x(static_cast<size_t>(self.numel()));
    for (double& v : x) v = value(rng);
    self.Fill(x);
    const Outcome outcome = RunSoftmax(log, self, 1, out);
    ASSERT_EQ(outcome.phase1, 0) << outcome.message;
    ASSERT_EQ(outcome.sync, 0) << outcome.message;
    const std::vector<double> reference = SoftmaxReference(self.Read(), dims, 1, log);
    const std::vector<double> got = out.Read();
    double worst = 0;
    for (size_t i = 0; i < got.size(); ++i) {
      ExpectClose(ACL_FLOAT, ACL_FLOAT, log, dims[1], got[i], reference[i], "out[" + std::to_string(i) + "]");
      worst = std::max(worst, log ? std::fabs(got[i] - reference[i]) : UlpDistance(ACL_FLOAT, got[i], reference[i]));
    }
    std::printf("%s FLOAT rows of %lld: largest error %.3g %s\n", log ? "log-softmax" : "softmax",
                static_cast<long long>(dims[1]), worst, log ? "absolute" : "ulp");
    RecordProperty(log ? "log_softmax_worst_abs" : "softmax_worst_ulp", std::to_string(worst));
  }
}

std::string GridName(const ::testing::TestParamInfo<GridParam>& param_info) {
  static const char* kArrangements[] = {"contiguous", "offset", "padded", "transposed"};
  const GridParam& p = param_info.param;
  return std::string(std::get<0>(p) ? "log_softmax_" : "softmax_") + Name(std::get<1>(p)) + "_to_" +
         Name(std::get<2>(p)) + "_" + kArrangements[static_cast<int>(std::get<3>(p))];
}

INSTANTIATE_TEST_SUITE_P(Grid, SoftmaxGrid,
                         ::testing::Combine(::testing::Bool(),
                                            ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE),
                                            ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE),
                                            ::testing::Values(Arrangement::kContiguous, Arrangement::kOffset,
                                                              Arrangement::kPadded, Arrangement::kTransposed)),
                         GridName);

// The backwards: the sum in double, within (L + 6) 2^-53 times the reference's error scale (|g y| + |y| sum |g y|
// for softmax, |g| + exp(y) sum |g| for log-softmax: an absolute bound, the result cancels), plus 1 ulp of out's
// type (none for DOUBLE). With an out other than DOUBLE the outputs are computed in float from the sum rounded to
// float: (2^-23 + 2^-47) times the scale more for softmax (the roundings of the sum and the two products),
// (2^-22 + 2^-45) times it for log-softmax (exp(y) in float, within 2^-23, the sum's and the product's roundings).
// output need not be a real (log-)softmax: the formulas take any.
double FloatBackwardTerm(bool log, aclDataType out_type, double scale) {
  if (out_type == ACL_DOUBLE) {
    return 0.0;
  }
  return log ? std::ldexp(scale, -22) + std::ldexp(scale, -45) : std::ldexp(scale, -23) + std::ldexp(scale, -47);
}

class SoftmaxBackwardGrid : public ::testing::TestWithParam<GridParam> {};

TEST_P(SoftmaxBackwardGrid, MatchesTheReferenceAlongEveryDim) {
  const auto [log, input_type, out_type, arrangement] = GetParam();
  const std::vector<std::vector<int64_t>> shapes = {{}, {7}, {3, 5}, {2, 3, 4}};
  std::mt19937 rng(43);
  std::uniform_real_distribution<double> grad_value(-2.0, 2.0);
  std::uniform_real_distribution<double> output_value(log ? -6.0 : 0.0, log ? 0.5 : 1.0);
  for (const std::vector<int64_t>& dims : shapes) {
    const auto rank = static_cast<int64_t>(dims.size());
    for (int64_t dim = -std::max<int64_t>(rank, 1); dim < std::max<int64_t>(rank, 1); ++dim) {
      SCOPED_TRACE("rank " + std::to_string(rank) + " dim " + std::to_string(dim));
      DeviceTensor grad(dims, input_type, LayoutFor(arrangement, dims));
      DeviceTensor output(dims, input_type, LayoutFor(arrangement, dims));
      DeviceTensor out(dims, out_type, LayoutFor(arrangement, dims));
      std::vector<double> g(static_cast<size_t>(grad.numel()));
      std::vector<double> y(g.size());
      for (double& v : g) v = grad_value(rng);
      for (double& v : y) v = output_value(rng);
      grad.Fill(g);
      output.Fill(y);
      const Outcome outcome = RunBackward(log, grad, output, dim, out);
      ASSERT_EQ(outcome.phase1, 0) << outcome.message;
      ASSERT_EQ(outcome.sync, 0) << outcome.message;
      const int64_t normal_dim = rank == 0 ? 0 : (dim < 0 ? dim + rank : dim);
      const int64_t length = rank == 0 ? 1 : dims[static_cast<size_t>(normal_dim)];
      std::vector<double> scale;
      const std::vector<double> reference =
          SoftmaxBackwardReference(grad.Read(), output.Read(), dims, normal_dim, log, &scale);
      const std::vector<double> got = out.Read();
      for (size_t i = 0; i < got.size(); ++i) {
        const double bound = (static_cast<double>(length) + 6) * std::ldexp(scale[i], -53) +
                             FloatBackwardTerm(log, out_type, scale[i]) +
                             (out_type == ACL_DOUBLE ? 0.0 : UlpAt(out_type, reference[i]));
        EXPECT_LE(std::fabs(got[i] - reference[i]), bound)
            << "out[" << i << "]: got " << got[i] << ", reference " << reference[i];
      }
      EXPECT_TRUE(out.OutsideViewUntouched());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Grid, SoftmaxBackwardGrid,
                         ::testing::Combine(::testing::Bool(), ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                                            ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE),
                                            ::testing::Values(Arrangement::kContiguous, Arrangement::kOffset,
                                                              Arrangement::kPadded, Arrangement::kTransposed)),
                         GridName);

// CANN's backward examples: gradOutput (4, 2) {0..7}, output {1, 1, 1, 2, 2, 2, 3, 3}, dim 0.
TEST(SoftmaxBackward, CannExamples) {
  DeviceTensor grad({4, 2}, ACL_FLOAT);
  DeviceTensor output({4, 2}, ACL_FLOAT);
  DeviceTensor out({4, 2}, ACL_FLOAT);
  grad.Fill({0, 1, 2, 3, 4, 5, 6, 7});
  output.Fill({1, 1, 1, 2, 2, 2, 3, 3});
  ASSERT_EQ(RunBackward(true, grad, output, 0, out).sync, 0);
  const std::vector<double> log_expected = {-32.619382, -42.492509, -30.619382, -115.224898,
                                            -84.668673, -113.224898, -235.026443, -314.368591};
  for (size_t i = 0; i < 8; ++i) EXPECT_NEAR(out.Read()[i], log_expected[i], 2e-5) << i;
  ASSERT_EQ(RunBackward(false, grad, output, 0, out).sync, 0);
  const std::vector<double> expected = {-28, -37, -26, -70, -48, -66, -66, -93};
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(out.Read()[i], expected[i]) << i;
}

// CANN (A2/A3): an empty gradOutput or output succeeds before any other check, nothing written.
TEST(SoftmaxBackward, EmptyTensors) {
  for (const bool log : {false, true}) {
    DeviceTensor grad({2, 0}, ACL_FLOAT);
    DeviceTensor output({2, 0}, ACL_FLOAT);
    DeviceTensor wrong_out({3}, ACL_INT32);
    EXPECT_EQ(RunBackward(log, grad, output, 9, wrong_out).sync, 0);
  }
}

// The examples of CANN's documents: log-softmax of (3, 3) {1..9} along dim 1, softmax of (4, 2) {0..7} along dim 0.
TEST(Softmax, CannExamples) {
  DeviceTensor self({3, 3}, ACL_FLOAT);
  DeviceTensor out({3, 3}, ACL_FLOAT);
  self.Fill({1, 2, 3, 4, 5, 6, 7, 8, 9});
  ASSERT_EQ(RunSoftmax(true, self, 1, out).sync, 0);
  const std::vector<double> log_expected = {-2.407606, -1.407606, -0.407606};
  for (size_t i = 0; i < 9; ++i) EXPECT_NEAR(out.Read()[i], log_expected[i % 3], 1e-6);
  DeviceTensor self2({4, 2}, ACL_FLOAT);
  DeviceTensor out2({4, 2}, ACL_FLOAT);
  self2.Fill({0, 1, 2, 3, 4, 5, 6, 7});
  ASSERT_EQ(RunSoftmax(false, self2, 0, out2).sync, 0);
  const std::vector<double> expected = {0.002144, 0.002144, 0.015842, 0.015842,
                                        0.117059, 0.117059, 0.864955, 0.864955};
  for (size_t i = 0; i < 8; ++i) EXPECT_NEAR(out2.Read()[i], expected[i], 1e-6);
}

// DECISIONS 19: the stable forms. Inputs whose exp overflows give finite results; -inf elements give 0 (softmax)
// and -inf (log-softmax); a NaN element makes its row NaN; a row of -inf is NaN, as in PyTorch.
TEST(Softmax, SpecialValues) {
  DeviceTensor self({4, 3}, ACL_FLOAT);
  DeviceTensor out({4, 3}, ACL_FLOAT);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  self.Fill({1000, 999, -1000, 5, -kInf, 4, 1, nan, 2, -kInf, -kInf, -kInf});
  for (const bool log : {false, true}) {
    ASSERT_EQ(RunSoftmax(log, self, 1, out).sync, 0);
    const std::vector<double> got = out.Read();
    const std::vector<double> reference = SoftmaxReference(self.Read(), {4, 3}, 1, log);
    for (size_t i = 0; i < 12; ++i) {
      if (std::isnan(reference[i])) {
        EXPECT_TRUE(std::isnan(got[i])) << i;
      } else if (std::isinf(reference[i])) {
        EXPECT_EQ(got[i], reference[i]) << i;
      } else {
        EXPECT_LE(UlpDistance(ACL_FLOAT, got[i], RoundTo(ACL_FLOAT, reference[i])), 1.0) << i;
      }
    }
    EXPECT_TRUE(std::isfinite(got[0]) && std::isfinite(got[1]));
  }
}

// CANN: an empty self succeeds with workspace 0 and nothing written (softmax before any other check).
TEST(Softmax, EmptyTensors) {
  for (const bool log : {false, true}) {
    DeviceTensor self({2, 0, 3}, ACL_FLOAT);
    DeviceTensor out({2, 0, 3}, ACL_FLOAT);
    EXPECT_EQ(RunSoftmax(log, self, 1, out).sync, 0);
    EXPECT_EQ(RunSoftmax(log, self, -1, out).sync, 0);
  }
  DeviceTensor self({2, 0}, ACL_FLOAT);
  DeviceTensor wrong_out({2, 3}, ACL_INT32);
  EXPECT_EQ(RunSoftmax(false, self, 5, wrong_out).phase1, 0);  // Softmax: no check after the empty test (CANN's UT).
  EXPECT_NE(RunSoftmax(true, self, 5, wrong_out).phase1, 0);   // Log-softmax checks dim first.
}

// Rows are handed out whole and reduced in index order, and every kernel target's exp gives the scalar bits: any
// thread count and target give the same bytes (rows along dim 1 are contiguous, so the vector exp runs).
TEST(Softmax, BitIdenticalForEveryThreadCountAndKernelTarget) {
  const std::vector<int64_t> dims = {64, 2000};
  DeviceTensor self(dims, ACL_FLOAT);
  std::mt19937 rng(3);
  std::normal_distribution<double> value(0.0, 4.0);
  std::vector<double> x(static_cast<size_t>(self.numel()));
  for (double& v : x) v = value(rng);
  self.Fill(x);
  for (const bool log : {false, true}) {
    for (const int64_t dim : {0, 1}) {
      std::vector<uint8_t> first;
      for (int32_t t = 0; t < openaclnnGetKernelTargetCount(); ++t) {
        const std::string target = openaclnnGetKernelTargetName(t);
        ASSERT_EQ(openaclnnSetKernelTarget(target.c_str()), 0);
        for (const int threads : {1, 2, 3, 4}) {
          ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
          DeviceTensor out(dims, ACL_FLOAT);
          ASSERT_EQ(RunSoftmax(log, self, dim, out).sync, 0);
          if (first.empty()) {
            first = out.Storage();
          } else {
            EXPECT_EQ(out.Storage(), first) << target << ", " << threads << " threads";
          }
        }
      }
    }
  }
  openaclnnSetNumThreads(0);
  openaclnnSetKernelTarget(nullptr);
}

}  // namespace
}  // namespace openaclnn::test
