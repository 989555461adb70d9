// aclnnNLLLoss2d and aclnnNLLLoss2dBackward through the public API: values against the float64 reference over data
// types, target types, reductions, ignoreIndex values (inside and outside [0, C), negative) and layouts (strided,
// offset, transposed, channels-last); empty tensors; all positions ignored; targets outside [0, C) in the default
// and in strict mode; CANN's check order for the arguments the bad-input tables do not reach.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "device_tensor.h"
#include "nll_loss2d_reference.h"
#include "openaclnn/openaclnn.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr aclnnStatus kInvalid = 161002;

struct Outcome {
  aclnnStatus phase1 = -1;
  aclnnStatus phase2 = -1;
  aclError sync = -1;
  std::string message;
};

template <typename Phase2>
Outcome Finish(aclnnStatus phase1, uint64_t workspace, aclOpExecutor* executor, Phase2 phase2) {
  Outcome outcome;
  outcome.phase1 = phase1;
  if (phase1 != 0) {
    outcome.message = TakeErrorMessage();
    return outcome;
  }
  EXPECT_EQ(workspace, 0u);
  ScopedStream stream;
  outcome.phase2 = phase2(nullptr, workspace, executor, stream.get());
  outcome.sync = aclrtSynchronizeStream(stream.get());
  outcome.message = TakeErrorMessage();
  return outcome;
}

enum class Arrangement { kContiguous, kOffset, kPadded, kChannelsLast, kTransposed };

std::vector<int64_t> ChannelsLastStrides(const std::vector<int64_t>& d) {  // (N, C, H, W) stored as NHWC.
  return {d[1] * d[2] * d[3], 1, d[3] * d[1], d[1]};
}

Layout LayoutFor(Arrangement arrangement, const std::vector<int64_t>& dims) {
  switch (arrangement) {
    case Arrangement::kContiguous: return {};
    case Arrangement::kOffset: return {{}, 7, 3};
    case Arrangement::kPadded: return {PaddedStrides(dims, 2), 1, 3};
    case Arrangement::kChannelsLast:
      return dims.size() == 4 ? Layout{ChannelsLastStrides(dims), 2, 3} : Layout{TransposedStrides(dims), 2, 3};
    case Arrangement::kTransposed: return {TransposedStrides(dims), 3, 3};
  }
  return {};
}

const char* ArrangementName(Arrangement a) {
  switch (a) {
    case Arrangement::kContiguous: return "contiguous";
    case Arrangement::kOffset: return "offset";
    case Arrangement::kPadded: return "padded";
    case Arrangement::kChannelsLast: return "channels_last";
    case Arrangement::kTransposed: return "transposed";
  }
  return "?";
}

const char* DtypeName(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "float";
    case ACL_FLOAT16: return "fp16";
    case ACL_BF16: return "bf16";
    case ACL_INT64: return "int64";
    case ACL_INT32: return "int32";
    case ACL_UINT8: return "uint8";
    default: return "other";
  }
}

// One call's tensors and the inputs as stored.
struct Nll2dCase {
  std::vector<int64_t> self_dims;  // (N, C, H, W)
  aclDataType dtype = ACL_FLOAT;
  aclDataType target_dtype = ACL_INT64;
  Arrangement arrangement = Arrangement::kContiguous;
  int64_t ignore_index = -100;
  std::unique_ptr<DeviceTensor> self, target, weight;
  Nll2dInputs inputs;

  std::vector<int64_t> TargetDims() const { return {self_dims[0], self_dims[2], self_dims[3]}; }

