// aclnnBinaryCrossEntropyWithLogits and its two backwards over a grid of data types and their mixes, reductions,
// ranks 0-8, weight / posWeight / gradOutput broadcasts (and their absence), layouts (contiguous, transposed,
// padded with a storage offset, zero strides), against the long-double reference: FLOAT within 1 ulp of the
// reference rounded once (2 for the backwards' mean, whose factor 1 / N is rounded to float), FLOAT16 and
// BFLOAT16 within 1 ulp. Each case runs under the reference kernels and then under every SIMD target with one and
// two threads, which must give the same bits; nothing outside out's elements, and nothing of the inputs, may
// change. Then edge values (+-0, denormals, +-inf, NaN, |x| up to FLOAT's largest value, targets outside [0, 1])
// and CANN's documented examples.
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "bce_with_logits_call.h"
#include "device_tensor.h"
#include "grid_choices.h"
#include "openaclnn/openaclnn.h"
#include "pointwise_call.h"
#include "pointwise_registry.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

using Dims = std::vector<int64_t>;

struct ShapeCase {
  std::string name;
  Dims self;
  bool has_weight;
  Dims weight;
  bool has_pos_weight;
  Dims pos_weight;
  Dims grad;
};

std::vector<ShapeCase> ShapeCases() {
  return {
      {"0-D", {}, true, {}, true, {}, {}},
      {"1-D one, no weights", {1}, false, {}, false, {}, {1}},
      {"1-D crossing vector tails", {67}, true, {67}, true, {1}, {67}},
      {"row weight, scalar gradOutput", {4, 6}, true, {6}, false, {}, {}},
      {"column posWeight and gradOutput", {4, 6}, false, {}, true, {4, 1}, {4, 1}},
      {"3-D", {2, 3, 4}, true, {3, 1}, true, {4}, {2, 3, 4}},
      {"8-D", {2, 1, 2, 1, 2, 1, 2, 3}, true, {2, 3}, true, {1}, {1}},
      {"8-D full", {2, 2, 1, 2, 2, 1, 3, 5}, true, {2, 2, 1, 2, 2, 1, 3, 5}, true, {2, 2, 1, 2, 2, 1, 3, 5},
       {2, 2, 1, 2, 2, 1, 3, 5}},
  };
}

// self, target (out has target's type, as CANN requires), weight, posWeight, gradOutput.
struct TypeCase {
  aclDataType self, target, weight, pos_weight, grad;
};

std::vector<TypeCase> TypeCases() {
  const aclDataType f = ACL_FLOAT, h = ACL_FLOAT16, b = ACL_BF16;
  return {{f, f, f, f, f}, {h, h, h, h, h}, {b, b, b, b, b}, {h, f, b, h, b}, {b, h, f, f, f}, {f, b, h, b, h}};
}

// got against the reference rounded once: NaN for NaN, the same infinity, else within `ulps`.
void ExpectWithin(aclDataType dtype, const std::vector<double>& got, const std::vector<double>& want, double ulps) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    const double rounded = RoundTo(dtype, want[i]);
    if (std::isnan(rounded)) {
      EXPECT_TRUE(std::isnan(got[i])) << "element " << i << ": got " << got[i] << ", reference NaN";
    } else if (std::isinf(rounded)) {
      EXPECT_EQ(got[i], rounded) << "element " << i << ": reference " << want[i];
    } else {
      EXPECT_LE(UlpDistance(dtype, got[i], rounded), ulps)
          << "element " << i << ": got " << got[i] << ", reference " << want[i] << " (rounded " << rounded << ")";
    }
  }
}

// The registry's entry for the forward, whose terms are formed in float (DECISIONS 17): its bounds.
const PointwiseLoss& ForwardEntry() {
  static const PointwiseLoss kEntry = *std::find_if(
      AllPointwiseLosses().begin(), AllPointwiseLosses().end(),
      [](const PointwiseLoss& loss) { return loss.name == "BinaryCrossEntropyWithLogits"; });
  return kEntry;
}

