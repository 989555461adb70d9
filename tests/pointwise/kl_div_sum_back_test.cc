// aclnnKlDivBackward and aclnnKlDivTargetBackward when the broadcast of (gradOutput, self, target) enlarges the
// differentiated operand: its gradient is summed back to its shape, as CANN does (docs/kl_div.md). A float64
// reference written from CANN's formulas (POINTWISE-LOSS-FACTS 11), sharing no code with the library, over
// broadcast patterns (0-D, size-1 and missing dimensions, rank 8), layouts, data type mixes, reductions and
// logTarget; the same bits for every kernel target and 1, 2 and 4 threads; an empty broadcast; a sum beyond out's
// range; central differences of the forward. The operand-shaped gradients are the registry's ("KlDiv").
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
constexpr int64_t kBatchMean = 3;

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

struct KernelChoice {
  std::string target;
  int threads;
};

std::vector<KernelChoice> KernelChoices(const std::vector<int>& thread_counts) {
  std::vector<KernelChoice> choices;
  for (int32_t i = 0; i < openaclnnGetKernelTargetCount(); ++i) {
    for (int threads : thread_counts) {
      choices.push_back({openaclnnGetKernelTargetName(i), threads});
    }
  }
  return choices;
}

// Every kernel choice reproduces `bits`, the reference kernels' result of `call`.
void ExpectSameBitsOnEveryPath(const std::function<int()>& call, const DeviceTensor& out,
                               const std::vector<int>& thread_counts = {1, 2}) {
  const std::vector<uint8_t> bits = out.Storage();
  for (const KernelChoice& choice : KernelChoices(thread_counts)) {
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


// The exact gradient of the owner (self for kSelf, target for kTarget, shape `owner`): the broadcast's gradients
// summed over the copies each owner element stands for; `magnitude` gets the sums of their absolute values.
std::vector<double> SummedReference(Grad which, const DeviceTensor& grad, const DeviceTensor& self,
                                    const DeviceTensor& target, int64_t reduction, bool log_target,
                                    std::vector<double>* magnitude) {
  const std::vector<int64_t> shape = BroadcastOf({grad.dims(), self.dims(), target.dims()});
  const std::vector<int64_t>& owner = which == Grad::kSelf ? self.dims() : target.dims();
  const std::vector<double> each = BackwardReference(which, grad, self, target, reduction, log_target);
  std::vector<std::vector<double>> terms(static_cast<size_t>(Numel(owner)));
  for (size_t i = 0; i < each.size(); ++i) {
    terms[static_cast<size_t>(BroadcastIndex(owner, shape, static_cast<int64_t>(i)))].push_back(each[i]);
  }
  std::vector<double> sums;
  magnitude->clear();
  for (const std::vector<double>& group : terms) {
    sums.push_back(CompensatedTotal(group));
    double size = 0;
    for (double term : group) size += std::fabs(term);
    magnitude->push_back(size);
  }
  return sums;
}

// Broadcasts that enlarge the differentiated operand (`owner`): 0-D, size-1 and missing leading dimensions, summed
// inner, outer and middle dimensions, rank 8.
struct SummedCase {
  std::string name;
  std::vector<int64_t> owner, other, grad;
};

std::vector<SummedCase> SummedCases() {
  return {{"0-D owner", {}, {3, 5}, {}},
          {"[1] owner", {1}, {4, 6}, {6}},
          {"leading dimension summed", {6}, {4, 6}, {4, 6}},
          {"inner dimension summed", {4, 1}, {4, 6}, {1}},
          {"middle dimension summed", {2, 1, 4}, {3, 1}, {2, 3, 4}},
          {"both broadcast", {2, 1, 4}, {1, 3, 1}, {1}},
          {"8-D", {2, 1, 2, 1, 1, 1, 2, 1}, {2, 3, 2, 1, 2, 3, 2, 3}, {3, 2, 3}}};
}

// Each element's gradient is rounded to float (1/2 ulp of FLOAT of it; the factor 1 / N of mean and batchmean is
// rounded to float too), the sums are added in double and rounded once: within one ulp of out's type of the exact
// sum plus 2^-23 of the sum of the absolute gradients.
void ExpectSumsWithin(aclDataType dtype, const std::vector<double>& got, const std::vector<double>& want,
                      const std::vector<double>& magnitude) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << "element " << i << ": got " << got[i] << ", reference NaN";
      continue;
    }
    EXPECT_LE(std::fabs(got[i] - want[i]), UlpAt(dtype, want[i]) + 0x1p-23 * magnitude[i])
        << "element " << i << ": got " << got[i] << ", reference " << want[i];
  }
}