  // Random log-probabilities and weights; targets drawn from [0, C), with ignoreIndex (when it can be stored) and
  // `bad_target` (when not -1) mixed in.
  void Make(uint32_t seed, int64_t bad_target = -1) {
    std::mt19937 rng(seed);
    self = std::make_unique<DeviceTensor>(self_dims, dtype, LayoutFor(arrangement, self_dims));
    target = std::make_unique<DeviceTensor>(TargetDims(), target_dtype, LayoutFor(arrangement, TargetDims()));
    weight = std::make_unique<DeviceTensor>(std::vector<int64_t>{self_dims[1]}, dtype,
                                            arrangement == Arrangement::kContiguous ? Layout{} : Layout{{2}, 1, 3});
    std::uniform_real_distribution<double> value(-4.0, 0.5);
    std::uniform_real_distribution<double> weight_value(0.25, 2.0);
    std::vector<double> x(static_cast<size_t>(self->numel()));
    for (double& v : x) v = value(rng);
    std::vector<double> w(static_cast<size_t>(self_dims[1]));
    for (double& v : w) v = weight_value(rng);
    const bool ignore_storable = target_dtype != ACL_UINT8 || (ignore_index >= 0 && ignore_index < 256);
    std::uniform_int_distribution<int64_t> cls(0, self_dims[1] - 1);
    std::uniform_int_distribution<int> pick(0, 5);
    std::vector<double> t(static_cast<size_t>(target->numel()));
    for (double& v : t) {
      const int choice = pick(rng);
      if (choice == 0 && ignore_storable) {
        v = static_cast<double>(ignore_index);
      } else if (choice == 1 && bad_target >= 0) {
        v = static_cast<double>(bad_target);
      } else {
        v = static_cast<double>(cls(rng));
      }
    }
    self->Fill(x);
    weight->Fill(w);
    target->Fill(t);
    inputs.n = self_dims[0];
    inputs.c = self_dims[1];
    inputs.h = self_dims[2];
    inputs.w = self_dims[3];
    inputs.self = self->Read();
    inputs.weight = weight->Read();
    inputs.target.clear();
    for (double v : target->Read()) inputs.target.push_back(static_cast<int64_t>(v));
    inputs.ignore_index = ignore_index;
  }
};

Outcome RunForward(const Nll2dCase& c, int64_t reduction, DeviceTensor* out, DeviceTensor* total) {
  uint64_t workspace = 1;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus phase1 =
      aclnnNLLLoss2dGetWorkspaceSize(c.self->get(), c.target->get(), c.weight->get(), reduction, c.ignore_index,
                                     out->get(), total->get(), &workspace, &executor);
  return Finish(phase1, workspace, executor, aclnnNLLLoss2d);
}

Outcome RunBackward(const Nll2dCase& c, int64_t reduction, DeviceTensor* grad, DeviceTensor* total,
                    DeviceTensor* out) {
  uint64_t workspace = 1;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus phase1 = aclnnNLLLoss2dBackwardGetWorkspaceSize(
      grad->get(), c.self->get(), c.target->get(), c.weight->get(), reduction, c.ignore_index, total->get(),
      out->get(), &workspace, &executor);
  return Finish(phase1, workspace, executor, aclnnNLLLoss2dBackward);
}

// Within `ulps` of dtype of the reference rounded once (NaN only where the reference is NaN).
void ExpectNear(aclDataType dtype, double got, double reference, double ulps, const std::string& where) {
  const double rounded = RoundTo(dtype, reference);
  if (std::isnan(rounded)) {
    EXPECT_TRUE(std::isnan(got)) << where << ": got " << got;
    return;
  }
  EXPECT_LE(UlpDistance(dtype, got, rounded), ulps) << where << ": got " << got << ", reference " << reference;
}

using GridParam = std::tuple<aclDataType, aclDataType, int64_t, Arrangement, int64_t>;

class Nll2dGrid : public ::testing::TestWithParam<GridParam> {
 protected:
  Nll2dCase MakeCase(uint32_t seed) const {
    Nll2dCase c;
    c.dtype = std::get<0>(GetParam());
    c.target_dtype = std::get<1>(GetParam());
    c.arrangement = std::get<3>(GetParam());
    c.ignore_index = std::get<4>(GetParam());
    c.self_dims = {2, 5, 3, 4};
    c.Make(seed);
    return c;
  }
  int64_t reduction() const { return std::get<2>(GetParam()); }
};