// The bound on out against `want` (the reference for `reduction`): the gradients' (in double, rounded once), the
// forward's from the registry (none: forward_none_ulps; mean and sum: 1 plus the terms' relative error over their
// magnitudes, which signed weights may cancel).
double UlpsFor(BcelOp op, const BcelTensors& t, int64_t reduction, aclDataType out, const std::vector<double>& want) {
  if (op != BcelOp::kForward) {
    return out == ACL_FLOAT && reduction == 1 ? 2.0 : 1.0;
  }
  if (reduction == 0) {
    return ForwardNoneUlps(ForwardEntry(), out);
  }
  double magnitude = 0.0;
  const std::vector<double> terms = BcelReference(op, t, 0);
  for (const double term : terms) {
    magnitude += std::fabs(term);
  }
  if (reduction == 1) {
    magnitude /= static_cast<double>(terms.size());
  }
  return 1.0 + std::ceil(ForwardEntry().forward_term_error * magnitude / UlpAt(out, want.front()));
}

// The operands of one case, made from the shape, type and layout choices; values drawn from rng.
struct CaseTensors {
  std::unique_ptr<DeviceTensor> grad, self, target, weight, pos_weight, out;
  BcelTensors View() const {
    return {grad.get(), self.get(), target.get(), weight.get(), pos_weight.get(), out.get()};
  }
};

CaseTensors MakeCase(BcelOp op, const ShapeCase& s, const TypeCase& types, LayoutKind layout, int64_t reduction,
                     std::mt19937* rng) {
  CaseTensors c;
  c.self = std::make_unique<DeviceTensor>(s.self, types.self, LayoutFor(layout, s.self, false));
  c.target = std::make_unique<DeviceTensor>(s.self, types.target, LayoutFor(layout, s.self, false));
  c.self->Fill(UniformValues(c.self->numel(), -6.0, 6.0, rng));
  c.target->Fill(UniformValues(c.target->numel(), 0.0, 1.0, rng));
  if (s.has_weight) {
    c.weight = std::make_unique<DeviceTensor>(s.weight, types.weight, LayoutFor(layout, s.weight, false));
    c.weight->Fill(UniformValues(c.weight->numel(), -2.0, 2.0, rng));
  }
  if (s.has_pos_weight) {
    c.pos_weight = std::make_unique<DeviceTensor>(s.pos_weight, types.pos_weight,
                                                  LayoutFor(layout, s.pos_weight, false));
    c.pos_weight->Fill(UniformValues(c.pos_weight->numel(), 0.0, 3.0, rng));
  }
  if (op != BcelOp::kForward) {
    c.grad = std::make_unique<DeviceTensor>(s.grad, types.grad, LayoutFor(layout, s.grad, false));
    c.grad->Fill(UniformValues(c.grad->numel(), -2.0, 2.0, rng));
  }
  const Dims out_dims = op == BcelOp::kForward && reduction != 0 ? Dims{} : s.self;
  c.out = std::make_unique<DeviceTensor>(out_dims, types.target, LayoutFor(layout, out_dims, true));
  return c;
}

class BceWithLogitsGridTest : public ::testing::TestWithParam<BcelOp> {};

