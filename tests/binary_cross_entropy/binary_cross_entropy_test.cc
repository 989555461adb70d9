// aclnnBinaryCrossEntropy through the public API: values against the fp64 reference over data types, shapes,
// broadcasting, layouts and reductions; the log clamp and out-of-domain inputs; CANN's empty-input rules; every
// phase-1 check; the fp16 overflow report; reproducibility and accuracy of the reduced results.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "binary_cross_entropy_reference.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr aclnnStatus kNullptr = 161001;
constexpr aclnnStatus kInvalid = 161002;

struct Outcome {
  aclnnStatus phase1 = -1;
  aclnnStatus phase2 = -1;
  aclError sync = -1;
  std::string message;
};

Outcome RunBce(const aclTensor* self, const aclTensor* target, const aclTensor* weight, int64_t reduction,
               aclTensor* out) {
  ScopedStream stream;
  Outcome outcome;
  uint64_t workspace = 1;
  aclOpExecutor* executor = nullptr;
  outcome.phase1 = aclnnBinaryCrossEntropyGetWorkspaceSize(self, target, weight, reduction, out, &workspace, &executor);
  if (outcome.phase1 != 0) {
    outcome.message = TakeErrorMessage();
    return outcome;
  }
  EXPECT_EQ(workspace, 0u);
  outcome.phase2 = aclnnBinaryCrossEntropy(nullptr, workspace, executor, stream.get());
  outcome.sync = aclrtSynchronizeStream(stream.get());
  outcome.message = TakeErrorMessage();
  return outcome;
}

// Index into a row-major tensor of shape `dims` that broadcasts to `full`, for the element at `linear` of `full`.
int64_t BroadcastIndex(const std::vector<int64_t>& full, const std::vector<int64_t>& dims, int64_t linear) {
  int64_t index = 0;
  int64_t scale = 1;
  const size_t lead = full.size() - dims.size();
  for (size_t d = full.size(); d-- > 0;) {
    const int64_t coordinate = linear % full[d];
    linear /= full[d];
    if (d >= lead) {
      const int64_t size = dims[d - lead];
      index += (size == 1 ? 0 : coordinate) * scale;
      scale *= size;
    }
  }
  return index;
}

std::vector<double> ReferenceLosses(const DeviceTensor& self, const DeviceTensor& target, const DeviceTensor* weight) {
  const std::vector<double> x = self.Read();
  const std::vector<double> y = target.Read();
  const std::vector<double> w = weight != nullptr ? weight->Read() : std::vector<double>();
  std::vector<double> losses(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const int64_t linear = static_cast<int64_t>(i);
    const double yi = y[static_cast<size_t>(BroadcastIndex(self.dims(), target.dims(), linear))];
    const double wi = weight != nullptr ? w[static_cast<size_t>(BroadcastIndex(self.dims(), weight->dims(), linear))]
                                        : 1.0;
    losses[i] = BceReferenceLoss(x[i], yi, wi);
  }
  return losses;
}

std::vector<double> Uniform(int64_t count, double low, double high, std::mt19937* rng) {
  std::uniform_real_distribution<double> draw(low, high);
  std::vector<double> values(static_cast<size_t>(count));
  for (double& value : values) {
    value = draw(*rng);
  }
  return values;
}

Layout LayoutFor(int kind, const std::vector<int64_t>& dims) {
  switch (kind) {
    case 1: return Layout{TransposedStrides(dims), 2, 3};
    case 2: return Layout{PaddedStrides(dims, 2), 5, 3};
    default: return Layout{};
  }
}

TEST(BinaryCrossEntropyTest, DocumentSample) {
  // The document's sample: self 0.3, target 0.5, weight 1 (2 x 2).
  const double expected = -(0.5 * std::log(double{0.3f}) + 0.5 * std::log(1.0 - double{0.3f}));
  for (int64_t reduction : {0, 1, 2}) {
    DeviceTensor self({2, 2}, ACL_FLOAT);
    DeviceTensor target({2, 2}, ACL_FLOAT);
    DeviceTensor weight({2, 2}, ACL_FLOAT);
    DeviceTensor out(reduction == 0 ? std::vector<int64_t>{2, 2} : std::vector<int64_t>{1}, ACL_FLOAT);
    self.Fill({0.3, 0.3, 0.3, 0.3});
    target.Fill({0.5, 0.5, 0.5, 0.5});
    weight.Fill({1, 1, 1, 1});
    const Outcome outcome = RunBce(self.get(), target.get(), weight.get(), reduction, out.get());
    ASSERT_EQ(outcome.phase1, 0) << outcome.message;
    ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
    const double want = reduction == 2 ? 4 * expected : expected;
    for (double got : out.Read()) {
      EXPECT_EQ(got, static_cast<double>(static_cast<float>(want)));
    }
  }
}

