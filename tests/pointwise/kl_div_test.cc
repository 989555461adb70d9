// aclnnKlDiv, aclnnKlDivBackward and aclnnKlDivTargetBackward against float64 references written from CANN's
// formulas (POINTWISE-LOSS-FACTS 11), sharing no code with the library: a grid over data types and their mixes,
// the four reductions, logTarget, ranks 0-8, broadcasts and layouts, every kernel target with one and two threads
// bit-identical to the reference kernels; edge values (+-0, subnormals, +-inf, NaN, targets outside [0, 1]);
// empty inputs; CANN's documented examples; and each gradient against central differences of the forward.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_kl_div.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_kl_div_target_backward.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"
#include "pointwise_call.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr int64_t kBatchMean = 3;

// The loss term: t (log t - x) with 0 where t == 0, or exp(t) (t - x) with 0 where t == x.
double Term(double x, double t, bool log_target) {
  if (log_target) {
    return t - x == 0 ? 0.0 : std::exp(t) * (t - x);
  }
  return t * ((t == 0 ? 0.0 : std::log(t)) - x);
}
// The gradients with gs = gradOutput * factor: by self -w gs (w = t or exp(t)); by target as CANN composes it,
// gs log t - gs x + (gs t) / t (NaN at t == 0 and t = inf), or gs (t - x) exp(t) + gs exp(t) (0 where
// t - x + 1 == 0).
double BySelf(double, double t, double gs, bool log_target) { return -(log_target ? std::exp(t) : t) * gs; }
double ByTarget(double x, double t, double gs, bool log_target) {
  if (log_target) {
    return t - x + 1.0 == 0 ? 0.0 : gs * (t - x) * std::exp(t) + gs * std::exp(t);
  }
  return gs * std::log(t) - gs * x + gs * t / t;
}

enum class Grad { kSelf, kTarget };

int Run(aclnnStatus phase1, uint64_t workspace_size, aclOpExecutor* executor,
        aclnnStatus (*phase2)(void*, uint64_t, aclOpExecutor*, aclrtStream), aclrtStream stream) {
  if (phase1 != 0) {
    return phase1;
  }
  const int code = phase2(nullptr, workspace_size, executor, stream);
  return code != 0 ? code : aclrtSynchronizeStream(stream);
}

int Forward(const DeviceTensor& self, const DeviceTensor& target, int64_t reduction, bool log_target,
            const DeviceTensor& out, aclrtStream stream) {
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  const int code = aclnnKlDivGetWorkspaceSize(self.get(), target.get(), reduction, log_target, out.get(), &size,
                                              &executor);
  return Run(code, size, executor, aclnnKlDiv, stream);
}

int Backward(Grad which, const DeviceTensor& grad, const DeviceTensor& self, const DeviceTensor& target,
             int64_t reduction, bool log_target, const DeviceTensor& out, aclrtStream stream) {
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  if (which == Grad::kSelf) {
    const int code = aclnnKlDivBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), reduction, log_target,
                                                        out.get(), &size, &executor);
    return Run(code, size, executor, aclnnKlDivBackward, stream);
  }
  const int code = aclnnKlDivTargetBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), reduction,
                                                            log_target, out.get(), &size, &executor);
  return Run(code, size, executor, aclnnKlDivTargetBackward, stream);
}

std::vector<double> ForwardReference(const DeviceTensor& self, const DeviceTensor& target, int64_t reduction,
                                     bool log_target) {
  const std::vector<int64_t> shape = BroadcastOf({self.dims(), target.dims()});
  const std::vector<double> x = self.Read(), t = target.Read();
  std::vector<double> terms(static_cast<size_t>(Numel(shape)));
  for (size_t i = 0; i < terms.size(); ++i) {
    const auto index = static_cast<int64_t>(i);
    terms[i] = Term(x[static_cast<size_t>(BroadcastIndex(self.dims(), shape, index))],
                    t[static_cast<size_t>(BroadcastIndex(target.dims(), shape, index))], log_target);
  }
  if (reduction == 0) {
    return terms;
  }
  const double sum = CompensatedTotal(terms);
  if (reduction == 1) {
    return {sum / static_cast<double>(terms.size())};
  }
  return {reduction == kBatchMean ? sum / static_cast<double>(shape.empty() ? 1 : shape[0]) : sum};
}