TEST_P(BceWithLogitsGridTest, MatchesTheReferenceOnEveryPath) {
  const BcelOp op = GetParam();
  ScopedStream stream;
  std::mt19937 rng(1301 + static_cast<int>(op));
  const std::vector<KernelChoice> choices = KernelChoices();
  for (const ShapeCase& shapes : ShapeCases()) {
    for (LayoutKind layout : kAllLayouts) {
      for (const TypeCase& types : TypeCases()) {
        for (int64_t reduction : {0, 1, 2}) {
          SCOPED_TRACE(std::string(BcelOpName(op)) + ", " + shapes.name + ", " + LayoutName(layout) +
                       ", reduction " + std::to_string(reduction) + ", types " + std::to_string(types.self) + "/" +
                       std::to_string(types.target) + "/" + std::to_string(types.weight) + "/" +
                       std::to_string(types.pos_weight) + "/" + std::to_string(types.grad));
          const CaseTensors c = MakeCase(op, shapes, types, layout, reduction, &rng);
          const BcelTensors t = c.View();
          const std::vector<uint8_t> self_before = c.self->Storage();
          const std::vector<uint8_t> target_before = c.target->Storage();
          ASSERT_EQ(CallBcel(op, t, reduction, stream.get()), 0) << TakeErrorMessage();
          const std::vector<double> want = BcelReference(op, t, reduction);
          ExpectWithin(types.target, c.out->Read(), want, UlpsFor(op, t, reduction, types.target, want));
          EXPECT_TRUE(c.out->OutsideViewUntouched());
          EXPECT_EQ(c.self->Storage(), self_before);
          EXPECT_EQ(c.target->Storage(), target_before);
          const std::vector<uint8_t> reference_bits = c.out->Storage();
          for (const KernelChoice& choice : choices) {
            KernelChoiceScope scope(choice);
            ASSERT_EQ(CallBcel(op, t, reduction, stream.get()), 0) << TakeErrorMessage();
            EXPECT_EQ(c.out->Storage(), reference_bits) << choice.target << ", " << choice.threads << " threads";
          }
        }
      }
    }
  }
}

