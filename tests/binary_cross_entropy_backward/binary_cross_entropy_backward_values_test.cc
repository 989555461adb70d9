// Results of aclnnBinaryCrossEntropyBackward against the fp64 reference: every combination of data types and
// reductions, ranks 0-8 with every broadcast pattern and memory layout, edge values, and exact cases.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "bce_test_case.h"
#include "binary_cross_entropy_backward_reference.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

const aclDataType kFloatTypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

// How an input's shape relates to self's.
enum class Pattern {
  kFull,         // self's shape.
  kScalar,       // [] (a 0-d tensor).
  kOne,          // [1].
  kPerChannel,   // [C, 1, ..., 1] with C = self's dimension 1 (NCHW channels); self's shape below rank 2.
  kLeadingOnes,  // self's shape with its leading one or two dimensions set to 1.
  kTrailing,     // [self's last dimension].
  kRandom,       // Some leading dimensions dropped, each remaining one kept or set to 1.
};
const Pattern kPatterns[] = {Pattern::kFull,        Pattern::kScalar,   Pattern::kOne,   Pattern::kPerChannel,
                             Pattern::kLeadingOnes, Pattern::kTrailing, Pattern::kRandom};

std::vector<int64_t> ShapeFor(Pattern pattern, const std::vector<int64_t>& self, std::mt19937_64& rng) {
  const size_t rank = self.size();
  if (rank == 0) {
    return {};  // A 0-d self only takes 0-d inputs.
  }
  switch (pattern) {
    case Pattern::kFull:
      return self;
    case Pattern::kScalar:
      return {};
    case Pattern::kOne:
      return {1};
    case Pattern::kPerChannel: {
      if (rank < 2) {
        return self;
      }
      std::vector<int64_t> dims(rank - 1, 1);
      dims[0] = self[1];
      return dims;
    }
    case Pattern::kLeadingOnes: {
      std::vector<int64_t> dims = self;
      dims[0] = 1;
      if (rank >= 3) {
        dims[1] = 1;
      }
      return dims;
    }
    case Pattern::kTrailing:
      return {self.back()};
    case Pattern::kRandom: {
      const size_t dropped = std::uniform_int_distribution<size_t>(0, rank)(rng);
      std::vector<int64_t> dims(self.begin() + static_cast<std::ptrdiff_t>(dropped), self.end());
      for (int64_t& dim : dims) {
        if (std::bernoulli_distribution(0.5)(rng)) {
          dim = 1;
        }
      }
      return dims;
    }
  }
  return self;
}

// Small shapes (at most a few thousand elements) with sizes of 1 mixed in.
std::vector<int64_t> RandomDims(size_t rank, std::mt19937_64& rng) {
  const int64_t largest = rank <= 2 ? 9 : rank <= 4 ? 5 : 3;
  std::uniform_int_distribution<int64_t> size(1, largest);
  std::vector<int64_t> dims(rank);
  for (int64_t& dim : dims) {
    dim = size(rng);
  }
  return dims;
}

template <typename T, size_t N>
T Pick(const T (&values)[N], std::mt19937_64& rng) {
  return values[std::uniform_int_distribution<size_t>(0, N - 1)(rng)];
}

const LayoutKind kInputLayouts[] = {LayoutKind::kContiguous, LayoutKind::kTransposed, LayoutKind::kSliced,
                                    LayoutKind::kZeroStride};
const LayoutKind kOutLayouts[] = {LayoutKind::kContiguous, LayoutKind::kTransposed, LayoutKind::kSliced};