struct GridShape {
  std::vector<int64_t> self;
  std::vector<int64_t> target;
  std::vector<int64_t> weight;
};

TEST(BinaryCrossEntropyTest, MatchesReferenceOverDtypesShapesLayoutsAndReductions) {
  std::mt19937 rng(4242);
  const GridShape shapes[] = {
      {{}, {}, {}},
      {{1}, {1}, {}},
      {{5}, {5}, {1}},
      {{3, 4}, {3, 4}, {3, 4}},
      {{3, 4}, {4}, {3, 1}},
      {{2, 1, 3}, {1, 1, 3}, {2, 1, 1}},
      {{4, 3, 2, 5}, {4, 3, 2, 5}, {5}},
      {{2, 3, 1, 2, 1, 2, 1, 3}, {2, 3, 1, 2, 1, 2, 1, 3}, {3}},
      {{70, 33}, {70, 33}, {33}},
  };
  const aclDataType types[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  int cases = 0;
  for (const GridShape& shape : shapes) {
    for (aclDataType self_dtype : types) {
      for (int64_t reduction : {0, 1, 2}) {
        for (bool with_weight : {false, true}) {
          // Rotate the other types and the layouts through the grid instead of multiplying it out.
          const aclDataType target_dtype = types[cases % 3];
          const aclDataType weight_dtype = types[(cases / 3) % 3];
          const aclDataType out_dtype = types[(cases / 2) % 3];
          const int layout = cases % 3;
          ++cases;
          SCOPED_TRACE("case " + std::to_string(cases) + " self rank " + std::to_string(shape.self.size()) +
                       " dtypes " + std::to_string(self_dtype) + "," + std::to_string(target_dtype) + "," +
                       std::to_string(weight_dtype) + "," + std::to_string(out_dtype) + " reduction " +
                       std::to_string(reduction) + (with_weight ? " weighted" : "") + " layout " +
                       std::to_string(layout));
          DeviceTensor self(shape.self, self_dtype, LayoutFor(layout, shape.self));
          DeviceTensor target(shape.target, target_dtype, LayoutFor((layout + 1) % 3, shape.target));
          std::unique_ptr<DeviceTensor> weight;
          if (with_weight) {
            weight = std::make_unique<DeviceTensor>(shape.weight, weight_dtype, LayoutFor(layout, shape.weight));
            weight->Fill(Uniform(weight->numel(), 0.0, 2.0, &rng));
          }
          const std::vector<int64_t> out_dims = reduction == 0 ? shape.self : std::vector<int64_t>{1};
          DeviceTensor out(out_dims, out_dtype, reduction == 0 ? LayoutFor(2 - layout, out_dims) : Layout{});
          self.Fill(Uniform(self.numel(), 0.001, 0.999, &rng));
          target.Fill(Uniform(target.numel(), 0.0, 1.0, &rng));
          const Outcome outcome = RunBce(self.get(), target.get(), weight ? weight->get() : nullptr, reduction,
                                         out.get());
          ASSERT_EQ(outcome.phase1, 0) << outcome.message;
          ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
          const std::vector<double> losses = ReferenceLosses(self, target, weight.get());
          const std::vector<double> got = out.Read();
          if (reduction == 0) {
            for (size_t i = 0; i < got.size(); ++i) {
              EXPECT_LE(UlpDistance(out_dtype, got[i], RoundTo(out_dtype, losses[i])), 1.0)
                  << "element " << i << ": " << got[i] << " vs " << losses[i];
            }
          } else {
            double want = CompensatedTotal(losses);
            if (reduction == 1) {
              want /= static_cast<double>(losses.size());
            }
            EXPECT_LE(UlpDistance(out_dtype, got[0], RoundTo(out_dtype, want)), 1.0) << got[0] << " vs " << want;
          }
          EXPECT_TRUE(out.OutsideViewUntouched());
        }
      }
    }
  }
}

TEST(BinaryCrossEntropyTest, OutMayBeSelfForReductionNone) {
  DeviceTensor self({3, 5}, ACL_FLOAT, Layout{TransposedStrides({3, 5}), 2, 3});
  DeviceTensor target({5}, ACL_FLOAT);
  std::mt19937 rng(17);
  self.Fill(Uniform(15, 0.05, 0.95, &rng));
  target.Fill(Uniform(5, 0.0, 1.0, &rng));
  const std::vector<double> expected = ReferenceLosses(self, target, nullptr);
  const Outcome outcome = RunBce(self.get(), target.get(), nullptr, 0, self.get());
  ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
  const std::vector<double> got = self.Read();
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_LE(UlpDistance(ACL_FLOAT, got[i], RoundTo(ACL_FLOAT, expected[i])), 1.0) << i;
  }
}