// The factor: 1 / N for mean (the broadcast's count) and batchmean (its first dimension), else 1 (CANN reads
// every unknown value as none).
double Factor(const std::vector<int64_t>& shape, int64_t reduction) {
  if (reduction == 1) {
    return 1.0 / static_cast<double>(Numel(shape));
  }
  if (reduction == kBatchMean) {
    return 1.0 / static_cast<double>(shape.empty() ? 1 : shape[0]);
  }
  return 1.0;
}

std::vector<double> BackwardReference(Grad which, const DeviceTensor& grad, const DeviceTensor& self,
                                      const DeviceTensor& target, int64_t reduction, bool log_target) {
  const std::vector<int64_t> shape = BroadcastOf({grad.dims(), self.dims(), target.dims()});
  const std::vector<double> g = grad.Read(), x = self.Read(), t = target.Read();
  const double c = Factor(shape, reduction);
  std::vector<double> result(static_cast<size_t>(Numel(shape)));
  for (size_t i = 0; i < result.size(); ++i) {
    const auto index = static_cast<int64_t>(i);
    const double gi = g[static_cast<size_t>(BroadcastIndex(grad.dims(), shape, index))];
    const double xi = x[static_cast<size_t>(BroadcastIndex(self.dims(), shape, index))];
    const double ti = t[static_cast<size_t>(BroadcastIndex(target.dims(), shape, index))];
    result[i] = which == Grad::kSelf ? BySelf(xi, ti, gi * c, log_target) : ByTarget(xi, ti, gi * c, log_target);
  }
  return result;
}

bool SameValue(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) {
    return std::isnan(a) && std::isnan(b);
  }
  return a == b && std::signbit(a) == std::signbit(b);
}

void ExpectWithin(aclDataType dtype, const std::vector<double>& got, const std::vector<double>& want, double ulps) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    const double rounded = RoundTo(dtype, want[i]);
    EXPECT_LE(UlpDistance(dtype, got[i], rounded), ulps)
        << "element " << i << ": got " << got[i] << ", reference " << want[i];
  }
}

struct KernelChoice {
  std::string target;
  int threads;
};

std::vector<KernelChoice> KernelChoices() {
  std::vector<KernelChoice> choices;
  for (int32_t i = 0; i < openaclnnGetKernelTargetCount(); ++i) {
    for (int threads : {1, 2}) {
      choices.push_back({openaclnnGetKernelTargetName(i), threads});
    }
  }
  return choices;
}

// Every kernel choice reproduces `bits`, the reference kernels' result of `call`.
void ExpectSameBitsOnEveryPath(const std::function<int()>& call, const DeviceTensor& out) {
  const std::vector<uint8_t> bits = out.Storage();
  for (const KernelChoice& choice : KernelChoices()) {
    ASSERT_EQ(openaclnnSetKernelTarget(choice.target.c_str()), 0);
    ASSERT_EQ(openaclnnSetNumThreads(choice.threads), 0);
    ASSERT_EQ(call(), 0) << TakeErrorMessage();
    EXPECT_EQ(out.Storage(), bits) << choice.target << ", " << choice.threads << " threads";
  }
  openaclnnSetKernelTarget(nullptr);
  openaclnnSetNumThreads(0);
}

// self holds log-probabilities; targets are probabilities (some exactly 0) or, for logTarget, their logs.
std::vector<double> DrawSelf(int64_t count, std::mt19937* rng) {
  std::uniform_real_distribution<double> draw(-4.0, 1.0);
  std::vector<double> values(static_cast<size_t>(count));
  for (double& v : values) v = draw(*rng);
  return values;
}
std::vector<double> DrawTarget(int64_t count, bool log_target, std::mt19937* rng) {
  std::uniform_real_distribution<double> draw(log_target ? -4.0 : 0.0, 2.0);
  std::vector<double> values(static_cast<size_t>(count));
  for (size_t i = 0; i < values.size(); ++i) {
    values[i] = !log_target && i % 7 == 3 ? 0.0 : draw(*rng);
  }
  return values;
}

struct ShapeCase {
  std::string name;
  std::vector<int64_t> self, target, grad;
};

