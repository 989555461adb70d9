// aclnnNLLLoss through the public API: values against the fp64 reference over data types, layouts and
// reductions; CANN's empty-input rules; every phase-1 check; run-time reports (bad targets, fp16 overflow);
// reproducibility and accuracy of the reduced results.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "openaclnn/openaclnn.h"
#include "device_tensor.h"
#include "nll_loss_reference.h"
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

Outcome RunNll(const aclTensor* self, const aclTensor* target, const aclTensor* weight, int64_t reduction,
               int64_t ignore_index, aclTensor* out, aclTensor* total_weight) {
  ScopedStream stream;
  Outcome outcome;
  uint64_t workspace = 1;
  aclOpExecutor* executor = nullptr;
  outcome.phase1 = aclnnNLLLossGetWorkspaceSize(self, target, weight, reduction, ignore_index, out, total_weight,
                                                &workspace, &executor);
  if (outcome.phase1 != 0) {
    outcome.message = TakeErrorMessage();
    return outcome;
  }
  EXPECT_EQ(workspace, 0u);
  outcome.phase2 = aclnnNLLLoss(nullptr, workspace, executor, stream.get());
  outcome.sync = aclrtSynchronizeStream(stream.get());
  outcome.message = TakeErrorMessage();
  return outcome;
}

// The five tensors of one call.
struct NllTensors {
  std::unique_ptr<DeviceTensor> self;
  std::unique_ptr<DeviceTensor> target;
  std::unique_ptr<DeviceTensor> weight;
  std::unique_ptr<DeviceTensor> out;
  std::unique_ptr<DeviceTensor> total;

  Outcome Run(int64_t reduction, int64_t ignore_index) const {
    return RunNll(self->get(), target->get(), weight->get(), reduction, ignore_index, out->get(), total->get());
  }
};

struct NllShape {
  int64_t rows;
  int64_t classes;
  bool one_d;  // self (C) with target ().
};

std::vector<int64_t> SelfDims(const NllShape& s) {
  return s.one_d ? std::vector<int64_t>{s.classes} : std::vector<int64_t>{s.rows, s.classes};
}

std::vector<int64_t> OutDims(const NllShape& s, int64_t reduction) {
  if (reduction == 0 && !s.one_d) {
    return {s.rows};
  }
  return {1};
}

NllTensors MakeTensors(const NllShape& shape, int64_t reduction, aclDataType input, aclDataType target,
                       aclDataType out, aclDataType total, bool strided = false) {
  NllTensors t;
  const std::vector<int64_t> self_dims = SelfDims(shape);
  const std::vector<int64_t> target_dims = shape.one_d ? std::vector<int64_t>{} : std::vector<int64_t>{shape.rows};
  const std::vector<int64_t> out_dims = OutDims(shape, reduction);
  Layout self_layout;
  Layout vector_layout;
  Layout out_layout;
  if (strided) {
    self_layout = {shape.one_d ? std::vector<int64_t>{2} : TransposedStrides(self_dims), 5, 3};
    vector_layout = {target_dims.empty() ? std::vector<int64_t>{} : std::vector<int64_t>{3}, 2, 3};
    out_layout = {std::vector<int64_t>{2}, 1, 3};
  }
  t.self = std::make_unique<DeviceTensor>(self_dims, input, self_layout);
  t.target = std::make_unique<DeviceTensor>(target_dims, target, vector_layout);
  t.weight = std::make_unique<DeviceTensor>(std::vector<int64_t>{shape.classes}, input,
                                            strided ? Layout{{2}, 1, 3} : Layout{});
  t.out = std::make_unique<DeviceTensor>(out_dims, out, out_layout);
  t.total = std::make_unique<DeviceTensor>(std::vector<int64_t>{1}, total);
  return t;
}

NllForwardInputs ReadInputs(const NllTensors& t, const NllShape& shape, int64_t ignore_index) {
  NllForwardInputs in;
  in.rows = shape.one_d ? 1 : shape.rows;
  in.classes = shape.classes;
  in.self = t.self->Read();
  for (double value : t.target->Read()) {
    in.target.push_back(static_cast<int64_t>(value));
  }
  in.weight = t.weight->Read();
  in.ignore_index = ignore_index;
  return in;
}