// none: each position's -(w[t] x) is exact in double and rounded once: equal to the reference rounded once.
// mean / sum: the sums are formed in double and rounded once (docs/nll_loss2d.md): within 1 ulp of out's type.
TEST_P(Nll2dGrid, ForwardMatchesTheReference) {
  const Nll2dCase c = MakeCase(17);
  const Nll2dForwardResult ref = Nll2dForward(c.inputs);
  const bool none = reduction() == 0;
  DeviceTensor out(none ? c.TargetDims() : std::vector<int64_t>{}, c.dtype,
                   none ? LayoutFor(c.arrangement, c.TargetDims()) : Layout{});
  DeviceTensor total(std::vector<int64_t>{1}, c.dtype);
  total.Fill({-3.0});
  const Outcome outcome = RunForward(c, reduction(), &out, &total);
  ASSERT_EQ(outcome.phase1, 0) << outcome.message;
  ASSERT_EQ(outcome.phase2, 0);
  ASSERT_EQ(outcome.sync, 0) << outcome.message;
  const std::vector<double> got = out.Read();
  if (none) {
    for (size_t p = 0; p < got.size(); ++p) {
      ExpectNear(c.dtype, got[p], ref.none[p], 0, "out[" + std::to_string(p) + "]");
    }
    EXPECT_EQ(total.Read()[0], -3.0);  // Left untouched for reduction none, as on CANN.
  } else {
    const double expected = reduction() == 1 ? ref.sum / ref.total_weight : ref.sum;
    ExpectNear(c.dtype, got[0], expected, 1, "out");
    ExpectNear(c.dtype, total.Read()[0], ref.total_weight, 1, "totalWeightOut");
  }
  EXPECT_TRUE(out.OutsideViewUntouched());
  EXPECT_TRUE(total.OutsideViewUntouched());
}

// The gradient is computed in float with one rounding per element (DECISIONS 5): exact for FLOAT none and sum,
// one more rounding for mean's division, and out's own rounding for FLOAT16 and BFLOAT16.
TEST_P(Nll2dGrid, BackwardMatchesTheReference) {
  const Nll2dCase c = MakeCase(29);
  const bool none = reduction() == 0;
  DeviceTensor grad(none ? c.TargetDims() : std::vector<int64_t>{1}, c.dtype,
                    none ? LayoutFor(c.arrangement, c.TargetDims()) : Layout{});
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> g(-2.0, 2.0);
  std::vector<double> grad_values(static_cast<size_t>(grad.numel()));
  for (double& v : grad_values) v = g(rng);
  grad.Fill(grad_values);
  DeviceTensor total(std::vector<int64_t>{}, c.dtype);
  total.Fill({3.75});
  DeviceTensor out(c.self_dims, c.dtype, LayoutFor(c.arrangement, c.self_dims));
  out.Fill(std::vector<double>(static_cast<size_t>(out.numel()), 99.0));  // Every element must be overwritten.
  const Outcome outcome = RunBackward(c, reduction(), &grad, &total, &out);
  ASSERT_EQ(outcome.phase1, 0) << outcome.message;
  ASSERT_EQ(outcome.sync, 0) << outcome.message;
  const std::vector<double> ref = Nll2dBackward(c.inputs, grad.Read(), reduction(), total.Read()[0]);
  const std::vector<double> got = out.Read();
  const double ulps = (c.dtype == ACL_FLOAT && reduction() != 1) ? 0 : (reduction() == 1 ? 2 : 1);
  for (size_t i = 0; i < got.size(); ++i) {
    ExpectNear(c.dtype, got[i], ref[i], ulps, "out[" + std::to_string(i) + "]");
  }
  EXPECT_TRUE(out.OutsideViewUntouched());
}