TEST(KlDivSumBackTest, GradientsOfABroadcastOperandAreSummedBack) {
  ScopedStream stream;
  std::mt19937 rng(1304);
  for (Grad which : {Grad::kSelf, Grad::kTarget}) {
    for (const SummedCase& shapes : SummedCases()) {
      for (LayoutKind layout : {LayoutKind::kContiguous, LayoutKind::kTransposed, LayoutKind::kPaddedOffset}) {
        for (const TypeCase& types : TypeCases()) {
          for (int64_t reduction : {0, 1, 2, 3, 7}) {
            for (bool log_target : {false, true}) {
              SCOPED_TRACE(std::string(which == Grad::kSelf ? "by self, " : "by target, ") + shapes.name +
                           ", layout " + std::to_string(static_cast<int>(layout)) + ", reduction " +
                           std::to_string(reduction) + ", logTarget " + std::to_string(log_target) + ", types " +
                           std::to_string(types.grad) + "/" + std::to_string(types.self) + "/" +
                           std::to_string(types.target) + " -> " + std::to_string(types.out));
              const std::vector<int64_t>& self_dims = which == Grad::kSelf ? shapes.owner : shapes.other;
              const std::vector<int64_t>& target_dims = which == Grad::kSelf ? shapes.other : shapes.owner;
              const aclDataType out_type = which == Grad::kTarget ? types.target : types.out;
              DeviceTensor grad(shapes.grad, types.grad, LayoutFor(layout, shapes.grad));
              DeviceTensor self(self_dims, types.self, LayoutFor(layout, self_dims));
              DeviceTensor target(target_dims, types.target, LayoutFor(layout, target_dims));
              DeviceTensor out(shapes.owner, out_type, LayoutFor(layout, shapes.owner));
              grad.Fill(DrawSelf(grad.numel(), &rng));
              self.Fill(DrawSelf(self.numel(), &rng));
              target.Fill(DrawTarget(target.numel(), log_target, &rng));
              auto call = [&] {
                return Backward(which, grad, self, target, reduction, log_target, out, stream.get());
              };
              ASSERT_EQ(call(), 0) << TakeErrorMessage();
              std::vector<double> magnitude;
              const std::vector<double> want =
                  SummedReference(which, grad, self, target, reduction, log_target, &magnitude);
              ExpectSumsWithin(out_type, out.Read(), want, magnitude);
              EXPECT_TRUE(out.OutsideViewUntouched());
              ExpectSameBitsOnEveryPath(call, out);
            }
          }
        }
      }
    }
  }
}

// Sums large enough to be split over threads: one out element (the deterministic series sum over 300,000
// gradients) and 300 columns of 1,000 rows; the same bits with 1, 2 and 4 threads on every kernel target.
TEST(KlDivSumBackTest, SummedGradientsAreTheSameForEveryThreadCount) {
  ScopedStream stream;
  std::mt19937 rng(1305);
  for (Grad which : {Grad::kSelf, Grad::kTarget}) {
    for (const SummedCase& shapes : {SummedCase{"one sum", {}, {300000}, {}},
                                     SummedCase{"columns", {300}, {1000, 300}, {1000, 300}}}) {
      SCOPED_TRACE(std::string(which == Grad::kSelf ? "by self, " : "by target, ") + shapes.name);
      const std::vector<int64_t>& self_dims = which == Grad::kSelf ? shapes.owner : shapes.other;
      const std::vector<int64_t>& target_dims = which == Grad::kSelf ? shapes.other : shapes.owner;
      DeviceTensor grad(shapes.grad, ACL_FLOAT), self(self_dims, ACL_FLOAT), target(target_dims, ACL_FLOAT);
      DeviceTensor out(shapes.owner, ACL_FLOAT);
      grad.Fill(DrawSelf(grad.numel(), &rng));
      self.Fill(DrawSelf(self.numel(), &rng));
      target.Fill(DrawTarget(target.numel(), true, &rng));
      auto call = [&] { return Backward(which, grad, self, target, 1, true, out, stream.get()); };
      ASSERT_EQ(call(), 0) << TakeErrorMessage();
      std::vector<double> magnitude;
      ExpectSumsWithin(ACL_FLOAT, out.Read(), SummedReference(which, grad, self, target, 1, true, &magnitude),
                       magnitude);
      ExpectSameBitsOnEveryPath(call, out, {1, 2, 4});
    }
  }
}