// Fills self with log-probability-like values, weight with mixed-sign weights and target with classes, about one
// in seven replaced by ignore_index (when the target type can hold it).
void FillRandom(const NllTensors& t, const NllShape& shape, int64_t ignore_index, std::mt19937* rng) {
  std::uniform_real_distribution<double> log_prob(-6.0, 0.5);
  std::uniform_real_distribution<double> weight(-1.0, 3.0);
  std::uniform_int_distribution<int64_t> klass(0, shape.classes - 1);
  std::uniform_int_distribution<int> one_in_seven(0, 6);
  std::vector<double> self(static_cast<size_t>(t.self->numel()));
  for (double& value : self) {
    value = log_prob(*rng);
  }
  std::vector<double> weights(static_cast<size_t>(shape.classes));
  for (double& value : weights) {
    value = weight(*rng);
  }
  const bool can_hold_ignore = t.target->dtype() != ACL_UINT8 || (ignore_index >= 0 && ignore_index < 256);
  std::vector<double> target(static_cast<size_t>(t.target->numel()));
  for (double& value : target) {
    value = static_cast<double>(can_hold_ignore && one_in_seven(*rng) == 0 ? ignore_index : klass(*rng));
  }
  t.self->Fill(self);
  t.weight->Fill(weights);
  t.target->Fill(target);
}

std::string Describe(const NllShape& s, int64_t reduction, aclDataType input, aclDataType target, aclDataType out,
                     aclDataType total, bool strided, int64_t ignore) {
  return "rows=" + std::to_string(s.rows) + " classes=" + std::to_string(s.classes) + (s.one_d ? " 1-D" : "") +
         " reduction=" + std::to_string(reduction) + " dtypes(in,target,out,total)=" + std::to_string(input) + "," +
         std::to_string(target) + "," + std::to_string(out) + "," + std::to_string(total) +
         (strided ? " strided" : "") + " ignore=" + std::to_string(ignore);
}

TEST(NllLossTest, KnownValues) {
  // self 3x4, target {1, ignored, 3}, w {1, 2, 0, 4}: losses -2 * x[0][1] and -4 * x[2][3].
  const NllShape shape{3, 4, false};
  const std::vector<double> self = {-0.1, -0.5, -1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -0.25, -0.75, -1.5, -0.125};
  for (int64_t reduction : {0, 1, 2}) {
    NllTensors t = MakeTensors(shape, reduction, ACL_FLOAT, ACL_INT64, ACL_FLOAT, ACL_FLOAT);
    t.self->Fill(self);
    t.target->Fill({1, -100, 3});
    t.weight->Fill({1, 2, 0, 4});
    t.total->Fill({123});
    const Outcome outcome = t.Run(reduction, -100);
    ASSERT_EQ(outcome.phase1, 0) << outcome.message;
    ASSERT_EQ(outcome.phase2, 0);
    ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
    const std::vector<double> out = t.out->Read();
    if (reduction == 0) {
      EXPECT_EQ(out, (std::vector<double>{1.0, 0.0, 0.5}));
      EXPECT_EQ(t.total->Read()[0], 123.0) << "totalWeightOut is not written for reduction none";
    } else {
      EXPECT_EQ(out[0], reduction == 1 ? 1.5 / 6.0 : 1.5);
      EXPECT_EQ(t.total->Read()[0], 6.0);
    }
  }
}