std::string GridName(const ::testing::TestParamInfo<GridParam>& info) {
  const int64_t ignore = std::get<4>(info.param);
  return std::string(DtypeName(std::get<0>(info.param))) + "_" + DtypeName(std::get<1>(info.param)) + "_r" +
         std::to_string(std::get<2>(info.param)) + "_" + ArrangementName(std::get<3>(info.param)) + "_ignore" +
         (ignore < 0 ? "m" + std::to_string(-ignore) : std::to_string(ignore));
}

// ignoreIndex: inside [0, C) (1), outside it (7, above C = 5), negative and never matching (-100), negative
// matching stored targets (-1: int64/int32 only; a UINT8 target cannot hold it).
INSTANTIATE_TEST_SUITE_P(Grid, Nll2dGrid,
                         ::testing::Combine(::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                                            ::testing::Values(ACL_INT64, ACL_INT32, ACL_UINT8),
                                            ::testing::Values(0, 1, 2),
                                            ::testing::Values(Arrangement::kContiguous, Arrangement::kOffset,
                                                              Arrangement::kPadded, Arrangement::kChannelsLast,
                                                              Arrangement::kTransposed),
                                            ::testing::Values(-100, -1, 1, 7)),
                         GridName);

// Mixed output types: out and totalWeightOut may differ from self's type (CANN casts); computed once, rounded once.
TEST(Nll2d, OutputTypesOtherThanSelfs) {
  Nll2dCase c;
  c.self_dims = {3, 4, 2, 5};
  c.dtype = ACL_BF16;
  c.Make(3);
  const Nll2dForwardResult ref = Nll2dForward(c.inputs);
  DeviceTensor out(std::vector<int64_t>{1, 1}, ACL_FLOAT);  // Any rank with one element for mean and sum.
  DeviceTensor total(std::vector<int64_t>{}, ACL_FLOAT16);
  const Outcome outcome = RunForward(c, 2, &out, &total);
  ASSERT_EQ(outcome.sync, 0) << outcome.message;
  ExpectNear(ACL_FLOAT, out.Read()[0], ref.sum, 1, "out");
  ExpectNear(ACL_FLOAT16, total.Read()[0], ref.total_weight, 1, "totalWeightOut");
}

TEST(Nll2d, AllPositionsIgnored) {
  Nll2dCase c;
  c.self_dims = {2, 3, 2, 2};
  c.ignore_index = 2;
  c.Make(1);
  c.target->Fill(std::vector<double>(static_cast<size_t>(c.target->numel()), 2.0));
  DeviceTensor out(std::vector<int64_t>{}, ACL_FLOAT);
  DeviceTensor total(std::vector<int64_t>{1}, ACL_FLOAT);
  ASSERT_EQ(RunForward(c, 1, &out, &total).sync, 0);
  EXPECT_TRUE(std::isnan(out.Read()[0]));  // 0 / 0, as CANN's kernel and PyTorch.
  EXPECT_EQ(total.Read()[0], 0.0);
  ASSERT_EQ(RunForward(c, 2, &out, &total).sync, 0);
  EXPECT_EQ(out.Read()[0], 0.0);
  DeviceTensor grad(std::vector<int64_t>{1}, ACL_FLOAT);
  grad.Fill({1.0});
  DeviceTensor grad_out(c.self_dims, ACL_FLOAT);
  grad_out.Fill(std::vector<double>(static_cast<size_t>(grad_out.numel()), 5.0));
  ASSERT_EQ(RunBackward(c, 1, &grad, &total, &grad_out).sync, 0);
  for (double v : grad_out.Read()) EXPECT_EQ(v, 0.0);
}