// A broadcast with no elements sums nothing: the owner's gradient is 0 everywhere (for the target gradient of an
// empty self CANN writes nothing; we write the sum, D20).
TEST(KlDivSumBackTest, AnEmptyBroadcastGivesZeroGradients) {
  ScopedStream stream;
  DeviceTensor grad({1}, ACL_FLOAT), owner({2, 1}, ACL_FLOAT), other({0}, ACL_FLOAT), out({2, 1}, ACL_FLOAT);
  owner.Fill({0.5, 0.25});
  for (Grad which : {Grad::kSelf, Grad::kTarget}) {
    out.Fill({7.0, 7.0});
    const DeviceTensor& self = which == Grad::kSelf ? owner : other;
    const DeviceTensor& target = which == Grad::kSelf ? other : owner;
    ASSERT_EQ(Backward(which, grad, self, target, 2, false, out, stream.get()), 0) << TakeErrorMessage();
    EXPECT_EQ(out.Read(), (std::vector<double>{0.0, 0.0}));
    EXPECT_TRUE(out.OutsideViewUntouched());
  }
}

// A summed gradient beyond out's range is stored as infinity and the run succeeds (D14); strict mode reports it.
TEST(KlDivSumBackTest, ASummedGradientBeyondOutsRangeIsATolerableFault) {
  ScopedStream stream;
  DeviceTensor grad({}, ACL_FLOAT16), self({}, ACL_FLOAT16), target({100}, ACL_FLOAT16), out({}, ACL_FLOAT16);
  grad.Fill({1.0});
  self.Fill({0.0});
  target.Fill(std::vector<double>(100, 1000.0));  // Each gradient -1000, the sum -100000 < -65504.
  ASSERT_EQ(Backward(Grad::kSelf, grad, self, target, 2, false, out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(out.Read()[0], -kInf);
  ScopedStrictMode strict;
  EXPECT_EQ(Backward(Grad::kSelf, grad, self, target, 2, false, out, stream.get()), ACL_ERROR_RT_AICORE_OVER_FLOW);
  EXPECT_NE(TakeErrorMessage().find("aclnnKlDivBackward"), std::string::npos);
}

TEST(KlDivSumBackTest, GradientsAreDerivativesOfTheForward) {
  ScopedStream stream;
  std::mt19937 rng(1303);
  std::uniform_real_distribution<double> draw(0.25, 2.0);
  const double step = 1.0 / 256;
  for (Grad which : {Grad::kSelf, Grad::kTarget}) {
    for (int64_t reduction : {0, 1, 2, 3}) {
      for (bool log_target : {false, true}) {
        for (bool enlarged : {false, true}) {
          SCOPED_TRACE(std::string(which == Grad::kSelf ? "by self" : "by target") + ", reduction " +
                       std::to_string(reduction) + ", logTarget " + std::to_string(log_target) +
                       (enlarged ? ", owner [3, 1] broadcast to [3, 4]" : ""));
          // The broadcast is (3, 4); the owner has that shape, or (3, 1) and its gradient is summed back.
          const std::vector<int64_t> dims = {3, 4};
          const std::vector<int64_t> owner = enlarged ? std::vector<int64_t>{3, 1} : dims;
          const std::vector<int64_t> other = enlarged ? dims : std::vector<int64_t>{4};
          DeviceTensor self(which == Grad::kSelf ? owner : other, ACL_FLOAT);
          DeviceTensor target(which == Grad::kTarget ? owner : other, ACL_FLOAT);
          DeviceTensor grad(reduction == 0 ? dims : std::vector<int64_t>{}, ACL_FLOAT);
          DeviceTensor out(reduction == 0 ? dims : std::vector<int64_t>{}, ACL_FLOAT), gradient(owner, ACL_FLOAT);
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
}

}  // namespace
}  // namespace openaclnn::test