TEST(BinaryCrossEntropyTest, LogClampAndOutOfDomainInputs) {
  struct Point {
    double x;
    double y;
    double expected;  // NaN: expect NaN.
  };
  const double nan = std::nan("");
  const Point points[] = {
      {0.0, 0.0, 0.0},    {0.0, 1.0, 100.0},  {1.0, 1.0, 0.0}, {1.0, 0.0, 100.0},
      {0.5, 0.5, std::log(2.0)},              {nan, 0.0, nan}, {-0.5, 0.0, nan},
      {1.5, 1.0, nan},
      {1e-30, 1.0, 69.07755278982137},  // -log(1e-30), below the clamp
      {1e-20, 0.0, 1e-20},              // -log(1 - 1e-20): log1p keeps it, log(1 - x) would give 0.
  };
  const int64_t count = sizeof(points) / sizeof(points[0]);
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    SCOPED_TRACE(std::to_string(dtype));
    DeviceTensor self({count}, dtype);
    DeviceTensor target({count}, dtype);
    DeviceTensor out({count}, ACL_FLOAT);
    std::vector<double> x;
    std::vector<double> y;
    for (const Point& p : points) {
      x.push_back(p.x);
      y.push_back(p.y);
    }
    self.Fill(x);
    target.Fill(y);
    const Outcome outcome = RunBce(self.get(), target.get(), nullptr, 0, out.get());
    ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
    const std::vector<double> stored = self.Read();
    const std::vector<double> got = out.Read();
    for (int64_t i = 0; i < count; ++i) {
      const Point& p = points[i];
      if (std::isnan(p.expected)) {
        EXPECT_TRUE(std::isnan(got[i])) << "x=" << p.x << " got " << got[i];
      } else if (stored[i] == p.x) {  // Points a 16-bit type cannot hold are checked in FLOAT only.
        EXPECT_NEAR(got[i], p.expected, 1e-6 * p.expected) << "x=" << p.x << " y=" << p.y;
      }
    }
  }
}

TEST(BinaryCrossEntropyTest, EmptySelfFollowsCann) {
  for (int64_t reduction : {0, 1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    DeviceTensor self({0, 3}, ACL_FLOAT);
    DeviceTensor target({3}, ACL_FLOAT);
    DeviceTensor out(reduction == 0 ? std::vector<int64_t>{0, 3} : std::vector<int64_t>{}, ACL_FLOAT16);
    const std::vector<uint8_t> before = out.Storage();
    const Outcome outcome = RunBce(self.get(), target.get(), nullptr, reduction, out.get());
    ASSERT_EQ(outcome.phase1, 0) << outcome.message;
    ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
    if (reduction == 0) {
      EXPECT_EQ(out.Storage(), before);
    } else if (reduction == 1) {
      EXPECT_TRUE(std::isnan(out.Read()[0]));
    } else {
      EXPECT_EQ(out.Read()[0], 0.0);
    }
  }
}

TEST(BinaryCrossEntropyTest, NullArgumentsAreNamed) {
  DeviceTensor self({2}, ACL_FLOAT);
  DeviceTensor target({2}, ACL_FLOAT);
  DeviceTensor out({2}, ACL_FLOAT);
  Outcome outcome = RunBce(nullptr, target.get(), nullptr, 0, out.get());
  EXPECT_EQ(outcome.phase1, kNullptr);
  EXPECT_NE(outcome.message.find("'self'"), std::string::npos) << outcome.message;
  outcome = RunBce(self.get(), nullptr, nullptr, 0, out.get());
  EXPECT_EQ(outcome.phase1, kNullptr);
  EXPECT_NE(outcome.message.find("'target'"), std::string::npos) << outcome.message;
  outcome = RunBce(self.get(), target.get(), nullptr, 0, nullptr);
  EXPECT_EQ(outcome.phase1, kNullptr);
  EXPECT_NE(outcome.message.find("'out'"), std::string::npos) << outcome.message;
  EXPECT_NE(outcome.message.find("aclnnBinaryCrossEntropyGetWorkspaceSize"), std::string::npos);
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnBinaryCrossEntropyGetWorkspaceSize(self.get(), target.get(), nullptr, 0, out.get(), nullptr,
                                                    &executor),
            kNullptr);
  EXPECT_NE(TakeErrorMessage().find("'workspaceSize'"), std::string::npos);
  EXPECT_EQ(aclnnBinaryCrossEntropy(nullptr, 0, nullptr, nullptr), kNullptr);
  EXPECT_NE(TakeErrorMessage().find("aclnnBinaryCrossEntropy"), std::string::npos);
}