// Shapes where the broadcast does not enlarge the differentiated operand: `owner` names it.
std::vector<ShapeCase> ShapeCases(Grad which) {
  const bool by_self = which == Grad::kSelf;
  auto swap_if = [by_self](ShapeCase c) {
    if (!by_self) std::swap(c.self, c.target);
    return c;
  };
  return {swap_if({"0-D", {}, {}, {}}),
          swap_if({"1-D crossing vector tails", {67}, {67}, {67}}),
          swap_if({"scalar other and gradOutput", {3, 5}, {}, {}}),
          swap_if({"row other", {4, 6}, {6}, {1}}),
          swap_if({"3-D", {2, 3, 4}, {3, 1}, {2, 3, 4}}),
          swap_if({"8-D", {2, 1, 2, 1, 2, 1, 2, 3}, {2, 3}, {1}}),
          swap_if({"8-D full", {2, 2, 1, 2, 2, 1, 3, 5}, {2, 2, 1, 2, 2, 1, 3, 5}, {2, 2, 1, 2, 2, 1, 3, 5}})};
}

enum class LayoutKind { kContiguous, kTransposed, kPaddedOffset };

Layout LayoutFor(LayoutKind kind, const std::vector<int64_t>& dims) {
  Layout layout;
  if (kind == LayoutKind::kTransposed && dims.size() >= 2) layout.strides = TransposedStrides(dims);
  if (kind == LayoutKind::kPaddedOffset) {
    layout.strides = PaddedStrides(dims, 2);
    layout.offset = 5;
  }
  return layout;
}

struct TypeCase {
  aclDataType self, target, grad, out;
};

const std::vector<TypeCase>& TypeCases() {
  const aclDataType f = ACL_FLOAT, h = ACL_FLOAT16, b = ACL_BF16;
  static const std::vector<TypeCase> kCases = {{f, f, f, f}, {h, h, h, h}, {b, b, b, b},
                                               {f, h, b, f}, {h, b, f, h}, {b, f, h, b}};
  return kCases;
}

TEST(KlDivTest, ForwardGridMatchesTheReferenceOnEveryPath) {
  ScopedStream stream;
  std::mt19937 rng(1301);
  for (const ShapeCase& shapes : ShapeCases(Grad::kSelf)) {
    for (LayoutKind layout : {LayoutKind::kContiguous, LayoutKind::kTransposed, LayoutKind::kPaddedOffset}) {
      for (const TypeCase& types : TypeCases()) {
        for (int64_t reduction : {0, 1, 2, 3}) {
          for (bool log_target : {false, true}) {
            SCOPED_TRACE(shapes.name + ", layout " + std::to_string(static_cast<int>(layout)) + ", reduction " +
                         std::to_string(reduction) + ", logTarget " + std::to_string(log_target) + ", types " +
                         std::to_string(types.self) + "/" + std::to_string(types.target) + " -> " +
                         std::to_string(types.out));
            // The target broadcast the other way too: the forward has no owner.
            const std::vector<int64_t>& self_dims = reduction % 2 == 0 ? shapes.self : shapes.target;
            const std::vector<int64_t>& target_dims = reduction % 2 == 0 ? shapes.target : shapes.self;
            const std::vector<int64_t> shape = BroadcastOf({self_dims, target_dims});
            const std::vector<int64_t> out_dims = reduction == 0 ? shape : std::vector<int64_t>{};
            DeviceTensor self(self_dims, types.self, LayoutFor(layout, self_dims));
            DeviceTensor target(target_dims, types.target, LayoutFor(layout, target_dims));
            DeviceTensor out(out_dims, types.out, LayoutFor(layout, out_dims));
            self.Fill(DrawSelf(self.numel(), &rng));
            target.Fill(DrawTarget(target.numel(), log_target, &rng));
            auto call = [&] { return Forward(self, target, reduction, log_target, out, stream.get()); };
            ASSERT_EQ(call(), 0) << TakeErrorMessage();
            // One rounding of a double term (or sum) that the C library's exp and log give within a double ulp.
            ExpectWithin(types.out, out.Read(), ForwardReference(self, target, reduction, log_target), 1.0);
            EXPECT_TRUE(out.OutsideViewUntouched());
            ExpectSameBitsOnEveryPath(call, out);
          }
        }
      }
    }
  }
}