// Every data type of every operand (weight: none or one of the three) with every reduction: 972 calls, each on
// a random shape (rank 0-4), broadcast pattern and layout.
TEST(BceBackwardValuesTest, EveryDtypeCombinationAndReduction) {
  std::mt19937_64 rng(TestSeed());
  int cases = 0;
  for (aclDataType grad : kFloatTypes) {
    for (aclDataType self : kFloatTypes) {
      for (aclDataType target : kFloatTypes) {
        for (int weight_choice = 0; weight_choice < 4; ++weight_choice) {
          for (aclDataType out : kFloatTypes) {
            for (int64_t reduction = 0; reduction < 3; ++reduction) {
              BceCase c;
              c.self = {self, RandomDims(std::uniform_int_distribution<size_t>(0, 4)(rng), rng),
                        Pick(kInputLayouts, rng)};
              c.grad = {grad, ShapeFor(Pick(kPatterns, rng), c.self.dims, rng), Pick(kInputLayouts, rng)};
              c.target = {target, ShapeFor(Pick(kPatterns, rng), c.self.dims, rng), Pick(kInputLayouts, rng)};
              c.has_weight = weight_choice > 0;
              if (c.has_weight) {
                c.weight = {kFloatTypes[weight_choice - 1], ShapeFor(Pick(kPatterns, rng), c.self.dims, rng),
                            Pick(kInputLayouts, rng)};
              }
              c.out = {out, c.self.dims, Pick(kOutLayouts, rng)};
              c.reduction = reduction;
              c.kernel_target = cases;  // Every kernel implementation in turn, with either store path.
              c.streaming_stores = (cases / openaclnnGetKernelTargetCount()) % 2 == 1;
              RunBceCase(c, rng);
              ++cases;
              if (HasFatalFailure()) {
                return;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(cases, 3 * 3 * 3 * 4 * 3 * 3);
}

// A shuffled order of 0..n-1, so cycling through it visits every value.
std::vector<size_t> Shuffled(size_t n, std::mt19937_64& rng) {
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) {
    order[i] = i;
  }
  std::shuffle(order.begin(), order.end(), rng);
  return order;
}

// For each rank 0-8, 24 calls in which every broadcast pattern of gradOutput, target and weight (and a NULL
// weight), every input layout, every out layout and every reduction occur at least once, in shuffled
// combinations; data types are random.
TEST(BceBackwardValuesTest, EveryRankBroadcastPatternAndLayout) {
  std::mt19937_64 rng(TestSeed() + 1);
  constexpr size_t kCasesPerRank = 24;
  const size_t kPatternCount = std::size(kPatterns);
  for (size_t rank = 0; rank <= 8; ++rank) {
    const std::vector<size_t> grad_order = Shuffled(kPatternCount, rng);
    const std::vector<size_t> target_order = Shuffled(kPatternCount, rng);
    const std::vector<size_t> weight_order = Shuffled(kPatternCount + 1, rng);  // The last one: NULL.
    const std::vector<size_t> layout_orders[4] = {Shuffled(4, rng), Shuffled(4, rng), Shuffled(4, rng),
                                                  Shuffled(4, rng)};
    const std::vector<size_t> out_layout_order = Shuffled(3, rng);
    const std::vector<size_t> reduction_order = Shuffled(3, rng);
    for (size_t j = 0; j < kCasesPerRank; ++j) {
      BceCase c;
      c.self = {Pick(kFloatTypes, rng), RandomDims(rank, rng), kInputLayouts[layout_orders[0][j % 4]]};
      c.grad = {Pick(kFloatTypes, rng), ShapeFor(kPatterns[grad_order[j % kPatternCount]], c.self.dims, rng),
                kInputLayouts[layout_orders[1][j % 4]]};
      c.target = {Pick(kFloatTypes, rng), ShapeFor(kPatterns[target_order[j % kPatternCount]], c.self.dims, rng),
                  kInputLayouts[layout_orders[2][j % 4]]};
      const size_t weight_choice = weight_order[j % (kPatternCount + 1)];
      c.has_weight = weight_choice < kPatternCount;
      if (c.has_weight) {
        c.weight = {Pick(kFloatTypes, rng), ShapeFor(kPatterns[weight_choice], c.self.dims, rng),
                    kInputLayouts[layout_orders[3][j % 4]]};
      }
      c.out = {Pick(kFloatTypes, rng), c.self.dims, kOutLayouts[out_layout_order[j % 3]]};
      c.reduction = static_cast<int64_t>(reduction_order[j % 3]);
      c.kernel_target = static_cast<int>(rank + j);
      c.streaming_stores = j % 2 == 1;
      RunBceCase(c, rng);
      if (HasFatalFailure()) {
        return;
      }
    }
  }
}

// Rows longer than the kernel's conversion chunk, many rows and a transposed out under every kernel
// implementation; more elements than one parallel grain (64 Ki) under the reference and the best SIMD kernels;
// with one thread and normal stores, and with three threads and streaming stores.
TEST(BceBackwardValuesTest, LongRowsAndLargeTensors) {
  std::mt19937_64 rng(TestSeed() + 2);
  for (int target = 0; target < openaclnnGetKernelTargetCount(); ++target) {
    for (int threads : {1, 3}) {
      BceCase c;
      c.kernel_target = target;
      c.threads = threads;
      c.streaming_stores = threads == 3;
      c.self = {ACL_FLOAT16, {7, 1000}, LayoutKind::kContiguous};
      c.grad = {ACL_FLOAT, {}, LayoutKind::kContiguous};
      c.target = {ACL_FLOAT16, {7, 1000}, LayoutKind::kSliced};
      c.weight = {ACL_BF16, {1000}, LayoutKind::kContiguous};
      c.out = {ACL_FLOAT, {7, 1000}, LayoutKind::kTransposed};
      c.reduction = 1;
      RunBceCase(c, rng);

      c.self = {ACL_BF16, {3, 40, 257}, LayoutKind::kContiguous};
      c.grad = {ACL_BF16, {3, 40, 257}, LayoutKind::kContiguous};
      c.target = {ACL_BF16, {40, 1}, LayoutKind::kContiguous};
      c.weight = {ACL_BF16, {3, 1, 1}, LayoutKind::kContiguous};
      c.out = {ACL_BF16, {3, 40, 257}, LayoutKind::kSliced};
      c.reduction = 0;
      RunBceCase(c, rng);

      if (target <= 1) {
        c.self = {ACL_FLOAT, {40, 4099}, LayoutKind::kContiguous};
        c.grad = {ACL_FLOAT, {1}, LayoutKind::kContiguous};
        c.target = {ACL_FLOAT, {40, 4099}, LayoutKind::kContiguous};
        c.weight = {ACL_FLOAT, {40, 1}, LayoutKind::kContiguous};
        c.out = {ACL_FLOAT, {40, 4099}, LayoutKind::kContiguous};
        c.reduction = 2;
        RunBceCase(c, rng);
      }
    }
  }
}

// The common training shapes spelled out: NCHW input with a scalar gradOutput and a per-channel weight.
TEST(BceBackwardValuesTest, ScalarGradOutputAndPerChannelWeight) {
  std::mt19937_64 rng(TestSeed() + 3);
  for (int64_t reduction = 0; reduction < 3; ++reduction) {
    BceCase c;
    c.self = {ACL_FLOAT, {2, 3, 4, 5}, LayoutKind::kContiguous};
    c.grad = {ACL_FLOAT, {}, LayoutKind::kContiguous};
    c.target = {ACL_FLOAT, {1, 3, 4, 5}, LayoutKind::kContiguous};
    c.weight = {ACL_FLOAT, {3, 1, 1}, LayoutKind::kContiguous};
    c.out = {ACL_FLOAT, {2, 3, 4, 5}, LayoutKind::kContiguous};
    c.reduction = reduction;
    RunBceCase(c, rng);
  }
}

// Runs body once under each kernel implementation (planned in phase 1), then restores the default.
template <typename Body>
void ForEachKernelTarget(Body&& body) {
  for (int index = 0; index < openaclnnGetKernelTargetCount(); ++index) {
    const char* name = openaclnnGetKernelTargetName(index);
    SCOPED_TRACE(std::string("kernels ") + name);
    ASSERT_EQ(openaclnnSetKernelTarget(name), 0);
    body();
  }
  openaclnnSetKernelTarget(nullptr);
}

struct EdgeResult {
  std::vector<double> x;
  std::vector<double> y;
  std::vector<double> expected;
  std::vector<float> float_order;
  std::vector<double> got;
};

// gradOutput 1.5 (0-d, FLOAT) on self/target of `dtype` holding every pair of x and y, no weight, reduction none.
EdgeResult RunEdgeValues(aclDataType dtype, aclDataType out_dtype) {
  const double kNan = std::numeric_limits<double>::quiet_NaN();
  const double xs[] = {0.0, 1.0, 1e-30, 0.5, 2.0, -1.0, kNan};
  const double ys[] = {0.0, 1.0, 0.5};
  EdgeResult result;
  for (double x : xs) {
    for (double y : ys) {
      result.x.push_back(x);
      result.y.push_back(y);
    }
  }
  const int64_t count = static_cast<int64_t>(result.x.size());
  ScopedStream stream;
  DeviceTensor grad({}, ACL_FLOAT);
  DeviceTensor self({count}, dtype);
  DeviceTensor target({count}, dtype);
  DeviceTensor out({count}, out_dtype);
  grad.Fill({1.5});
  self.Fill(result.x);
  target.Fill(result.y);
  // The values as stored: fp16 holds 1e-30 as 0.
  result.x = self.Read();
  result.y = target.Read();
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), nullptr, 0, out.get(),
                                                            &workspace_size, &executor),
            0);
  EXPECT_EQ(aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream.get()), 0);
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  result.expected =
      BinaryCrossEntropyBackwardReference({{}, {1.5}}, {{count}, result.x}, {{count}, result.y}, nullptr, 0);
  result.float_order =
      BinaryCrossEntropyBackwardFloatOrder({{}, {1.5}}, {{count}, result.x}, {{count}, result.y}, nullptr, 0);
  result.got = out.Read();
  return result;
}

// x in {0, 1, 1e-30, 0.5, 2, -1, NaN}, y in {0, 1, 0.5}: the clamp is float32's 1e-12 for every input type
// (DECISIONS 6), so x = 0 or 1 gives finite values even from fp16 inputs, x = y gives exactly 0 (not 0/0), and NaN
// propagates.
TEST(BceBackwardValuesTest, EdgeValuesOfSelfAndTarget) {
  ForEachKernelTarget([] {
    for (aclDataType dtype : kFloatTypes) {
      for (aclDataType out_dtype : kFloatTypes) {
        SCOPED_TRACE(std::string("inputs ") + std::to_string(dtype) + ", out " + std::to_string(out_dtype));
        const EdgeResult r = RunEdgeValues(dtype, out_dtype);
        BceCase shape_only;
        shape_only.has_weight = false;
        shape_only.out.dtype = out_dtype;
        EXPECT_EQ(CompareWithReference(out_dtype, AllowedUlps(shape_only), r.got, r.expected), "");
        EXPECT_EQ(CompareBitExact(out_dtype, r.got, r.float_order), "");
        for (size_t i = 0; i < r.x.size(); ++i) {
          SCOPED_TRACE("x = " + std::to_string(r.x[i]) + ", y = " + std::to_string(r.y[i]));
          if (std::isnan(r.x[i])) {
            EXPECT_TRUE(std::isnan(r.got[i]));
            continue;
          }
          if (r.x[i] == r.y[i]) {
            EXPECT_EQ(r.got[i], 0.0);
            EXPECT_FALSE(std::signbit(r.got[i]));
            continue;
          }
          const double sign = r.x[i] > r.y[i] ? 1.0 : -1.0;
          if (r.x[i] == 0.0 || r.x[i] == 1.0) {
            // 1.5 * |x - y| / 1e-12f: finite in FLOAT and BFLOAT16, beyond FLOAT16's range.
            const double magnitude = 1.5 * std::fabs(r.x[i] - r.y[i]) / static_cast<double>(1e-12f);
            if (out_dtype == ACL_FLOAT16) {
              EXPECT_EQ(r.got[i], sign * std::numeric_limits<double>::infinity());
            } else {
              EXPECT_TRUE(std::isfinite(r.got[i]));
              EXPECT_LE(UlpDistance(out_dtype, r.got[i], RoundTo(out_dtype, sign * magnitude)), 1.0);
            }
          }
          EXPECT_EQ(std::signbit(r.got[i]), sign < 0);
        }
      }
    }
  });
}

// NaN in gradOutput, target or weight reaches out; the other elements are unaffected.
TEST(BceBackwardValuesTest, NanInputsPropagate) {
  ForEachKernelTarget([] {
    const double kNan = std::numeric_limits<double>::quiet_NaN();
    for (aclDataType dtype : kFloatTypes) {
      ScopedStream stream;
      DeviceTensor grad({3}, dtype);
      DeviceTensor self({3}, dtype);
      DeviceTensor target({3}, dtype);
      DeviceTensor weight({3}, dtype);
      DeviceTensor out({3}, dtype);
      grad.Fill({kNan, 1.0, 1.0});
      self.Fill({0.25, 0.25, 0.25});
      target.Fill({0.0, kNan, 0.0});
      weight.Fill({1.0, 1.0, kNan});
      uint64_t workspace_size = 0;
      aclOpExecutor* executor = nullptr;
      ASSERT_EQ(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(), 0,
                                                                out.get(), &workspace_size, &executor),
                0);
      ASSERT_EQ(aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream.get()), 0);
      ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
      for (double value : out.Read()) {
        EXPECT_TRUE(std::isnan(value)) << value;
      }
    }
  });
}