struct InvalidCase {
  const char* what;
  std::vector<int64_t> self;
  aclDataType self_dtype;
  std::vector<int64_t> target;
  aclDataType target_dtype;
  std::vector<int64_t> weight;  // {-1}: no weight.
  aclDataType weight_dtype;
  std::vector<int64_t> out;
  aclDataType out_dtype;
  int64_t reduction;
  const char* named;
};

TEST(BinaryCrossEntropyTest, InvalidArgumentsAreRejectedWithTheArgumentNamed) {
  const aclDataType F = ACL_FLOAT;
  const std::vector<int64_t> nine(9, 1);
  const std::vector<int64_t> none = {-1};
  const InvalidCase cases[] = {
      {"self rank 9", nine, F, nine, F, none, F, nine, F, 0, "'self'"},
      {"out rank 9", {1}, F, {1}, F, none, F, nine, F, 0, "'out'"},
      {"self double", {2}, ACL_DOUBLE, {2}, F, none, F, {2}, F, 0, "'self'"},
      {"target int32", {2}, F, {2}, ACL_INT32, none, F, {2}, F, 0, "'target'"},
      {"out int64", {2}, F, {2}, F, none, F, {2}, ACL_INT64, 0, "'out'"},
      {"weight double", {2}, F, {2}, F, {2}, ACL_DOUBLE, {2}, F, 0, "'weight'"},
      {"target not broadcastable", {2, 3}, F, {2}, F, none, F, {2, 3}, F, 0, "'target'"},
      {"target larger", {3}, F, {2, 3}, F, none, F, {3}, F, 0, "'target'"},
      {"weight larger than self", {2}, F, {2}, F, {2, 2}, F, {2}, F, 0, "'weight'"},
      {"scalar self, vector target", {}, F, {1}, F, none, F, {}, F, 0, "'target'"},
      {"reduction 3", {2}, F, {2}, F, none, F, {1}, F, 3, "'reduction'"},
      {"reduction -1", {2}, F, {2}, F, none, F, {2}, F, -1, "'reduction'"},
      {"none out shape", {2, 3}, F, {2, 3}, F, none, F, {3, 2}, F, 0, "'out'"},
      {"none out scalar", {2}, F, {2}, F, none, F, {1}, F, 0, "'out'"},
      {"mean out (2)", {2}, F, {2}, F, none, F, {2}, F, 1, "'out'"},
      {"sum out [1, 1]", {2}, F, {2}, F, none, F, {1, 1}, F, 2, "'out'"},
  };
  for (const InvalidCase& c : cases) {
    SCOPED_TRACE(c.what);
    DeviceTensor self(c.self, c.self_dtype);
    DeviceTensor target(c.target, c.target_dtype);
    std::unique_ptr<DeviceTensor> weight;
    if (c.weight != none) {
      weight = std::make_unique<DeviceTensor>(c.weight, c.weight_dtype);
    }
    DeviceTensor out(c.out, c.out_dtype);
    const Outcome outcome = RunBce(self.get(), target.get(), weight ? weight->get() : nullptr, c.reduction, out.get());
    EXPECT_EQ(outcome.phase1, kInvalid);
    EXPECT_NE(outcome.message.find("aclnnBinaryCrossEntropyGetWorkspaceSize"), std::string::npos) << outcome.message;
    EXPECT_NE(outcome.message.find(c.named), std::string::npos) << outcome.message;
  }
}