// Large enough for several deterministic-sum chunks and for two kernel threads to split the work.
TEST_P(BceWithLogitsGridTest, LargeCallsGiveTheSameBitsForAnyThreadCount) {
  const BcelOp op = GetParam();
  ScopedStream stream;
  std::mt19937 rng(1311);
  const ShapeCase shapes = {"large", {3, 100003}, true, {100003}, true, {3, 1}, {3, 100003}};
  const TypeCase types = {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT};
  for (int64_t reduction : {0, 1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    const CaseTensors c = MakeCase(op, shapes, types, LayoutKind::kContiguous, reduction, &rng);
    std::vector<uint8_t> bits;
    for (int threads : {1, 2}) {
      ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
      ASSERT_EQ(CallBcel(op, c.View(), reduction, stream.get()), 0) << TakeErrorMessage();
      if (threads == 1) {
        bits = c.out->Storage();
      } else {
        EXPECT_EQ(c.out->Storage(), bits);
      }
    }
    openaclnnSetNumThreads(0);
    const std::vector<double> want = BcelReference(op, c.View(), reduction);
    ExpectWithin(ACL_FLOAT, c.out->Read(), want, UlpsFor(op, c.View(), reduction, ACL_FLOAT, want));
  }
}

INSTANTIATE_TEST_SUITE_P(AllOperators, BceWithLogitsGridTest,
                         ::testing::Values(BcelOp::kForward, BcelOp::kBackward, BcelOp::kTargetBackward),
                         [](const ::testing::TestParamInfo<BcelOp>& param_info) {
                           return param_info.param == BcelOp::kForward    ? std::string("Forward")
                                  : param_info.param == BcelOp::kBackward ? std::string("Backward")
                                                                    : std::string("TargetBackward");
                         });

// Every pairing of edge logits with targets (in and outside [0, 1]) and posWeights, weight 1 and 0.5, reduction
// none, FLOAT: the stable forms give the reference (rounded once) wherever it is finite, so no finite input
// overflows; NaN propagates; infinities give the IEEE result of the formula.
TEST(BceWithLogitsEdgeTest, EdgeValuesAgreeWithTheReference) {
  ScopedStream stream;
  const double max = FLT_MAX;
  const std::vector<double> logits = {0.0,   -0.0,   1e-40, -1e-40, 1.4e-45, -1.4e-45, 20.0, -20.0, 88.0, -88.0,
                                      104.0, -104.0, 1e30,  -1e30,  max,     -max,     NAN};
  const std::vector<double> targets = {0.0, 1.0, 0.5, 0.25, 2.0, -1.0, NAN};
  for (const bool with_pos_weight : {false, true}) {
    for (const double pos_weight : {0.5, 3.0}) {
      if (!with_pos_weight && pos_weight != 0.5) {
        continue;
      }
      std::vector<double> x, y;
      for (double xi : logits) {
        for (double yi : targets) {
          x.push_back(xi);
          y.push_back(yi);
        }
      }
      const Dims dims = {static_cast<int64_t>(x.size())};
      DeviceTensor self(dims, ACL_FLOAT), target(dims, ACL_FLOAT), grad(dims, ACL_FLOAT);
      DeviceTensor weight({1}, ACL_FLOAT), pos({1}, ACL_FLOAT), out(dims, ACL_FLOAT);
      self.Fill(x);
      target.Fill(y);
      grad.Fill(std::vector<double>(x.size(), 1.0));
      weight.Fill({0.5});
      pos.Fill({pos_weight});
      for (BcelOp op : {BcelOp::kForward, BcelOp::kBackward, BcelOp::kTargetBackward}) {
        SCOPED_TRACE(std::string(BcelOpName(op)) + (with_pos_weight ? ", posWeight " + std::to_string(pos_weight)
                                                                    : std::string(", no posWeight")));
        const BcelTensors t = {&grad, &self, &target, &weight, with_pos_weight ? &pos : nullptr, &out};
        ASSERT_EQ(CallBcel(op, t, 0, stream.get()), 0) << TakeErrorMessage();
        const std::vector<double> got = out.Read();
        const std::vector<double> want = BcelReference(op, t, 0);
        ExpectWithin(ACL_FLOAT, got, want, UlpsFor(op, t, 0, ACL_FLOAT, want));
        for (size_t i = 0; i < got.size(); ++i) {
          if (std::isfinite(x[i]) && std::isfinite(y[i]) && std::isfinite(RoundTo(ACL_FLOAT, want[i]))) {
            EXPECT_TRUE(std::isfinite(got[i])) << "x " << x[i] << ", y " << y[i] << ": " << got[i];
          }
        }
      }
    }
  }
}

// Infinite logits give the limits of the stable forms (weight and posWeight absent, gradOutput 1): the loss is +inf
// where the logit disagrees with the target and NaN (inf * 0) where it agrees; the gradients stay finite by self
// and are -+inf by target.
TEST(BceWithLogitsEdgeTest, InfiniteLogits) {
  ScopedStream stream;
  const double inf = std::numeric_limits<double>::infinity();
  const Dims dims = {5};
  DeviceTensor self(dims, ACL_FLOAT), target(dims, ACL_FLOAT), grad(dims, ACL_FLOAT), out(dims, ACL_FLOAT);
  self.Fill({inf, inf, inf, -inf, -inf});
  target.Fill({0.0, 1.0, 0.25, 0.0, 1.0});
  grad.Fill(std::vector<double>(5, 1.0));
  const BcelTensors t = {&grad, &self, &target, nullptr, nullptr, &out};
  ASSERT_EQ(CallBcel(BcelOp::kForward, t, 0, stream.get()), 0) << TakeErrorMessage();
  std::vector<double> got = out.Read();
  EXPECT_EQ(got[0], inf);
  EXPECT_TRUE(std::isnan(got[1]));
  EXPECT_EQ(got[2], inf);
  EXPECT_TRUE(std::isnan(got[3]));
  EXPECT_EQ(got[4], inf);
  ASSERT_EQ(CallBcel(BcelOp::kBackward, t, 0, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(out.Read(), (std::vector<double>{1.0, 0.0, 0.75, 0.0, -1.0}));
  ASSERT_EQ(CallBcel(BcelOp::kTargetBackward, t, 0, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(out.Read(), (std::vector<double>{-inf, -inf, -inf, inf, inf}));
}

// FLOAT16 at its largest finite logits, and mean and sum near FLOAT's limit: still finite where the result is.
TEST(BceWithLogitsEdgeTest, HalfLimitsAndLargeSumsStayFinite) {
  ScopedStream stream;
  DeviceTensor self({4}, ACL_FLOAT16), target({4}, ACL_FLOAT16), out({4}, ACL_FLOAT16);
  self.Fill({65504.0, -65504.0, 65504.0, -65504.0});
  target.Fill({0.0, 1.0, 1.0, 0.0});
  ASSERT_EQ(CallBcel(BcelOp::kForward, {nullptr, &self, &target, nullptr, nullptr, &out}, 0, stream.get()), 0);
  // 0 and 0 where the logit agrees with the target (to within exp(-65504)), 65504 where it does not.
  EXPECT_EQ(out.Read(), (std::vector<double>{65504.0, 65504.0, 0.0, 0.0}));
  DeviceTensor big({2}, ACL_FLOAT), big_target({2}, ACL_FLOAT), mean({}, ACL_FLOAT);
  big.Fill({FLT_MAX, FLT_MAX});
  big_target.Fill({0.0, 0.0});
  ASSERT_EQ(CallBcel(BcelOp::kForward, {nullptr, &big, &big_target, nullptr, nullptr, &mean}, 1, stream.get()), 0);
  EXPECT_EQ(mean.Read()[0], static_cast<double>(FLT_MAX));  // The mean of two FLT_MAX terms, summed in double.
}

// Empty inputs: none writes nothing, mean NaN, sum 0; the backwards write nothing.
TEST(BceWithLogitsEdgeTest, EmptyInputs) {
  ScopedStream stream;
  DeviceTensor self({0, 3}, ACL_FLOAT), target({0, 3}, ACL_FLOAT), grad({0, 3}, ACL_FLOAT), none({0, 3}, ACL_FLOAT);
  DeviceTensor reduced({}, ACL_FLOAT);
  EXPECT_EQ(CallBcel(BcelOp::kForward, {nullptr, &self, &target, nullptr, nullptr, &none}, 0, stream.get()), 0);
  EXPECT_TRUE(none.OutsideViewUntouched());
  ASSERT_EQ(CallBcel(BcelOp::kForward, {nullptr, &self, &target, nullptr, nullptr, &reduced}, 1, stream.get()), 0);
  EXPECT_TRUE(std::isnan(reduced.Read()[0]));
  ASSERT_EQ(CallBcel(BcelOp::kForward, {nullptr, &self, &target, nullptr, nullptr, &reduced}, 2, stream.get()), 0);
  EXPECT_EQ(reduced.Read()[0], 0.0);
  for (BcelOp op : {BcelOp::kBackward, BcelOp::kTargetBackward}) {
    EXPECT_EQ(CallBcel(op, {&grad, &self, &target, nullptr, nullptr, &none}, 1, stream.get()), 0);
    EXPECT_TRUE(none.OutsideViewUntouched());
  }
}

// An empty self skips the backwards' shape checks (as CANN does), so gradOutput, target and out may be larger; the
// run must still read and write nothing (it once walked out's shape over self's empty storage).
TEST(BceWithLogitsEdgeTest, EmptySelfWithLargerOperandsWritesNothing) {
  ScopedStream stream;
  DeviceTensor self({0}, ACL_FLOAT), target({2, 3}, ACL_FLOAT), grad({2, 3}, ACL_FLOAT), weight({3}, ACL_FLOAT);
  DeviceTensor out({2, 3}, ACL_FLOAT);
  target.Fill({0.0, 1.0, 0.5, 0.25, 1.0, 0.0});
  grad.Fill({1.0, 2.0, 3.0, 4.0, 5.0, 6.0});
  weight.Fill({1.0, 2.0, 3.0});
  const std::vector<double> before = {-1.0, -2.0, -3.0, -4.0, -5.0, -6.0};
  for (BcelOp op : {BcelOp::kBackward, BcelOp::kTargetBackward}) {
    for (const DeviceTensor* pos_weight : std::vector<const DeviceTensor*>{nullptr, &weight}) {
      out.Fill(before);
      EXPECT_EQ(CallBcel(op, {&grad, &self, &target, &weight, pos_weight, &out}, 0, stream.get()), 0)
          << BcelOpName(op) << ": " << TakeErrorMessage();
      EXPECT_EQ(out.Read(), before) << BcelOpName(op);
      EXPECT_TRUE(out.OutsideViewUntouched()) << BcelOpName(op);
    }
  }
}

std::vector<std::string> Printed(const std::vector<double>& values) {
  std::vector<std::string> printed;
  for (double value : values) {
    char text[32];
    std::snprintf(text, sizeof(text), "%f", value);
    printed.emplace_back(text);
  }
  return printed;
}

// CANN's example for aclnnBinaryCrossEntropyWithLogits (its operator document): a 4 x 2 FLOAT self, target,
// weight and posWeight, reduction none; the values it prints with %f.
TEST(BceWithLogitsExampleTest, CannForwardExamplePrintsItsValues) {
  ScopedStream stream;
  const Dims dims = {4, 2};
  DeviceTensor self(dims, ACL_FLOAT), target(dims, ACL_FLOAT), weight(dims, ACL_FLOAT), pos(dims, ACL_FLOAT);
  DeviceTensor out(dims, ACL_FLOAT);
  self.Fill({0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4});
  target.Fill({0.2, 0.2, 0.1, 0.1, 0.2, 0.2, 0.1, 0.1});
  weight.Fill(std::vector<double>(8, 0.5));
  pos.Fill(std::vector<double>(8, 0.5));
  ASSERT_EQ(CallBcel(BcelOp::kForward, {nullptr, &self, &target, &weight, &pos, &out}, 0, stream.get()), 0)
      << TakeErrorMessage();
  EXPECT_EQ(Printed(out.Read()), (std::vector<std::string>{"0.329978", "0.329978", "0.374116", "0.374116",
                                                           "0.369460", "0.369460", "0.423682", "0.423682"}));
}

// The documented examples of the two backwards: 2 x 2 FLOAT gradOutput = self = weight = posWeight = {0, 1, 2, 3},
// target 0.1, reduction none.
TEST(BceWithLogitsExampleTest, CannBackwardExamplesPrintTheirValues) {
  ScopedStream stream;
  const Dims dims = {2, 2};
  DeviceTensor grad(dims, ACL_FLOAT), self(dims, ACL_FLOAT), target(dims, ACL_FLOAT), weight(dims, ACL_FLOAT);
  DeviceTensor pos(dims, ACL_FLOAT), out(dims, ACL_FLOAT);
  for (DeviceTensor* tensor : {&grad, &self, &weight, &pos}) {
    tensor->Fill({0, 1, 2, 3});
  }
  target.Fill(std::vector<double>(4, 0.1));
  ASSERT_EQ(CallBcel(BcelOp::kBackward, {&grad, &self, &target, &weight, &pos, &out}, 0, stream.get()), 0)
      << TakeErrorMessage();
  EXPECT_EQ(Printed(out.Read()), (std::vector<std::string>{"0.000000", "0.631059", "3.075507", "7.587801"}));
  ASSERT_EQ(CallBcel(BcelOp::kTargetBackward, {&grad, &self, &target, &weight, &pos, &out}, 0, stream.get()), 0)
      << TakeErrorMessage();
  // The last value is the float nearest to -26.1254276..., which prints as ...427 (the facts file prints the exact
  // value, ...428).
  EXPECT_EQ(Printed(out.Read()), (std::vector<std::string>{"-0.000000", "-1.000000", "-7.492288", "-26.125427"}));
}

}  // namespace
}  // namespace openaclnn::test