TEST(KlDivTest, GradientGridsMatchTheReferenceOnEveryPath) {
  ScopedStream stream;
  std::mt19937 rng(1302);
  for (Grad which : {Grad::kSelf, Grad::kTarget}) {
    for (const ShapeCase& shapes : ShapeCases(which)) {
      for (LayoutKind layout : {LayoutKind::kContiguous, LayoutKind::kTransposed, LayoutKind::kPaddedOffset}) {
        for (const TypeCase& types : TypeCases()) {
          for (int64_t reduction : {0, 1, 2, 3, 7}) {
            for (bool log_target : {false, true}) {
              SCOPED_TRACE(std::string(which == Grad::kSelf ? "by self, " : "by target, ") + shapes.name +
                           ", layout " + std::to_string(static_cast<int>(layout)) + ", reduction " +
                           std::to_string(reduction) + ", logTarget " + std::to_string(log_target) + ", types " +
                           std::to_string(types.grad) + "/" + std::to_string(types.self) + "/" +
                           std::to_string(types.target) + " -> " + std::to_string(types.out));
              const std::vector<int64_t> shape = BroadcastOf({shapes.self, shapes.target});
              // gradTarget has target's data type (CANN's rule); out any float type.
              const aclDataType out_type = which == Grad::kTarget ? types.target : types.out;
              DeviceTensor grad(shapes.grad, types.grad, LayoutFor(layout, shapes.grad));
              DeviceTensor self(shapes.self, types.self, LayoutFor(layout, shapes.self));
              DeviceTensor target(shapes.target, types.target, LayoutFor(layout, shapes.target));
              DeviceTensor out(shape, out_type, LayoutFor(layout, shape));
              grad.Fill(DrawSelf(grad.numel(), &rng));
              self.Fill(DrawSelf(self.numel(), &rng));
              target.Fill(DrawTarget(target.numel(), log_target, &rng));
              auto call = [&] {
                return Backward(which, grad, self, target, reduction, log_target, out, stream.get());
              };
              ASSERT_EQ(call(), 0) << TakeErrorMessage();
              // In double, rounded once; mean and batchmean round their factor 1 / N to float first. The
              // gradient by self without logTarget is ((-t) * g) * s in float: exact inputs, so none and sum are
              // one rounding, mean and batchmean three with the factor's.
              const bool scaled = reduction == 1 || reduction == 3;
              const bool in_float = which == Grad::kSelf && !log_target;
              const double ulps = out_type != ACL_FLOAT ? 1.0 : (scaled ? (in_float ? 3.0 : 2.0) : 1.0);
              ExpectWithin(out_type, out.Read(),
                           BackwardReference(which, grad, self, target, reduction, log_target), ulps);
              EXPECT_TRUE(out.OutsideViewUntouched());
              ExpectSameBitsOnEveryPath(call, out);
            }
          }
        }
      }
    }
  }
}

std::vector<double> EdgeValues(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT16: return {0.0, -0.0, 0x1p-24, 0x1p-14, 0.5, 1.0, -1.0, 11.0, 65504.0, kInf, -kInf, kNan};
    case ACL_BF16: return {0.0, -0.0, 0x1p-133, 0.5, 1.0, -1.0, 100.0, 0x1p125, kInf, -kInf, kNan};
    default: return {0.0, -0.0, 0x1p-149, 0x1p-126, 0.5, 1.0, -1.0, 100.0, 0x1p125, kInf, -kInf, kNan};
  }
}

// Every pair of edge values (targets outside [0, 1], zeros of both signs, subnormals, infinities, NaN): each
// result is the reference rounded once, sign of zero and NaN included.
TEST(KlDivTest, EdgeValuesGiveTheReferenceResult) {
  ScopedStream stream;
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    const std::vector<double> edges = EdgeValues(dtype);
    const auto n = static_cast<int64_t>(edges.size());
    std::vector<double> x, t, g;
    for (int64_t i = 0; i < n * n; ++i) {
      x.push_back(edges[static_cast<size_t>(i / n)]);
      t.push_back(edges[static_cast<size_t>(i % n)]);
      g.push_back(i % 3 == 0 ? 0.0 : (i % 3 == 1 ? 1.0 : -2.0));
    }
    DeviceTensor self({n * n}, dtype), target({n * n}, dtype), grad({n * n}, dtype), out({n * n}, dtype);
    self.Fill(x);
    target.Fill(t);
    grad.Fill(g);
    for (bool log_target : {false, true}) {
      SCOPED_TRACE("dtype " + std::to_string(dtype) + ", logTarget " + std::to_string(log_target));
      ASSERT_EQ(Forward(self, target, 0, log_target, out, stream.get()), 0) << TakeErrorMessage();
      std::vector<double> got = out.Read();
      std::vector<double> want = ForwardReference(self, target, 0, log_target);
      for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_TRUE(SameValue(got[i], RoundTo(dtype, want[i])))
            << "loss at x " << x[i] << ", t " << t[i] << ": got " << got[i] << ", want " << want[i];
      }
      for (Grad which : {Grad::kSelf, Grad::kTarget}) {
        ASSERT_EQ(Backward(which, grad, self, target, 0, log_target, out, stream.get()), 0) << TakeErrorMessage();
        got = out.Read();
        want = BackwardReference(which, grad, self, target, 0, log_target);
        for (size_t i = 0; i < got.size(); ++i) {
          EXPECT_TRUE(SameValue(got[i], RoundTo(dtype, want[i])))
              << (which == Grad::kSelf ? "by self" : "by target") << " at x " << x[i] << ", t " << t[i] << ", g "
              << g[i] << ": got " << got[i] << ", want " << want[i];
        }
      }
    }
  }
}