TEST(BinaryCrossEntropyTest, FormatMismatchAndBadLayoutsAreRejected) {
  DeviceTensor self({2, 2}, ACL_FLOAT);
  DeviceTensor out({2, 2}, ACL_FLOAT);
  float storage[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  const int64_t dims[2] = {2, 2};
  aclTensor* nchw_target = aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW, dims, 2, storage);
  Outcome outcome = RunBce(self.get(), nchw_target, nullptr, 0, out.get());
  EXPECT_EQ(outcome.phase1, kInvalid);
  EXPECT_NE(outcome.message.find("'target'"), std::string::npos) << outcome.message;
  aclDestroyTensor(nchw_target);

  DeviceTensor target({2, 2}, ACL_FLOAT);
  DeviceTensor overlapping_out({2, 2}, ACL_FLOAT, Layout{{1, 1}, 0, 3});
  outcome = RunBce(self.get(), target.get(), nullptr, 0, overlapping_out.get());
  EXPECT_EQ(outcome.phase1, kInvalid);
  EXPECT_NE(outcome.message.find("'out'"), std::string::npos) << outcome.message;
}

TEST(BinaryCrossEntropyTest, Fp16SumBeyondRangeIsInfinityAndStrictModeReportsIt) {
  // 1000 losses of 100 (x = 0, y = 1: the clamp): the sum 100000 is beyond FLOAT16, the mean 100 is not. The sum is
  // stored as infinity and the run succeeds, as on CANN and in PyTorch (DECISIONS 14); strict mode reports it.
  for (int64_t reduction : {1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    {
      DeviceTensor self({1000}, ACL_FLOAT16);
      DeviceTensor target({1}, ACL_FLOAT16);
      DeviceTensor out({1}, ACL_FLOAT16);
      self.Fill(std::vector<double>(1000, 0.0));
      target.Fill({1.0});
      const Outcome outcome = RunBce(self.get(), target.get(), nullptr, reduction, out.get());
      EXPECT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
      EXPECT_EQ(out.Read()[0], reduction == 1 ? 100.0 : HUGE_VAL);
    }
    ScopedStrictMode strict;
    DeviceTensor self({1000}, ACL_FLOAT16);
    DeviceTensor target({1}, ACL_FLOAT16);
    DeviceTensor out({1}, ACL_FLOAT16);
    self.Fill(std::vector<double>(1000, 0.0));
    target.Fill({1.0});
    const Outcome outcome = RunBce(self.get(), target.get(), nullptr, reduction, out.get());
    ASSERT_EQ(outcome.phase1, 0) << outcome.message;
    if (reduction == 1) {
      EXPECT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
      EXPECT_EQ(out.Read()[0], 100.0);
    } else {
      EXPECT_NE(outcome.sync, ACL_SUCCESS);
      EXPECT_NE(outcome.message.find("aclnnBinaryCrossEntropy"), std::string::npos) << outcome.message;
      EXPECT_NE(outcome.message.find("100000"), std::string::npos) << outcome.message;
      EXPECT_NE(outcome.message.find("FLOAT16"), std::string::npos) << outcome.message;
      EXPECT_TRUE(std::isinf(out.Read()[0]));
    }
  }
}

uint32_t FloatBitsOf(double value) {
  const float f = static_cast<float>(value);
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof(bits));
  return bits;
}

TEST(BinaryCrossEntropyTest, ReducedResultDoesNotDependOnLayout) {
  const std::vector<int64_t> dims = {300, 97};
  std::mt19937 rng(11);
  const std::vector<double> x = Uniform(300 * 97, 0.01, 0.99, &rng);
  const std::vector<double> y = Uniform(300 * 97, 0.0, 1.0, &rng);
  for (int64_t reduction : {1, 2}) {
    std::vector<uint32_t> results;
    for (int layout : {0, 1, 2}) {
      DeviceTensor self(dims, ACL_FLOAT, LayoutFor(layout, dims));
      DeviceTensor target(dims, ACL_FLOAT, LayoutFor(2 - layout, dims));
      DeviceTensor out({1}, ACL_FLOAT);
      self.Fill(x);
      target.Fill(y);
      const Outcome outcome = RunBce(self.get(), target.get(), nullptr, reduction, out.get());
      ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
      results.push_back(FloatBitsOf(out.Read()[0]));
    }
    EXPECT_EQ(results[1], results[0]);
    EXPECT_EQ(results[2], results[0]);
  }
}