// CANN: an empty self succeeds in phase 1 with workspace 0; none writes nothing, mean writes NaN, sum 0, and
// totalWeightOut 0. C == 0 with positions is empty too (CANN does not reject it here, unlike the 2-D NLL).
TEST(Nll2d, EmptyTensors) {
  for (const std::vector<int64_t>& dims :
       {std::vector<int64_t>{0, 3, 2, 2}, std::vector<int64_t>{2, 3, 0, 2}, std::vector<int64_t>{2, 0, 2, 2}}) {
    Nll2dCase c;
    c.self_dims = dims;
    c.self = std::make_unique<DeviceTensor>(dims, ACL_FLOAT);
    c.target = std::make_unique<DeviceTensor>(c.TargetDims(), ACL_INT64);
    c.target->Fill(std::vector<double>(static_cast<size_t>(c.target->numel()), 1.0));
    c.weight = std::make_unique<DeviceTensor>(std::vector<int64_t>{dims[1]}, ACL_FLOAT);
    DeviceTensor none_out(c.TargetDims(), ACL_FLOAT);
    DeviceTensor out(std::vector<int64_t>{1}, ACL_FLOAT);
    DeviceTensor total(std::vector<int64_t>{1}, ACL_FLOAT);
    total.Fill({7.0});
    const std::vector<uint8_t> before = none_out.Storage();
    ASSERT_EQ(RunForward(c, 0, &none_out, &total).sync, 0);
    EXPECT_EQ(none_out.Storage(), before);
    EXPECT_EQ(total.Read()[0], 7.0);
    ASSERT_EQ(RunForward(c, 1, &out, &total).sync, 0);
    EXPECT_TRUE(std::isnan(out.Read()[0]));
    EXPECT_EQ(total.Read()[0], 0.0);
    ASSERT_EQ(RunForward(c, 2, &out, &total).sync, 0);
    EXPECT_EQ(out.Read()[0], 0.0);
    DeviceTensor grad(c.TargetDims(), ACL_FLOAT);
    DeviceTensor grad_out(dims, ACL_FLOAT);
    const std::vector<uint8_t> grad_before = grad_out.Storage();
    ASSERT_EQ(RunBackward(c, 0, &grad, &total, &grad_out).sync, 0);
    EXPECT_EQ(grad_out.Storage(), grad_before);
  }
}

// DECISIONS 8: a target outside [0, C) that is not ignoreIndex contributes nothing and the run succeeds; strict
// mode fails the synchronisation and names the first such position (n, h, w) and its value.
class Nll2dBadTarget : public ::testing::TestWithParam<int64_t> {};

TEST_P(Nll2dBadTarget, DefaultToleratesAndStrictModeReports) {
  const int64_t reduction = GetParam();
  Nll2dCase c;
  c.self_dims = {2, 4, 3, 2};
  c.Make(11, /*bad_target=*/4);
  std::vector<double> targets(static_cast<size_t>(c.target->numel()), 1.0);
  targets[8] = 4.0;   // (n 1, h 1, w 0): the first bad one.
  targets[11] = -3.0;
  c.target->Fill(targets);
  c.inputs.target.assign(targets.begin(), targets.end());
  const Nll2dForwardResult ref = Nll2dForward(c.inputs);
  const bool none = reduction == 0;
  DeviceTensor out(none ? c.TargetDims() : std::vector<int64_t>{1}, ACL_FLOAT);
  DeviceTensor total(std::vector<int64_t>{1}, ACL_FLOAT);
  DeviceTensor grad(none ? c.TargetDims() : std::vector<int64_t>{1}, ACL_FLOAT);
  grad.Fill(std::vector<double>(static_cast<size_t>(grad.numel()), 1.5));
  DeviceTensor grad_out(c.self_dims, ACL_FLOAT);
  total.Fill({2.0});
  {
    const Outcome forward = RunForward(c, reduction, &out, &total);
    ASSERT_EQ(forward.sync, 0) << forward.message;
    const std::vector<double> got = out.Read();
    if (none) {
      EXPECT_EQ(got[8], 0.0);
      EXPECT_EQ(got[11], 0.0);
      EXPECT_EQ(got[0], RoundTo(ACL_FLOAT, ref.none[0]));
    } else {
      ExpectNear(ACL_FLOAT, got[0], reduction == 1 ? ref.sum / ref.total_weight : ref.sum, 1, "out");
    }
    total.Fill({2.0});
    const Outcome backward = RunBackward(c, reduction, &grad, &total, &grad_out);
    ASSERT_EQ(backward.sync, 0) << backward.message;
    const std::vector<double> expected = Nll2dBackward(c.inputs, grad.Read(), reduction, 2.0);
    const std::vector<double> got_grad = grad_out.Read();
    for (size_t i = 0; i < got_grad.size(); ++i) ExpectNear(ACL_FLOAT, got_grad[i], expected[i], 1, "grad");
  }
  ScopedStrictMode strict;
  const Outcome forward = RunForward(c, reduction, &out, &total);
  EXPECT_EQ(forward.phase2, 0);
  EXPECT_NE(forward.sync, 0);
  EXPECT_NE(forward.message.find("aclnnNLLLoss2d"), std::string::npos) << forward.message;
  EXPECT_NE(forward.message.find("target[1][1][0] = 4 is outside [0, 4)"), std::string::npos) << forward.message;
  const Outcome backward = RunBackward(c, reduction, &grad, &total, &grad_out);
  EXPECT_NE(backward.sync, 0);
  EXPECT_NE(backward.message.find("aclnnNLLLoss2dBackward"), std::string::npos) << backward.message;
  EXPECT_NE(backward.message.find("target[1][1][0] = 4"), std::string::npos) << backward.message;
  EXPECT_TRUE(grad_out.OutsideViewUntouched());
}