// A large exp(t) where the loss is 0 (t == x) or the target gradient is 0 (t - x + 1 == 0): 0, not inf * 0.
// Elsewhere the overflow is CANN's composition's: gs (t - x) exp(t) + gs exp(t) is NaN at t == x (0 * inf), as in
// CANN and PyTorch, where the limit is infinite.
TEST(KlDivTest, LogTargetOverflowOnlyWhereTheResultIsInfinite) {
  ScopedStream stream;
  DeviceTensor self({3}, ACL_FLOAT), target({3}, ACL_FLOAT), grad({3}, ACL_FLOAT), out({3}, ACL_FLOAT);
  self.Fill({1000.0, 1001.0, 999.0});
  target.Fill({1000.0, 1000.0, 1000.0});
  grad.Fill({1.0, 1.0, 1.0});
  ASSERT_EQ(Forward(self, target, 0, true, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(out.Read(), (std::vector<double>{0.0, -kInf, kInf}));
  ASSERT_EQ(Backward(Grad::kTarget, grad, self, target, 0, true, out, stream.get()), 0) << TakeErrorMessage();
  const std::vector<double> gradient = out.Read();
  EXPECT_TRUE(std::isnan(gradient[0]));
  EXPECT_EQ(gradient[1], 0.0);
  EXPECT_EQ(gradient[2], kInf);
}

// Empty inputs: CANN returns before its shape checks; none writes nothing, mean NaN, sum 0, batchmean NaN when
// self's first dimension is 0 and 0 otherwise; the gradients write nothing.
TEST(KlDivTest, EmptyInputs) {
  ScopedStream stream;
  DeviceTensor self({0, 3}, ACL_FLOAT), self_rows({2, 0}, ACL_FLOAT), target({3}, ACL_FLOAT), out({}, ACL_FLOAT);
  DeviceTensor none_out({0, 3}, ACL_FLOAT), grad({1}, ACL_FLOAT);
  EXPECT_EQ(Forward(self, target, 0, false, none_out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(none_out.OutsideViewUntouched());
  ASSERT_EQ(Forward(self, target, 1, false, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(std::isnan(out.Read()[0]));
  ASSERT_EQ(Forward(self, target, 2, false, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(SameValue(out.Read()[0], 0.0));
  ASSERT_EQ(Forward(self, target, 3, true, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(std::isnan(out.Read()[0]));
  // self [2, 0] with a target that does not broadcast with it: CANN's empty short cut comes first.
  ASSERT_EQ(Forward(self_rows, target, 3, false, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(SameValue(out.Read()[0], 0.0));
  for (Grad which : {Grad::kSelf, Grad::kTarget}) {
    DeviceTensor empty_grad({0, 3}, ACL_FLOAT), other({0, 3}, ACL_FLOAT);
    EXPECT_EQ(Backward(which, grad, self, other, 1, false, empty_grad, stream.get()), 0) << TakeErrorMessage();
    EXPECT_TRUE(empty_grad.OutsideViewUntouched());
  }
}

// CANN's documented examples (POINTWISE-LOSS-FACTS 11): the forward of a 4x2 FLOAT self {0..7} and target
// {1, 1, 1, 2, 2, 2, 3, 3} with mean into a [1] out; both gradients of gradOutput = self = target = {2, 3, 5, 8}.
TEST(KlDivTest, CannExamples) {
  ScopedStream stream;
  DeviceTensor self({4, 2}, ACL_FLOAT), target({4, 2}, ACL_FLOAT), out({1}, ACL_FLOAT);
  self.Fill({0, 1, 2, 3, 4, 5, 6, 7});
  target.Fill({1, 1, 1, 2, 2, 2, 3, 3});
  ASSERT_EQ(Forward(self, target, 1, false, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_NEAR(out.Read()[0], -6.906180, 5e-6);
  DeviceTensor values({2, 2}, ACL_FLOAT), gradient({2, 2}, ACL_FLOAT);
  values.Fill({2, 3, 5, 8});
  ASSERT_EQ(Backward(Grad::kSelf, values, values, values, 0, false, gradient, stream.get()), 0)
      << TakeErrorMessage();
  EXPECT_EQ(gradient.Read(), (std::vector<double>{-4, -9, -25, -64}));
  ASSERT_EQ(Backward(Grad::kTarget, values, values, values, 0, false, gradient, stream.get()), 0)
      << TakeErrorMessage();
  const std::vector<double> want = {-0.61371, -2.70416, -11.95281, -39.36447};
  const std::vector<double> got = gradient.Read();
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_NEAR(got[i], want[i], 5e-5) << "element " << i;
  }
}

// Both gradients against central differences of the forward: F = sum_i g_i out_i (one g for the reductions),
// in double from FLOAT outputs; the step is exact in FLOAT around the values used.
TEST(KlDivTest, GradientsAreDerivativesOfTheForward) {
  ScopedStream stream;
  std::mt19937 rng(1303);
  std::uniform_real_distribution<double> draw(0.25, 2.0);
  const double step = 1.0 / 256;
  for (Grad which : {Grad::kSelf, Grad::kTarget}) {
    for (int64_t reduction : {0, 1, 2, 3}) {
      for (bool log_target : {false, true}) {
        SCOPED_TRACE(std::string(which == Grad::kSelf ? "by self" : "by target") + ", reduction " +
                     std::to_string(reduction) + ", logTarget " + std::to_string(log_target));
        const std::vector<int64_t> dims = {3, 4};
        DeviceTensor self(which == Grad::kSelf ? dims : std::vector<int64_t>{4}, ACL_FLOAT);
        DeviceTensor target(which == Grad::kTarget ? dims : std::vector<int64_t>{4}, ACL_FLOAT);
        DeviceTensor grad(reduction == 0 ? dims : std::vector<int64_t>{}, ACL_FLOAT);
        DeviceTensor out(reduction == 0 ? dims : std::vector<int64_t>{}, ACL_FLOAT), gradient(dims, ACL_FLOAT);
        std::vector<double> x(static_cast<size_t>(self.numel())), t(static_cast<size_t>(target.numel()));
        std::vector<double> g(static_cast<size_t>(grad.numel()));
        for (double& v : x) v = -std::round(draw(rng) * 256) / 256;
        // Probabilities in [0.5625, 1] keep log's third derivative (the differences' truncation) small.
        for (double& v : t) v = std::round((log_target ? -draw(rng) : 0.5 + draw(rng) / 4) * 256) / 256;
        for (double& v : g) v = std::round((draw(rng) - 1.0) * 256) / 256;
        self.Fill(x);
        target.Fill(t);
        grad.Fill(g);
        ASSERT_EQ(Backward(which, grad, self, target, reduction, log_target, gradient, stream.get()), 0)
            << TakeErrorMessage();
        const std::vector<double> analytic = gradient.Read();
        DeviceTensor& moved_tensor = which == Grad::kSelf ? self : target;
        std::vector<double> moved = which == Grad::kSelf ? x : t;
        auto objective = [&] {
          EXPECT_EQ(Forward(self, target, reduction, log_target, out, stream.get()), 0) << TakeErrorMessage();
          const std::vector<double> values = out.Read();
          double sum = 0;
          for (size_t i = 0; i < values.size(); ++i) sum += g[g.size() == 1 ? 0 : i] * values[i];
          return sum;
        };
        for (size_t j = 0; j < moved.size(); ++j) {
          const double original = moved[j];
          moved[j] = original + step;
          moved_tensor.Fill(moved);
          const double f_plus = objective();
          moved[j] = original - step;
          moved_tensor.Fill(moved);
          const double f_minus = objective();
          moved[j] = original;
          moved_tensor.Fill(moved);
          const double numeric = (f_plus - f_minus) / (2 * step);
          // FLOAT outputs: a reduced F of up to ~24 is rounded to 1.4e-6, over 2 * step that is 2e-4.
          EXPECT_LT(std::fabs(analytic[j] - numeric) / (1.0 + std::fabs(analytic[j])), 5e-4)
              << "element " << j << ": backward " << analytic[j] << ", central difference " << numeric;
        }
      }
    }
  }
}

}  // namespace
}  // namespace openaclnn::test