// With x = 0.5 the denominator is exactly 0.25 and every step is exact: g * (x - y) / 0.25 * w * (1 / 8) with
// g = 1, w = 0.5 gives exactly +-0.125 or 0, in every data type, for every input and out type.
TEST(BceBackwardValuesTest, ExactWhereTheMathIsExact) {
  ForEachKernelTarget([] {
    for (aclDataType in : kFloatTypes) {
      for (aclDataType out_dtype : kFloatTypes) {
        ScopedStream stream;
        DeviceTensor grad({1}, in);
        DeviceTensor self({2, 4}, in);
        DeviceTensor target({4}, in);
        DeviceTensor weight({2, 1}, in);
        DeviceTensor out({2, 4}, out_dtype);
        grad.Fill({1.0});
        self.Fill(std::vector<double>(8, 0.5));
        target.Fill({0.0, 1.0, 0.5, 0.0});
        weight.Fill({0.5, -0.5});
        uint64_t workspace_size = 0;
        aclOpExecutor* executor = nullptr;
        ASSERT_EQ(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(), 1,
                                                                  out.get(), &workspace_size, &executor),
                  0);
        ASSERT_EQ(aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream.get()), 0);
        ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
        const std::vector<double> expected = {0.125, -0.125, 0.0, 0.125, -0.125, 0.125, -0.0, -0.125};
        EXPECT_EQ(out.Read(), expected);
      }
    }
  });
}

// The document's inputs: 0.1 * (0.3 - 0.5) / (0.3 * 0.7) = -0.0952381 everywhere.
TEST(BceBackwardValuesTest, DocumentInputs) {
  ScopedStream stream;
  DeviceTensor grad({2, 2}, ACL_FLOAT);
  DeviceTensor self({2, 2}, ACL_FLOAT);
  DeviceTensor target({2, 2}, ACL_FLOAT);
  DeviceTensor weight({2, 2}, ACL_FLOAT);
  DeviceTensor out({2, 2}, ACL_FLOAT);
  grad.Fill({0.1, 0.1, 0.1, 0.1});
  self.Fill({0.3, 0.3, 0.3, 0.3});
  target.Fill({0.5, 0.5, 0.5, 0.5});
  weight.Fill({1, 1, 1, 1});
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(), 0,
                                                            out.get(), &workspace_size, &executor),
            0);
  ASSERT_EQ(aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream.get()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  for (double value : out.Read()) {
    EXPECT_NEAR(value, -0.0952381, 1e-7);
  }
}

}  // namespace
}  // namespace openaclnn::test