INSTANTIATE_TEST_SUITE_P(Reductions, Nll2dBadTarget, ::testing::Values(0, 1, 2));

// Results do not depend on the number of positions a thread takes: a map large enough to be split.
TEST(Nll2d, LargeMapReducedSumsMatchTheReference) {
  Nll2dCase c;
  c.self_dims = {3, 7, 61, 67};
  c.Make(23);
  const Nll2dForwardResult ref = Nll2dForward(c.inputs);
  DeviceTensor out(std::vector<int64_t>{}, ACL_FLOAT);
  DeviceTensor total(std::vector<int64_t>{}, ACL_FLOAT);
  ASSERT_EQ(RunForward(c, 1, &out, &total).sync, 0);
  ExpectNear(ACL_FLOAT, out.Read()[0], ref.sum / ref.total_weight, 1, "out");
  ExpectNear(ACL_FLOAT, total.Read()[0], ref.total_weight, 1, "totalWeightOut");
}

// Every kernel target (the reference kernels and each SIMD target: channels-last out has contiguous class rows, so
// the vector path writes them) with 1 and 3 threads, and streaming stores forced on, gives the same bytes.
TEST(Nll2d, BackwardBitIdenticalForEveryKernelTargetAndThreadCount) {
  for (const Arrangement arrangement : {Arrangement::kContiguous, Arrangement::kChannelsLast}) {
    Nll2dCase c;
    c.self_dims = {2, 37, 9, 11};
    c.arrangement = arrangement;
    c.Make(31, /*bad_target=*/37);
    DeviceTensor grad(c.TargetDims(), ACL_FLOAT);
    grad.Fill(std::vector<double>(static_cast<size_t>(grad.numel()), 0.75));
    DeviceTensor total(std::vector<int64_t>{1}, ACL_FLOAT);
    total.Fill({3.0});
    std::vector<uint8_t> first;
    for (int32_t t = 0; t < openaclnnGetKernelTargetCount(); ++t) {
      const std::string name = openaclnnGetKernelTargetName(t);
      ASSERT_EQ(openaclnnSetKernelTarget(name.c_str()), 0) << name;
      for (const int threads : {1, 3}) {
        for (const int64_t streaming : {int64_t{-1}, int64_t{0}}) {
          ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
          if (streaming == 0) {
            ASSERT_EQ(openaclnnSetStreamingStoreThreshold(0), 0);
          }
          DeviceTensor out(c.self_dims, ACL_FLOAT, LayoutFor(arrangement, c.self_dims));
          const Outcome outcome = RunBackward(c, 0, &grad, &total, &out);
          ASSERT_EQ(outcome.sync, 0) << outcome.message;
          if (first.empty()) {
            first = out.Storage();
          } else {
            EXPECT_EQ(out.Storage(), first) << name << ", " << threads << " threads, streaming " << streaming;
          }
          openaclnnSetStreamingStoreThreshold(-1);
        }
      }
    }
    openaclnnSetKernelTarget(nullptr);
    openaclnnSetNumThreads(0);
  }
}