TEST(NllLossTest, MatchesReferenceOverDtypesLayoutsAndReductions) {
  std::mt19937 rng(20240601);
  const aclDataType inputs[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  const aclDataType targets[] = {ACL_INT64, ACL_INT32, ACL_UINT8};
  const aclDataType outs[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  const NllShape shapes[] = {{1, 1, false}, {7, 5, false}, {33, 17, false}, {300, 3, false}, {1, 9, true}};
  int cases = 0;
  for (aclDataType input : inputs) {
    for (aclDataType target : targets) {
      for (const NllShape& shape : shapes) {
        for (int64_t reduction : {0, 1, 2}) {
          // Rotate the output types and the layout through the grid instead of multiplying it out.
          const aclDataType out = outs[cases % 3];
          const aclDataType total = outs[(cases / 3) % 3];
          const bool strided = cases % 2 == 1;
          const int64_t ignore = cases % 4 == 0 ? shape.classes - 1 : -100;
          ++cases;
          SCOPED_TRACE(Describe(shape, reduction, input, target, out, total, strided, ignore));
          NllTensors t = MakeTensors(shape, reduction, input, target, out, total, strided);
          FillRandom(t, shape, ignore, &rng);
          t.total->Fill({-7});
          const std::vector<uint8_t> total_before = t.total->Storage();
          const Outcome outcome = t.Run(reduction, ignore);
          ASSERT_EQ(outcome.phase1, 0) << outcome.message;
          ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
          const NllForwardExpected expected = NllForwardReference(ReadInputs(t, shape, ignore));
          const std::vector<double> got = t.out->Read();
          if (reduction == 0) {
            // Each loss is an exact product, rounded once.
            for (size_t n = 0; n < got.size(); ++n) {
              EXPECT_EQ(got[n], RoundTo(out, expected.losses[n])) << "row " << n;
            }
            EXPECT_EQ(t.total->Storage(), total_before);
          } else {
            const double want = reduction == 1 ? expected.mean : expected.loss_sum;
            EXPECT_LE(UlpDistance(out, got[0], RoundTo(out, want)), 1.0) << got[0] << " vs " << want;
            EXPECT_LE(UlpDistance(total, t.total->Read()[0], RoundTo(total, expected.total_weight)), 1.0);
            EXPECT_TRUE(t.total->OutsideViewUntouched());
          }
          EXPECT_TRUE(t.out->OutsideViewUntouched());
        }
      }
    }
  }
}

TEST(NllLossTest, OneDimensionalSelfIsOneRow) {
  const NllShape shape{1, 4, true};
  for (int64_t reduction : {0, 1, 2}) {
    NllTensors t = MakeTensors(shape, reduction, ACL_FLOAT, ACL_INT32, ACL_FLOAT, ACL_FLOAT);
    t.self->Fill({-1, -2, -3, -4});
    t.target->Fill({2});
    t.weight->Fill({1, 1, 0.5, 1});
    const Outcome outcome = t.Run(reduction, -100);
    ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
    EXPECT_EQ(t.out->Read()[0], reduction == 1 ? 3.0 : 1.5);
  }
}

TEST(NllLossTest, OneDimensionalSelfNamesItsZeroDimensionalTarget) {
  const NllShape shape{1, 4, true};
  for (int64_t reduction : {0, 1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    NllTensors t = MakeTensors(shape, reduction, ACL_FLOAT, ACL_INT64, ACL_FLOAT, ACL_FLOAT);
    t.self->Fill({-1, -2, -3, -4});
    t.target->Fill({4});
    t.weight->Fill({1, 1, 1, 1});
    EXPECT_EQ(t.Run(reduction, -100).sync, ACL_SUCCESS);  // Tolerated by default (DECISIONS 8).
    ScopedStrictMode strict;
    const Outcome outcome = t.Run(reduction, -100);
    ASSERT_EQ(outcome.phase1, 0) << outcome.message;
    EXPECT_NE(outcome.sync, ACL_SUCCESS);
    EXPECT_NE(outcome.message.find("target = 4 is outside [0, 4)"), std::string::npos) << outcome.message;
    EXPECT_EQ(outcome.message.find("target["), std::string::npos) << outcome.message;
  }
}

TEST(NllLossTest, ZeroDimensionalOutputForReductions) {
  DeviceTensor self({2, 3}, ACL_FLOAT);
  DeviceTensor target({2}, ACL_INT64);
  DeviceTensor weight({3}, ACL_FLOAT);
  DeviceTensor out({}, ACL_FLOAT);
  DeviceTensor total({}, ACL_FLOAT);
  self.Fill({-1, -2, -3, -4, -5, -6});
  target.Fill({0, 2});
  weight.Fill({1, 1, 1});
  const Outcome outcome = RunNll(self.get(), target.get(), weight.get(), 2, -100, out.get(), total.get());
  ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
  EXPECT_EQ(out.Read()[0], 7.0);
  EXPECT_EQ(total.Read()[0], 2.0);
}

TEST(NllLossTest, EmptyBatchFollowsCann) {
  const NllShape shape{0, 4, false};
  for (int64_t reduction : {0, 1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    NllTensors t = MakeTensors(shape, reduction, ACL_FLOAT, ACL_INT64, ACL_FLOAT, ACL_FLOAT16);
    t.total->Fill({9});
    const std::vector<uint8_t> out_before = t.out->Storage();
    const std::vector<uint8_t> total_before = t.total->Storage();
    const Outcome outcome = t.Run(reduction, -100);
    ASSERT_EQ(outcome.phase1, 0) << outcome.message;
    ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
    if (reduction == 0) {
      // out has shape [0]: nothing is written, totalWeightOut neither.
      EXPECT_EQ(t.out->Storage(), out_before);
      EXPECT_EQ(t.total->Storage(), total_before);
    } else {
      const double out = t.out->Read()[0];
      if (reduction == 1) {
        EXPECT_TRUE(std::isnan(out)) << out;
      } else {
        EXPECT_EQ(out, 0.0);
      }
      EXPECT_EQ(t.total->Read()[0], 0.0);
    }
  }
}

TEST(NllLossTest, NoClassesWithTargetsIsRejected) {
  DeviceTensor self({3, 0}, ACL_FLOAT);
  DeviceTensor target({3}, ACL_INT64);
  DeviceTensor weight({0}, ACL_FLOAT);
  DeviceTensor out({1}, ACL_FLOAT);
  DeviceTensor total({1}, ACL_FLOAT);
  const Outcome outcome = RunNll(self.get(), target.get(), weight.get(), 1, -100, out.get(), total.get());
  EXPECT_EQ(outcome.phase1, kInvalid);
  EXPECT_NE(outcome.message.find("'target'"), std::string::npos) << outcome.message;
  EXPECT_NE(outcome.message.find("out of bounds"), std::string::npos) << outcome.message;

  // No rows and no classes: nothing is out of bounds.
  DeviceTensor no_self({0, 0}, ACL_FLOAT);
  DeviceTensor no_target({0}, ACL_INT64);
  const Outcome empty = RunNll(no_self.get(), no_target.get(), weight.get(), 2, -100, out.get(), total.get());
  EXPECT_EQ(empty.phase1, 0) << empty.message;
  EXPECT_EQ(empty.sync, ACL_SUCCESS);
  EXPECT_EQ(out.Read()[0], 0.0);
}

TEST(NllLossTest, AllRowsIgnoredGiveNanMeanAndZeroTotal) {
  const NllShape shape{3, 2, false};
  NllTensors t = MakeTensors(shape, 1, ACL_FLOAT, ACL_INT64, ACL_FLOAT, ACL_FLOAT);
  t.self->Fill({-1, -2, -3, -4, -5, -6});
  t.target->Fill({-100, -100, -100});
  t.weight->Fill({1, 1});
  const Outcome outcome = t.Run(1, -100);
  ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
  EXPECT_TRUE(std::isnan(t.out->Read()[0]));
  EXPECT_EQ(t.total->Read()[0], 0.0);
}

TEST(NllLossTest, NullArgumentsAreNamed) {
  DeviceTensor self({2, 3}, ACL_FLOAT);
  DeviceTensor target({2}, ACL_INT64);
  DeviceTensor weight({3}, ACL_FLOAT);
  DeviceTensor out({1}, ACL_FLOAT);
  DeviceTensor total({1}, ACL_FLOAT);
  const aclTensor* tensors[5] = {self.get(), target.get(), weight.get(), out.get(), total.get()};
  const char* names[5] = {"'self'", "'target'", "'weight'", "'out'", "'totalWeightOut'"};
  for (int missing = 0; missing < 5; ++missing) {
    const aclTensor* a[5];
    for (int i = 0; i < 5; ++i) {
      a[i] = i == missing ? nullptr : tensors[i];
    }
    const Outcome outcome =
        RunNll(a[0], a[1], a[2], 1, -100, const_cast<aclTensor*>(a[3]), const_cast<aclTensor*>(a[4]));
    EXPECT_EQ(outcome.phase1, kNullptr) << names[missing];
    EXPECT_NE(outcome.message.find("aclnnNLLLossGetWorkspaceSize"), std::string::npos) << outcome.message;
    EXPECT_NE(outcome.message.find(names[missing]), std::string::npos) << outcome.message;
  }
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnNLLLossGetWorkspaceSize(self.get(), target.get(), weight.get(), 1, -100, out.get(), total.get(),
                                         nullptr, &executor),
            kNullptr);
  EXPECT_NE(TakeErrorMessage().find("'workspaceSize'"), std::string::npos);
  EXPECT_EQ(aclnnNLLLossGetWorkspaceSize(self.get(), target.get(), weight.get(), 1, -100, out.get(), total.get(),
                                         &workspace, nullptr),
            kNullptr);
  EXPECT_NE(TakeErrorMessage().find("'executor'"), std::string::npos);
  EXPECT_EQ(aclnnNLLLoss(nullptr, 0, nullptr, nullptr), kNullptr);
  EXPECT_NE(TakeErrorMessage().find("aclnnNLLLoss"), std::string::npos);
}

struct InvalidCase {
  const char* what;
  std::vector<int64_t> self;
  aclDataType self_dtype;
  std::vector<int64_t> target;
  aclDataType target_dtype;
  std::vector<int64_t> weight;
  aclDataType weight_dtype;
  std::vector<int64_t> out;
  aclDataType out_dtype;
  std::vector<int64_t> total;
  aclDataType total_dtype;
  int64_t reduction;
  const char* named;  // The argument the message must name.
};

TEST(NllLossTest, InvalidArgumentsAreRejectedWithTheArgumentNamed) {
  const aclDataType F = ACL_FLOAT;
  const aclDataType L = ACL_INT64;
  const InvalidCase cases[] = {
      {"weight dtype differs", {2, 3}, F, {2}, L, {3}, ACL_FLOAT16, {1}, F, {1}, F, 1, "'weight'"},
      {"out not castable", {2, 3}, F, {2}, L, {3}, F, {1}, ACL_INT32, {1}, F, 1, "'out'"},
      {"total not castable", {2, 3}, F, {2}, L, {3}, F, {1}, F, {1}, ACL_INT64, 1, "'totalWeightOut'"},
      {"self double", {2, 3}, ACL_DOUBLE, {2}, L, {3}, ACL_DOUBLE, {1}, ACL_DOUBLE, {1}, ACL_DOUBLE, 1, "'self'"},
      {"target float", {2, 3}, F, {2}, F, {3}, F, {1}, F, {1}, F, 1, "'target'"},
      {"target int16", {2, 3}, F, {2}, ACL_INT16, {3}, F, {1}, F, {1}, F, 1, "'target'"},
      {"out double", {2, 3}, F, {2}, L, {3}, F, {1}, ACL_DOUBLE, {1}, F, 1, "'out'"},
      {"reduction 3", {2, 3}, F, {2}, L, {3}, F, {1}, F, {1}, F, 3, "'reduction'"},
      {"reduction -1", {2, 3}, F, {2}, L, {3}, F, {2}, F, {1}, F, -1, "'reduction'"},
      {"self 3-D", {2, 3, 4}, F, {2}, L, {4}, F, {1}, F, {1}, F, 1, "'self'"},
      {"self 0-D", {}, F, {}, L, {1}, F, {1}, F, {1}, F, 1, "'self'"},
      {"target 2-D", {2, 3}, F, {2, 1}, L, {3}, F, {1}, F, {1}, F, 1, "'target'"},
      {"target N mismatch", {2, 3}, F, {3}, L, {3}, F, {1}, F, {1}, F, 1, "'target'"},
      {"1-D self, 1-D target", {3}, F, {3}, L, {3}, F, {1}, F, {1}, F, 1, "'target'"},
      {"2-D self, 0-D target", {2, 3}, F, {}, L, {3}, F, {1}, F, {1}, F, 1, "'target'"},
      {"weight length", {2, 3}, F, {2}, L, {4}, F, {1}, F, {1}, F, 1, "'weight'"},
      {"weight 2-D", {2, 3}, F, {2}, L, {1, 3}, F, {1}, F, {1}, F, 1, "'weight'"},
      {"none out not (N)", {2, 3}, F, {2}, L, {3}, F, {1}, F, {1}, F, 0, "'out'"},
      {"none out (N, 1)", {2, 3}, F, {2}, L, {3}, F, {2, 1}, F, {1}, F, 0, "'out'"},
      {"mean out (N)", {2, 3}, F, {2}, L, {3}, F, {2}, F, {1}, F, 1, "'out'"},
      {"sum out [1, 1]", {2, 3}, F, {2}, L, {3}, F, {1, 1}, F, {1}, F, 2, "'out'"},
      {"1-D none out (C)", {3}, F, {}, L, {3}, F, {3}, F, {1}, F, 0, "'out'"},
      {"total two elements", {2, 3}, F, {2}, L, {3}, F, {1}, F, {2}, F, 1, "'totalWeightOut'"},
  };
  for (const InvalidCase& c : cases) {
    SCOPED_TRACE(c.what);
    DeviceTensor self(c.self, c.self_dtype);
    DeviceTensor target(c.target, c.target_dtype);
    DeviceTensor weight(c.weight, c.weight_dtype);
    DeviceTensor out(c.out, c.out_dtype);
    DeviceTensor total(c.total, c.total_dtype);
    const Outcome outcome =
        RunNll(self.get(), target.get(), weight.get(), c.reduction, -100, out.get(), total.get());
    EXPECT_EQ(outcome.phase1, kInvalid);
    EXPECT_NE(outcome.message.find("aclnnNLLLossGetWorkspaceSize"), std::string::npos) << outcome.message;
    EXPECT_NE(outcome.message.find(c.named), std::string::npos) << outcome.message;
  }
}

TEST(NllLossTest, BadLayoutsAreRejected) {
  DeviceTensor self({2, 3}, ACL_FLOAT);
  DeviceTensor target({2}, ACL_INT64);
  DeviceTensor weight({3}, ACL_FLOAT);
  DeviceTensor total({1}, ACL_FLOAT);
  DeviceTensor overlapping_out({2}, ACL_FLOAT, Layout{{0}, 0, 3});
  Outcome outcome = RunNll(self.get(), target.get(), weight.get(), 0, -100, overlapping_out.get(), total.get());
  EXPECT_EQ(outcome.phase1, kInvalid);
  EXPECT_NE(outcome.message.find("'out'"), std::string::npos) << outcome.message;

  const int64_t dims[2] = {2, 3};
  aclTensor* no_data = aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 2, nullptr);
  DeviceTensor out({1}, ACL_FLOAT);
  outcome = RunNll(no_data, target.get(), weight.get(), 1, -100, out.get(), total.get());
  EXPECT_EQ(outcome.phase1, kNullptr);
  EXPECT_NE(outcome.message.find("'self'"), std::string::npos) << outcome.message;
  aclDestroyTensor(no_data);
}

TEST(NllLossTest, OutOfRangeTargetCountsAsNothingAndStrictModeReportsIt) {
  for (int64_t reduction : {0, 1, 2}) {
    for (bool strict : {false, true}) {
      SCOPED_TRACE("reduction " + std::to_string(reduction) + (strict ? ", strict mode" : ", default mode"));
      const NllShape shape{4, 3, false};
      NllTensors t = MakeTensors(shape, reduction, ACL_FLOAT, ACL_INT64, ACL_FLOAT, ACL_FLOAT);
      t.self->Fill({-1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12});
      t.target->Fill({0, 7, -3, 2});
      t.weight->Fill({1, 1, 1});
      std::optional<ScopedStrictMode> strict_mode;
      if (strict) strict_mode.emplace();
      const Outcome outcome = t.Run(reduction, -100);
      ASSERT_EQ(outcome.phase1, 0) << outcome.message;
      EXPECT_EQ(outcome.phase2, 0);
      if (strict) {
        EXPECT_EQ(outcome.sync, ACL_ERROR_RT_AICORE_EXCEPTION);
        EXPECT_NE(outcome.message.find("aclnnNLLLoss"), std::string::npos) << outcome.message;
        EXPECT_NE(outcome.message.find("target[1] = 7"), std::string::npos) << outcome.message;
      } else {
        EXPECT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
      }
      // Either way the bad rows count as nothing; the others are computed.
      const std::vector<double> out = t.out->Read();
      if (reduction == 0) {
        EXPECT_EQ(out, (std::vector<double>{1, 0, 0, 12}));
      } else {
        EXPECT_EQ(out[0], reduction == 1 ? 6.5 : 13.0);
        EXPECT_EQ(t.total->Read()[0], 2.0);
      }
    }
  }
}

TEST(NllLossTest, Fp16TotalBeyondRangeIsInfinityAndStrictModeReportsIt) {
  // 70000 rows of weight 1: the total 70000 is beyond FLOAT16 (max 65504) although every input is an fp16.
  // Stored as infinity as on CANN and in PyTorch (DECISIONS 14); strict mode reports it.
  const NllShape shape{70000, 1, false};
  for (aclDataType total_dtype : {ACL_FLOAT16, ACL_FLOAT}) {
    {
      NllTensors t = MakeTensors(shape, 1, ACL_FLOAT16, ACL_UINT8, ACL_FLOAT16, total_dtype);
      t.self->Fill(std::vector<double>(70000, -0.5));
      t.target->Fill(std::vector<double>(70000, 0));
      t.weight->Fill({1});
      const Outcome outcome = t.Run(1, -100);
      EXPECT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
      EXPECT_EQ(t.out->Read()[0], 0.5);
      EXPECT_EQ(t.total->Read()[0], total_dtype == ACL_FLOAT16 ? HUGE_VAL : 70000.0);
    }
    ScopedStrictMode strict;
    NllTensors t = MakeTensors(shape, 1, ACL_FLOAT16, ACL_UINT8, ACL_FLOAT16, total_dtype);
    t.self->Fill(std::vector<double>(70000, -0.5));
    t.target->Fill(std::vector<double>(70000, 0));
    t.weight->Fill({1});
    const Outcome outcome = t.Run(1, -100);
    ASSERT_EQ(outcome.phase1, 0) << outcome.message;
    // The mean is computed from the unrounded totals either way.
    EXPECT_EQ(t.out->Read()[0], 0.5);
    if (total_dtype == ACL_FLOAT16) {
      EXPECT_NE(outcome.sync, ACL_SUCCESS);
      EXPECT_NE(outcome.message.find("'totalWeightOut'"), std::string::npos) << outcome.message;
      EXPECT_NE(outcome.message.find("70000"), std::string::npos) << outcome.message;
      EXPECT_NE(outcome.message.find("FLOAT16"), std::string::npos) << outcome.message;
      EXPECT_TRUE(std::isinf(t.total->Read()[0]));
    } else {
      EXPECT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
      EXPECT_EQ(t.total->Read()[0], 70000.0);
    }
  }
}

TEST(NllLossTest, Fp16SumBeyondRangeStillWritesTheTotalWeight) {
  // The sum 70000 * 1.5 overflows a FLOAT16 out; totalWeightOut (FLOAT) must still get its 70000, and strict mode
  // reports the overflow.
  ScopedStrictMode strict;
  const NllShape shape{70000, 1, false};
  NllTensors t = MakeTensors(shape, 2, ACL_FLOAT16, ACL_UINT8, ACL_FLOAT16, ACL_FLOAT);
  t.self->Fill(std::vector<double>(70000, -1.5));
  t.target->Fill(std::vector<double>(70000, 0));
  t.weight->Fill({1});
  t.total->Fill({-1});
  const Outcome outcome = t.Run(2, -100);
  ASSERT_EQ(outcome.phase1, 0) << outcome.message;
  EXPECT_EQ(outcome.sync, ACL_ERROR_RT_AICORE_OVER_FLOW);
  EXPECT_NE(outcome.message.find("'out'"), std::string::npos) << outcome.message;
  EXPECT_TRUE(std::isinf(t.out->Read()[0]));
  EXPECT_EQ(t.total->Read()[0], 70000.0);
}

TEST(NllLossTest, ReducedResultDoesNotDependOnLayout) {
  const NllShape shape{5000, 7, false};
  std::mt19937 rng(7);
  std::vector<uint8_t> first_out;
  std::vector<uint8_t> first_total;
  for (bool strided : {false, true}) {
    NllTensors t = MakeTensors(shape, 2, ACL_FLOAT, ACL_INT32, ACL_FLOAT, ACL_FLOAT, strided);
    std::mt19937 same = rng;  // The same values for both layouts.
    FillRandom(t, shape, -100, &same);
    const Outcome outcome = t.Run(2, -100);
    ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
    const std::vector<double> out = t.out->Read();
    const std::vector<double> total = t.total->Read();
    std::vector<uint8_t> out_bits(reinterpret_cast<const uint8_t*>(out.data()),
                                  reinterpret_cast<const uint8_t*>(out.data() + 1));
    std::vector<uint8_t> total_bits(reinterpret_cast<const uint8_t*>(total.data()),
                                    reinterpret_cast<const uint8_t*>(total.data() + 1));
    if (first_out.empty()) {
      first_out = out_bits;
      first_total = total_bits;
    } else {
      EXPECT_EQ(out_bits, first_out);
      EXPECT_EQ(total_bits, first_total);
    }
  }
}

TEST(NllLossTest, ResultsDoNotDependOnTheThreadCount) {
  // 600000 rows: five chunks of the deterministic sum (131072 rows each), split differently by every thread
  // count. The first rows of chunks 0-3 carry losses of +1e20, -1e20, +1e30, -1e30: the small losses survive only
  // when each such pair is added before anything else is added to it, so a grouping that followed the threads
  // would change the FLOAT result by whole units.
  constexpr int64_t kChunkRows = 131072;
  const NllShape shape{600'000, 3, false};
  std::mt19937 rng(31);
  for (int64_t reduction : {0, 1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    NllTensors t = MakeTensors(shape, reduction, ACL_FLOAT, ACL_INT32, ACL_FLOAT, ACL_FLOAT);
    FillRandom(t, shape, -100, &rng);
    t.weight->Fill({1, 1, 1});
    std::vector<double> self = t.self->Read();
    std::vector<double> target = t.target->Read();
    for (int64_t chunk = 0; chunk < 4; ++chunk) {
      const size_t row = static_cast<size_t>(chunk * kChunkRows);
      target[row] = 0;
      const double big = chunk < 2 ? 1e20 : 1e30;
      self[row * 3] = chunk % 2 == 0 ? -big : big;  // loss = -self.
    }
    t.self->Fill(self);
    t.target->Fill(target);
    std::vector<uint8_t> first_out;
    std::vector<uint8_t> first_total;
    for (int32_t threads : {1, 2, 3, 4, 7}) {
      ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
      const Outcome outcome = t.Run(reduction, -100);
      ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
      if (threads == 1) {
        first_out = t.out->Storage();
        first_total = t.total->Storage();
      } else {
        EXPECT_EQ(t.out->Storage(), first_out) << threads << " threads";
        EXPECT_EQ(t.total->Storage(), first_total) << threads << " threads";
      }
    }
    if (reduction == 2) {
      // The pairs cancelled exactly and the rest was kept: far from 0 and from +-1e20.
      EXPECT_GT(std::fabs(t.out->Read()[0]), 1000.0);
      EXPECT_LT(std::fabs(t.out->Read()[0]), 1e10);
    }
    ASSERT_EQ(openaclnnSetNumThreads(0), 0);
  }
}

TEST(NllLossTest, TenMillionRowsAgreeWithFp64) {
  // Sum and mean over 10^7 rows (many chunks of the deterministic sum), against a compensated fp64 sum, within the
  // bound docs/nll_loss.md states: the double total is within g * 2^-53 * sum(|loss|) of the exact sum S, with
  // g = 2048 / 8 + 3 + ceil(log2(blocks of 2048 rows)), and the stored FLOAT adds one rounding, 2^-24 |S|. The mean
  // divides two such totals (the weights are positive) in double, once more 2^-53.
  const NllShape shape{10'000'000, 2, false};
  const std::vector<double> weights = {0.75, 1.25};
  std::mt19937 rng(99);
  std::uniform_real_distribution<double> log_prob(-8.0, 0.0);
  std::vector<double> self(static_cast<size_t>(shape.rows * shape.classes));
  for (double& value : self) {
    value = static_cast<float>(log_prob(rng));  // The values a FLOAT self holds.
  }
  std::vector<double> target(static_cast<size_t>(shape.rows));
  double sum_abs = 0.0;  // sum(|loss|), for the bound.
  for (size_t n = 0; n < target.size(); ++n) {
    const int64_t t = static_cast<int64_t>(rng() % 2);
    target[n] = static_cast<double>(t);
    sum_abs += std::fabs(weights[static_cast<size_t>(t)] * self[n * 2 + static_cast<size_t>(t)]);
  }
  const double blocks = std::ceil(static_cast<double>(shape.rows) / 2048.0);
  const double grouping = (2048.0 / 8.0 + 3.0 + std::ceil(std::log2(blocks))) * std::ldexp(1.0, -53);
  const double float_rounding = std::ldexp(1.0, -24);
  for (int64_t reduction : {1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    NllTensors t = MakeTensors(shape, reduction, ACL_FLOAT, ACL_UINT8, ACL_FLOAT, ACL_FLOAT);
    t.self->Fill(self);
    t.target->Fill(target);
    t.weight->Fill(weights);
    const Outcome outcome = t.Run(reduction, -100);
    ASSERT_EQ(outcome.sync, ACL_SUCCESS) << outcome.message;
    const NllForwardExpected expected = NllForwardReference(ReadInputs(t, shape, -100));
    const double want = reduction == 1 ? expected.mean : expected.loss_sum;
    const double got = t.out->Read()[0];
    // Relative error of the double value before the final rounding.
    const double sum_error = grouping * sum_abs / std::fabs(expected.loss_sum);
    const double double_error = reduction == 1 ? sum_error + grouping + std::ldexp(1.0, -53) : sum_error;
    const double bound = (float_rounding + double_error) * std::fabs(want);
    std::printf("10^7 NLL rows: aclnnNLLLoss %s relative error %.3g, bound %.3g (float32 result)\n",
                reduction == 1 ? "mean" : "sum", std::fabs(got - want) / std::fabs(want), bound / std::fabs(want));
    EXPECT_LE(std::fabs(got - want), bound) << got << " vs " << want;
    const double total_bound = (float_rounding + grouping) * expected.total_weight;
    EXPECT_LE(std::fabs(t.total->Read()[0] - expected.total_weight), total_bound);
  }
}

}  // namespace
}  // namespace openaclnn::test