TEST(BinaryCrossEntropyTest, ResultsDoNotDependOnTheThreadCount) {
  // 400000 elements: four chunks of the deterministic sum (131072 elements each), split differently by every
  // thread count. The first elements of the chunks have the same loss with weights +1e20, -1e20, +1e30, -1e30: the
  // other losses survive only when each such pair is added before anything else is added to it, so a grouping that
  // followed the threads would change the FLOAT result by whole units.
  constexpr int64_t kChunk = 131072;
  const int64_t count = 400'000;
  std::mt19937 rng(13);
  DeviceTensor self({count}, ACL_FLOAT);
  DeviceTensor target({count}, ACL_BF16);
  DeviceTensor weight({count}, ACL_FLOAT);
  std::vector<double> x = Uniform(count, 0.001, 0.999, &rng);
  std::vector<double> y = Uniform(count, 0.0, 1.0, &rng);
  std::vector<double> w = Uniform(count, 0.5, 2.0, &rng);
  for (int64_t chunk = 0; chunk < 4; ++chunk) {
    const size_t i = static_cast<size_t>(chunk * kChunk);
    x[i] = 0.25;
    y[i] = 0.5;
    const double big = chunk < 2 ? 1e20 : 1e30;
    w[i] = chunk % 2 == 0 ? big : -big;
  }
  self.Fill(x);
  target.Fill(y);
  weight.Fill(w);
  for (int64_t reduction : {0, 1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    DeviceTensor out(reduction == 0 ? std::vector<int64_t>{count} : std::vector<int64_t>{1}, ACL_FLOAT);
    std::vector<uint8_t> first;
    for (int32_t threads : {1, 2, 3, 4, 7}) {
      ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
      const Outcome outcome = RunBce(self.get(), target.get(), weight.get(), reduction, out.get());
      ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
      if (threads == 1) {
        first = out.Storage();
      } else {
        EXPECT_EQ(out.Storage(), first) << threads << " threads";
      }
    }
    if (reduction == 2) {
      // The pairs cancelled exactly and the rest was kept: far from 0 and from +-1e20.
      EXPECT_GT(std::fabs(out.Read()[0]), 1000.0);
      EXPECT_LT(std::fabs(out.Read()[0]), 1e10);
    }
    ASSERT_EQ(openaclnnSetNumThreads(0), 0);
  }
}

TEST(BinaryCrossEntropyTest, TenMillionElementsAgreeWithFp64) {
  // Sum and mean over 10^7 elements against a compensated fp64 sum: relative error within 1e-6.
  const int64_t count = 10'000'000;
  std::mt19937 rng(5);
  DeviceTensor self({count}, ACL_FLOAT);
  DeviceTensor target({count}, ACL_FLOAT);
  self.Fill(Uniform(count, 0.0005, 0.9995, &rng));
  target.Fill(Uniform(count, 0.0, 1.0, &rng));
  const std::vector<double> losses = ReferenceLosses(self, target, nullptr);
  const double sum = CompensatedTotal(losses);
  // For scale: the same losses summed left to right in float32, the naive way.
  float naive = 0;
  for (double loss : losses) {
    naive += static_cast<float>(loss);
  }
  std::printf("10^7 BCE losses: naive float32 sum relative error %.3g\n", std::fabs(naive - sum) / sum);
  for (int64_t reduction : {1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    DeviceTensor out({1}, ACL_FLOAT);
    const Outcome outcome = RunBce(self.get(), target.get(), nullptr, reduction, out.get());
    ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
    const double want = reduction == 1 ? sum / static_cast<double>(count) : sum;
    const double got = out.Read()[0];
    std::printf("10^7 BCE losses: aclnnBinaryCrossEntropy %s relative error %.3g (float32 result)\n",
                reduction == 1 ? "mean" : "sum", std::fabs(got - want) / want);
    EXPECT_LE(std::fabs(got - want) / want, 1e-6) << got << " vs " << want;
  }
}

TEST(BinaryCrossEntropyTest, CannReductionEnumIsDeclared) {
  static_assert(None == 0 && Mean == 1 && Sum == 2, "CANN's values");
  DeviceTensor self({2}, ACL_FLOAT);
  DeviceTensor target({2}, ACL_FLOAT);
  DeviceTensor out({1}, ACL_FLOAT);
  self.Fill({0.5, 0.5});
  target.Fill({1, 1});
  const Reduction reduction = Reduction::Sum;
  const Outcome outcome = RunBce(self.get(), target.get(), nullptr, reduction, out.get());
  ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
  EXPECT_EQ(out.Read()[0], static_cast<double>(static_cast<float>(2 * std::log(2.0))));
}

}  // namespace
}  // namespace openaclnn::test