// The backward of `c` (NCHW out of its dtype) on every kernel target, each of `threads`, and streaming stores on and
// off: the first run's out must be within `ulps` of `reference` (the float64 reference), every later run must give
// its bytes.
void ExpectBackwardBytesOnEveryPath(const Nll2dCase& c, int64_t reduction, DeviceTensor* grad, DeviceTensor* total,
                                    const std::vector<int>& threads, const std::vector<double>& reference,
                                    double ulps) {
  std::vector<uint8_t> first;
  for (int32_t t = 0; t < openaclnnGetKernelTargetCount(); ++t) {
    const std::string name = openaclnnGetKernelTargetName(t);
    ASSERT_EQ(openaclnnSetKernelTarget(name.c_str()), 0) << name;
    for (const int thread_count : threads) {
      for (const int64_t streaming : {int64_t{-1}, int64_t{0}}) {
        ASSERT_EQ(openaclnnSetNumThreads(thread_count), 0);
        ASSERT_EQ(openaclnnSetStreamingStoreThreshold(streaming), 0);
        DeviceTensor out(c.self_dims, c.dtype);
        const Outcome outcome = RunBackward(c, reduction, grad, total, &out);
        ASSERT_EQ(outcome.sync, 0) << outcome.message;
        if (first.empty()) {
          first = out.Storage();
          const std::vector<double> got = out.Read();
          for (size_t i = 0; i < got.size(); ++i) {
            ExpectNear(c.dtype, got[i], reference[i], ulps, "out[" + std::to_string(i) + "]");
          }
        } else {
          EXPECT_EQ(out.Storage(), first) << name << ", " << thread_count << " threads, streaming " << streaming;
        }
      }
    }
  }
  openaclnnSetStreamingStoreThreshold(-1);
  openaclnnSetKernelTarget(nullptr);
  openaclnnSetNumThreads(0);
}

// The planes kernel of an NCHW gradient with INT64 targets on a map that threads split inside a plane (so a part
// may start at a position that is not vector-aligned in out) and whose chunks of positions mostly hold only
// counting and ignored targets (mean stages their classes a vector at a time) and once a target outside [0, C) (that
// chunk is redone position by position): every kernel target, 1 to 3 threads and streaming stores on or off give
// the reference kernels' bytes, and those match the float64 reference.
TEST(Nll2d, BackwardPlanesMatchTheReferenceForEveryTargetAndSplit) {
  for (const int64_t reduction : {int64_t{1}, int64_t{2}}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    Nll2dCase c;
    c.self_dims = {3, 21, 97, 89};  // 25,899 positions: parts of the split start inside planes.
    c.Make(53);
    std::vector<double> targets = c.target->Read();
    targets[1000] = 21.0;  // Outside [0, 21): its chunk takes the position-by-position path.
    c.target->Fill(targets);
    c.inputs.target.assign(targets.begin(), targets.end());
    DeviceTensor grad(std::vector<int64_t>{1}, ACL_FLOAT);
    grad.Fill({0.75});
    DeviceTensor total(std::vector<int64_t>{1}, ACL_FLOAT);
    total.Fill({3.0});
    const std::vector<double> ref = Nll2dBackward(c.inputs, grad.Read(), reduction, 3.0);
    ExpectBackwardBytesOnEveryPath(c, reduction, &grad, &total, {1, 2, 3}, ref, reduction == 1 ? 2 : 0);
    // The bad target sits inside a full chunk, where the vector staging finds it: strict mode names it.
    ScopedStrictMode strict;
    DeviceTensor out(c.self_dims, ACL_FLOAT);
    const Outcome outcome = RunBackward(c, reduction, &grad, &total, &out);
    EXPECT_NE(outcome.sync, 0);
    EXPECT_NE(outcome.message.find("target[0][11][21] = 21 is outside [0, 21)"), std::string::npos) << outcome.message;
  }
}

// The planes kernel's vector staging for every target type and reduction: the classes of contiguous INT64, INT32
// and UINT8 targets, and for none the per-position values -(g w[t]) from contiguous gradOutput runs (a NaN gradient
// included, canonicalized), on a map split inside planes; every kernel target, 1 and 3 threads and streaming stores
// on or off give the same bytes, and those match the float64 reference (none exactly: one rounding of an exact
// product; mean within 2 ulp, sum exactly).
TEST(Nll2d, BackwardPlanesStageEveryTargetTypeAndReduction) {
  for (const aclDataType dtype : {ACL_FLOAT, ACL_BF16, ACL_FLOAT16}) {
    for (const aclDataType target_dtype : {ACL_INT64, ACL_INT32, ACL_UINT8}) {
      for (const int64_t reduction : {int64_t{0}, int64_t{1}, int64_t{2}}) {
        SCOPED_TRACE(std::string(DtypeName(dtype)) + ", target " + DtypeName(target_dtype) + ", reduction " +
                     std::to_string(reduction));
        Nll2dCase c;
        c.dtype = dtype;
        c.target_dtype = target_dtype;
        c.ignore_index = target_dtype == ACL_UINT8 ? 7 : -100;  // A UINT8 target can hold 7 (inside [0, C)).
        c.self_dims = {2, 21, 33, 41};  // 2,706 positions: chunks of 256, parts starting inside planes.
        c.Make(61 + static_cast<uint32_t>(reduction));
        const std::vector<int64_t> grad_dims = reduction == 0 ? c.TargetDims() : std::vector<int64_t>{1};
        DeviceTensor grad(grad_dims, dtype);
        std::vector<double> g(static_cast<size_t>(grad.numel()), 0.75);
        std::mt19937 rng(5);
        std::uniform_real_distribution<double> draw(-2.0, 2.0);
        for (double& v : g) v = draw(rng);
        if (reduction == 0) g[300] = std::nan("");
        grad.Fill(g);
        DeviceTensor total(std::vector<int64_t>{1}, dtype);
        total.Fill({3.0});
        const std::vector<double> ref = Nll2dBackward(c.inputs, grad.Read(), reduction, 3.0);
        ExpectBackwardBytesOnEveryPath(c, reduction, &grad, &total, {1, 3}, ref, reduction == 1 ? 2 : 0);
      }
    }
  }
}

// Check-order details of CANN that a table row per parameter does not show: the backward checks shapes before the
// reduction; the forward takes any rank for a one-element out; the forward's out may have another float type.
TEST(Nll2dChecks, BackwardChecksShapesBeforeReduction) {
  Nll2dCase c;
  c.self_dims = {1, 3, 2, 2};
  c.Make(2);
  DeviceTensor bad_self_grad(std::vector<int64_t>{1}, ACL_FLOAT);
  DeviceTensor total(std::vector<int64_t>{1}, ACL_FLOAT);
  DeviceTensor wrong_out(std::vector<int64_t>{1, 3, 2, 3}, ACL_FLOAT);
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnNLLLoss2dBackwardGetWorkspaceSize(bad_self_grad.get(), c.self->get(), c.target->get(),
                                                   c.weight->get(), 9, -100, total.get(), wrong_out.get(),
                                                   &workspace, &executor),
            kInvalid);
  EXPECT_NE(TakeErrorMessage().find("'out'"), std::string::npos);
}

}  // namespace
}  // namespace openaclnn::test
