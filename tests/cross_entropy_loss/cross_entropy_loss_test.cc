// aclnnCrossEntropyLoss and aclnnCrossEntropyLossGrad through the public API: values against the float64
// reference over data types, target types, reductions, ignoreIndex values (inside and outside [0, C), negative),
// class weights, label smoothing, the z-loss outputs and layouts; CANN's example values (independent of the
// programs' pre-filled buffers); empty batches; all rows ignored; targets outside [0, C) in the default and in
// strict mode; bit-identical results for every kernel target and thread count; sentinels around every output.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "cross_entropy_reference.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr aclError kAicoreException = 507015;

struct Outcome {
  aclnnStatus phase1 = -1;
  aclnnStatus phase2 = -1;
  aclError sync = -1;
  std::string message;
};

enum class Arrangement { kContiguous, kPadded, kTransposed };

Layout LayoutFor(Arrangement arrangement, const std::vector<int64_t>& dims) {
  switch (arrangement) {
    case Arrangement::kContiguous: return {};
    case Arrangement::kPadded: return {PaddedStrides(dims, 2), 5, 3};
    case Arrangement::kTransposed: return {dims.size() == 2 ? TransposedStrides(dims) : PaddedStrides(dims, 1), 3, 3};
  }
  return {};
}

const char* Name(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "float";
    case ACL_FLOAT16: return "fp16";
    case ACL_BF16: return "bf16";
    case ACL_INT64: return "int64";
    case ACL_INT32: return "int32";
    default: return "other";
  }
}

uint64_t DoubleBits(double value) {
  uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

// The bounds of docs/cross_entropy_loss.md (DECISIONS 18, with the float32 exponentials of DECISIONS 17): FLOAT
// within 2.5 ulp (the exponentials' 2^-23 relative is up to 2 ulp, plus the final half; the double terms, under
// 10^-4 ulp for these rows, are the margin), FLOAT16 and BFLOAT16 within 1 ulp of the reference; plus, where an
// output cancels, an absolute term `slack` (below).
double UlpBound(aclDataType dtype) { return dtype == ACL_FLOAT ? 2.5 + 1e-4 : 1.0; }

// The float exponentials' relative error bound (det::ExpF and ExpDiffF for normal results), with margin for the
// double terms.
constexpr double kExpBound = 0x1p-23 * (1.0 + 1e-4);

// Every element within the bound plus slack[i] (absolute; empty: none); NaN only where the reference is NaN.
void ExpectWithinUlp(aclDataType dtype, const std::vector<double>& got, const std::vector<double>& want,
                     const std::string& what, const std::vector<double>& slack = {}) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << what << " [" << i << "]: got " << got[i] << ", want NaN";
      continue;
    }
    if (std::isinf(want[i]) || std::isinf(got[i])) {
      EXPECT_EQ(got[i], RoundTo(dtype, want[i])) << what << " [" << i << "]";
      continue;
    }
    const double allowed = slack.empty() ? 0.0 : slack[i];
    EXPECT_LE((std::fabs(got[i] - want[i]) - allowed) / UlpAt(dtype, want[i]), UlpBound(dtype))
        << what << " [" << i << "]: got " << got[i] << ", want " << want[i];
  }
}

struct CeCall {
  int64_t n = 5;
  int64_t c = 4;
  aclDataType dtype = ACL_FLOAT;
  aclDataType target_dtype = ACL_INT64;
  Arrangement arrangement = Arrangement::kContiguous;
  std::string reduction = "mean";
  int64_t ignore_index = -100;
  bool weighted = false;
  double label_smoothing = 0.0;
  double zloss_scale = 0.0;
  bool return_zloss = false;
};

// The tensors of one forward and one backward call and the values as stored.
struct CeRun {
  CeCall call;
  std::unique_ptr<DeviceTensor> input, target, weight, loss, log_prob, zloss, lse;
  std::unique_ptr<DeviceTensor> grad_loss, grad_zloss, grad_out;
  CeForwardInputs forward;
  CeGradInputs grad;

  std::vector<int64_t> LossDims() const {
    return call.reduction == "none" ? std::vector<int64_t>{call.n} : std::vector<int64_t>{1};
  }

  // Random logits in [-6, 6] (one row with a dominant class), weights in [0.25, 2], targets in [0, C) with
  // ignoreIndex and `bad_target` (when not -1) mixed in.
  void Make(const CeCall& c, uint32_t seed, int64_t bad_target = -1, bool all_ignored = false) {
    call = c;
    std::mt19937 rng(seed);
    const std::vector<int64_t> dims = {c.n, c.c};
    input = std::make_unique<DeviceTensor>(dims, c.dtype, LayoutFor(c.arrangement, dims));
    target = std::make_unique<DeviceTensor>(std::vector<int64_t>{c.n}, c.target_dtype,
                                            c.arrangement == Arrangement::kContiguous ? Layout{} : Layout{{2}, 1, 3});
    std::uniform_real_distribution<double> value(-6.0, 6.0);
    std::vector<double> x(static_cast<size_t>(c.n * c.c));
    for (double& v : x) v = value(rng);
    if (c.n > 1 && c.c > 1) x[static_cast<size_t>(c.c + 1)] = 40.0;  // Row 1: log-probability near 0.
    std::uniform_int_distribution<int64_t> cls(0, c.c - 1);
    std::uniform_int_distribution<int> pick(0, 4);
    std::vector<double> t(static_cast<size_t>(c.n));
    for (int64_t n = 0; n < c.n; ++n) {
      const int choice = pick(rng);
      double& v = t[static_cast<size_t>(n)];
      if (all_ignored || choice == 0) {
        v = static_cast<double>(c.ignore_index);
      } else if (choice == 1 && bad_target != -1) {
        v = static_cast<double>(bad_target);
      } else {
        v = static_cast<double>(cls(rng));
      }
    }
    if (c.n > 1 && !all_ignored) t[1] = 1;  // The dominant class is the target.
    input->Fill(x);
    target->Fill(t);
    forward = {};
    forward.n = c.n;
    forward.c = c.c;
    forward.input = input->Read();
    for (double v : target->Read()) forward.target.push_back(static_cast<int64_t>(v));
    if (c.weighted) {
      weight = std::make_unique<DeviceTensor>(std::vector<int64_t>{c.c}, ACL_FLOAT,
                                              c.arrangement == Arrangement::kContiguous ? Layout{} : Layout{{3}, 2, 3});
      std::uniform_real_distribution<double> weight_value(0.25, 2.0);
      std::vector<double> w(static_cast<size_t>(c.c));
      for (double& v : w) v = weight_value(rng);
      weight->Fill(w);
      forward.weight = weight->Read();
    }
    forward.reduction = c.reduction;
    forward.ignore_index = c.ignore_index;
    forward.label_smoothing = c.label_smoothing;
    forward.zloss_scale = c.zloss_scale;
    loss = std::make_unique<DeviceTensor>(LossDims(), c.dtype);
    log_prob = std::make_unique<DeviceTensor>(dims, c.dtype, LayoutFor(c.arrangement, dims));
    zloss = std::make_unique<DeviceTensor>(LossDims(), c.dtype);
    lse = std::make_unique<DeviceTensor>(std::vector<int64_t>{c.n}, c.dtype);
    // The backward's own inputs: gradLoss (and gradZloss) drawn in [-2, 2].
    grad_loss = std::make_unique<DeviceTensor>(LossDims(), c.dtype);
    grad_zloss = std::make_unique<DeviceTensor>(LossDims(), c.dtype);
    std::uniform_real_distribution<double> grad_value(-2.0, 2.0);
    std::vector<double> g(static_cast<size_t>(Numel(LossDims())));
    for (double& v : g) v = grad_value(rng);
    grad_loss->Fill(g);
    for (double& v : g) v = grad_value(rng);
    grad_zloss->Fill(g);
    grad_out = std::make_unique<DeviceTensor>(dims, c.dtype, LayoutFor(c.arrangement, dims));
  }

  Outcome RunForward() {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    std::string reduction = call.reduction;
    Outcome outcome;
    outcome.phase1 = aclnnCrossEntropyLossGetWorkspaceSize(
        input->get(), target->get(), weight ? weight->get() : nullptr, reduction.data(), call.ignore_index,
        call.label_smoothing, call.zloss_scale, call.return_zloss, loss->get(), log_prob->get(), zloss->get(),
        lse->get(), &workspace, &executor);
    if (outcome.phase1 != 0) {
      outcome.message = TakeErrorMessage();
      return outcome;
    }
    EXPECT_EQ(workspace, 0u);
    ScopedStream stream;
    outcome.phase2 = aclnnCrossEntropyLoss(nullptr, workspace, executor, stream.get());
    outcome.sync = aclrtSynchronizeStream(stream.get());
    outcome.message = TakeErrorMessage();
    return outcome;
  }

  // The backward on the forward's logProbOut (and lseForZlossOut when the z-loss is on).
  Outcome RunGrad() {
    grad = {};
    grad.n = call.n;
    grad.c = call.c;
    grad.grad_loss = grad_loss->Read();
    grad.log_prob = log_prob->Read();
    grad.target = forward.target;
    grad.weight = forward.weight;
    const bool zloss_on = call.zloss_scale != 0.0;
    if (zloss_on) {
      grad.grad_zloss = grad_zloss->Read();
      grad.lse = lse->Read();
    }
    grad.reduction = call.reduction;
    grad.ignore_index = call.ignore_index;
    grad.label_smoothing = call.label_smoothing;
    grad.zloss_scale = call.zloss_scale;
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    std::string reduction = call.reduction;
    Outcome outcome;
    outcome.phase1 = aclnnCrossEntropyLossGradGetWorkspaceSize(
        grad_loss->get(), log_prob->get(), target->get(), weight ? weight->get() : nullptr,
        zloss_on ? grad_zloss->get() : nullptr, zloss_on ? lse->get() : nullptr, reduction.data(),
        call.ignore_index, call.label_smoothing, call.zloss_scale, grad_out->get(), &workspace, &executor);
    if (outcome.phase1 != 0) {
      outcome.message = TakeErrorMessage();
      return outcome;
    }
    ScopedStream stream;
    outcome.phase2 = aclnnCrossEntropyLossGrad(nullptr, workspace, executor, stream.get());
    outcome.sync = aclrtSynchronizeStream(stream.get());
    outcome.message = TakeErrorMessage();
    return outcome;
  }
};

std::string CaseName(const CeCall& c) {
  return std::string(Name(c.dtype)) + "/" + Name(c.target_dtype) + "/" + c.reduction + "/ignore " +
         std::to_string(c.ignore_index) + (c.weighted ? "/weighted" : "") + "/ls " + std::to_string(c.label_smoothing) +
         "/zloss " + std::to_string(c.zloss_scale) + "/layout " + std::to_string(static_cast<int>(c.arrangement)) +
         "/" + std::to_string(c.n) + "x" + std::to_string(c.c);
}

void CheckForward(CeRun& run, const std::string& name) {
  const Outcome outcome = run.RunForward();
  ASSERT_EQ(outcome.phase1, 0) << name << ": " << outcome.message;
  ASSERT_EQ(outcome.phase2, 0) << name;
  ASSERT_EQ(outcome.sync, ACL_SUCCESS) << name << ": " << outcome.message;
  const CeForwardResult want = CrossEntropyForwardReference(run.forward);
  const aclDataType dtype = run.call.dtype;
  ExpectWithinUlp(dtype, run.log_prob->Read(), want.log_prob, name + " logProbOut");
  ExpectWithinUlp(dtype, run.loss->Read(), want.loss, name + " lossOut");
  if (run.call.return_zloss) {
    // Each lse is within kExpBound absolute (below), which zlossOut scales by |d zloss / d lse|.
    std::vector<double> slack = want.zloss_lse_scale;
    for (double& v : slack) v *= kExpBound;
    ExpectWithinUlp(dtype, run.zloss->Read(), want.zloss, name + " zlossOut", slack);
  } else {
    EXPECT_EQ(run.zloss->Storage(), DeviceTensor(run.LossDims(), dtype).Storage()) << name << ": zlossOut written";
  }
  if (run.call.zloss_scale != 0.0) {
    // lse = m + log1p(T) cancels for m < 0; log1p(T)'s error is below 2^-23 absolute (T's relative error divided
    // by 1 + T).
    ExpectWithinUlp(dtype, run.lse->Read(), want.lse, name + " lseForZlossOut",
                    std::vector<double>(want.lse.size(), kExpBound));
  }
  for (const DeviceTensor* t : {run.loss.get(), run.log_prob.get(), run.zloss.get(), run.lse.get()}) {
    EXPECT_TRUE(t->OutsideViewUntouched()) << name;
  }
}

void CheckGrad(CeRun& run, const std::string& name) {
  const Outcome outcome = run.RunGrad();
  ASSERT_EQ(outcome.phase1, 0) << name << ": " << outcome.message;
  ASSERT_EQ(outcome.phase2, 0) << name;
  ASSERT_EQ(outcome.sync, ACL_SUCCESS) << name << ": " << outcome.message;
  // p_j = exp(logProb_j) in float carries 2^-23 relative into its product term, which the smoothing term
  // -s w_j can cancel: that term's magnitude times kExpBound is the absolute part of the bound.
  std::vector<double> slack;
  const std::vector<double> want = CrossEntropyGradReference(run.grad, &slack);
  for (double& v : slack) v *= kExpBound;
  ExpectWithinUlp(run.call.dtype, run.grad_out->Read(), want, name + " out", slack);
  EXPECT_TRUE(run.grad_out->OutsideViewUntouched()) << name;
}

TEST(CrossEntropyLoss, GridMatchesReference) {
  uint32_t seed = 1;
  int cases = 0;
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (aclDataType target_dtype : {ACL_INT64, ACL_INT32}) {
      for (const char* reduction : {"none", "mean", "sum"}) {
        for (int64_t ignore_index : {int64_t{-100}, int64_t{-1}, int64_t{1}, int64_t{9}}) {
          for (bool weighted : {false, true}) {
            for (double ls : {0.0, 0.3}) {
              for (bool zloss : {false, true}) {
                CeCall c;
                c.dtype = dtype;
                c.target_dtype = target_dtype;
                c.reduction = reduction;
                c.ignore_index = ignore_index;
                c.weighted = weighted;
                c.label_smoothing = ls;
                c.zloss_scale = zloss ? 0.25 : 0.0;
                c.return_zloss = zloss;
                c.arrangement = static_cast<Arrangement>(seed % 3);
                if (seed % 7 == 0) {
                  c.n = 3;
                  c.c = 1100;  // Rows longer than a chunk of exponentials.
                }
                CeRun run;
                run.Make(c, seed++);
                const std::string name = CaseName(c);
                CheckForward(run, name);
                CheckGrad(run, name);
                ++cases;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(cases, 576);
}

// CANN's forward example (docs and examples/): input (2, 5) FLOAT, target {0, 0}, no weight, "mean". The expected
// values are CANN's printed ones; our output buffers start as sentinels, so a no-op cannot pass.
TEST(CrossEntropyLoss, CannForwardExample) {
  DeviceTensor input({2, 5}, ACL_FLOAT), target({2}, ACL_INT64), loss({1}, ACL_FLOAT), log_prob({2, 5}, ACL_FLOAT),
      zloss({1}, ACL_FLOAT), lse({2}, ACL_FLOAT);
  input.Fill({5, 0, 3, 3, 7, 9, 3, 5, 2, 4});
  target.Fill({0, 0});
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  char reduction[] = "mean";
  ASSERT_EQ(aclnnCrossEntropyLossGetWorkspaceSize(input.get(), target.get(), nullptr, reduction, -100, 0.0, 0.0, false,
                                                  loss.get(), log_prob.get(), zloss.get(), lse.get(), &workspace,
                                                  &executor),
            0)
      << TakeErrorMessage();
  ScopedStream stream;
  ASSERT_EQ(aclnnCrossEntropyLoss(nullptr, workspace, executor, stream.get()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_NEAR(loss.Read()[0], 1.0937543, 1e-6);
  const std::vector<double> want = {-2.159461,  -7.159461,  -4.159461,  -4.159461,  -0.159461,
                                    -0.0280476, -6.0280476, -4.0280476, -7.0280476, -5.0280476};
  const std::vector<double> got = log_prob.Read();
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 2e-6) << i;
  // zlossOut and lseForZlossOut are not written with returnZloss false and a scale of 0.
  EXPECT_EQ(zloss.Storage(), DeviceTensor({1}, ACL_FLOAT).Storage());
  EXPECT_EQ(lse.Storage(), DeviceTensor({2}, ACL_FLOAT).Storage());
}

// CANN's backward example (its document): gradLoss 0-D {0.1}, logProb (2, 3) all -0.2, target {0, 0}, weight ones,
// "mean".
TEST(CrossEntropyLossGrad, CannExample) {
  DeviceTensor grad({}, ACL_FLOAT), log_prob({2, 3}, ACL_FLOAT), target({2}, ACL_INT64), weight({3}, ACL_FLOAT),
      out({2, 3}, ACL_FLOAT);
  grad.Fill({0.1});
  log_prob.Fill(std::vector<double>(6, -0.2));
  target.Fill({0, 0});
  weight.Fill({1, 1, 1});
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  char reduction[] = "mean";
  ASSERT_EQ(aclnnCrossEntropyLossGradGetWorkspaceSize(grad.get(), log_prob.get(), target.get(), weight.get(), nullptr,
                                                      nullptr, reduction, -100, 0.0, 0.0, out.get(), &workspace,
                                                      &executor),
            0)
      << TakeErrorMessage();
  ScopedStream stream;
  ASSERT_EQ(aclnnCrossEntropyLossGrad(nullptr, workspace, executor, stream.get()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  const std::vector<double> want = {-0.0090635, 0.0409365, 0.0409365, -0.0090635, 0.0409365, 0.0409365};
  const std::vector<double> got = out.Read();
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-7) << i;
  EXPECT_TRUE(out.OutsideViewUntouched());
}

TEST(CrossEntropyLoss, NullReductionIsMean) {
  CeCall c;
  CeRun run;
  run.Make(c, 77);
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnCrossEntropyLossGetWorkspaceSize(run.input->get(), run.target->get(), nullptr, nullptr, -100, 0.0,
                                                  0.0, false, run.loss->get(), run.log_prob->get(), run.zloss->get(),
                                                  run.lse->get(), &workspace, &executor),
            0);
  ScopedStream stream;
  ASSERT_EQ(aclnnCrossEntropyLoss(nullptr, workspace, executor, stream.get()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  ExpectWithinUlp(ACL_FLOAT, run.loss->Read(), CrossEntropyForwardReference(run.forward).loss, "NULL reduction");
}

// N = 0: none writes nothing; mean gives NaN (0 / 0) and sum 0, for lossOut and zlossOut alike; the backward
// writes nothing.
TEST(CrossEntropyLoss, EmptyBatch) {
  for (const char* reduction : {"none", "mean", "sum"}) {
    CeCall c;
    c.n = 0;
    c.reduction = reduction;
    c.return_zloss = true;
    c.zloss_scale = 0.5;
    CeRun run;
    run.Make(c, 3);
    const std::vector<uint8_t> loss_before = run.loss->Storage();
    const Outcome outcome = run.RunForward();
    ASSERT_EQ(outcome.phase1, 0) << reduction << ": " << outcome.message;
    ASSERT_EQ(outcome.sync, ACL_SUCCESS);
    if (std::string(reduction) == "none") {
      EXPECT_EQ(run.loss->Storage(), loss_before);
    } else {
      const double want = std::string(reduction) == "mean" ? std::numeric_limits<double>::quiet_NaN() : 0.0;
      for (const DeviceTensor* t : {run.loss.get(), run.zloss.get()}) {
        const double got = t->Read()[0];
        EXPECT_TRUE(std::isnan(want) ? std::isnan(got) : got == want) << reduction << ": " << got;
      }
    }
    const std::vector<uint8_t> grad_before = run.grad_out->Storage();
    const Outcome grad = run.RunGrad();
    ASSERT_EQ(grad.phase1, 0) << reduction << ": " << grad.message;
    ASSERT_EQ(grad.sync, ACL_SUCCESS);
    EXPECT_EQ(run.grad_out->Storage(), grad_before);
  }
}

// Every row ignored: mean is 0 / 0 = NaN (CANN), sum 0, none all 0; the backward of the mean is NaN everywhere
// (CANN's formula divides by the zero total weight), of sum and none zero.
TEST(CrossEntropyLoss, AllRowsIgnored) {
  for (const char* reduction : {"none", "mean", "sum"}) {
    for (int64_t ignore_index : {int64_t{-100}, int64_t{2}}) {
      CeCall c;
      c.reduction = reduction;
      c.ignore_index = ignore_index;
      c.label_smoothing = 0.2;
      CeRun run;
      run.Make(c, 11, -1, /*all_ignored=*/true);
      const std::string name = std::string(reduction) + " ignore " + std::to_string(ignore_index);
      CheckForward(run, name);
      CheckGrad(run, name);
      const std::vector<double> loss = run.loss->Read();
      const std::vector<double> grad = run.grad_out->Read();
      if (std::string(reduction) == "mean") {
        EXPECT_TRUE(std::isnan(loss[0])) << name;
        for (double v : grad) EXPECT_TRUE(std::isnan(v)) << name;
      } else {
        for (double v : loss) EXPECT_EQ(v, 0.0) << name;
        for (double v : grad) EXPECT_EQ(v, 0.0) << name;
      }
    }
  }
}

// DECISIONS 8: a target outside [0, C) that is not ignoreIndex makes its row count for nothing (loss 0, left out of
// the totals, zero gradient row; logProbOut is still written); the run succeeds by default, and in strict mode the
// synchronisation reports 507015 naming the first such row.
TEST(CrossEntropyLoss, TargetsOutsideClasses) {
  for (int64_t bad : {int64_t{4}, int64_t{-7}, int64_t{1000}}) {
    for (const char* reduction : {"none", "mean", "sum"}) {
      CeCall c;
      c.n = 12;
      c.reduction = reduction;
      c.weighted = true;
      c.label_smoothing = 0.1;
      CeRun run;
      run.Make(c, 5, bad);
      const std::string name = std::string(reduction) + " bad " + std::to_string(bad);
      ASSERT_NE(std::count(run.forward.target.begin(), run.forward.target.end(), bad), 0) << name;
      CheckForward(run, name);
      CheckGrad(run, name);
      {
        ScopedStrictMode strict;
        const Outcome forward = run.RunForward();
        ASSERT_EQ(forward.phase1, 0);
        EXPECT_EQ(forward.sync, kAicoreException) << name;
        size_t first = 0;
        while (run.forward.target[first] != bad) ++first;
        const std::string index = "target[" + std::to_string(first) + "] = " + std::to_string(bad);
        EXPECT_NE(forward.message.find("aclnnCrossEntropyLoss"), std::string::npos) << forward.message;
        EXPECT_NE(forward.message.find(index), std::string::npos) << forward.message;
        const Outcome grad = run.RunGrad();
        ASSERT_EQ(grad.phase1, 0);
        EXPECT_EQ(grad.sync, kAicoreException) << name;
        EXPECT_NE(grad.message.find("aclnnCrossEntropyLossGrad"), std::string::npos) << grad.message;
        EXPECT_NE(grad.message.find(index), std::string::npos) << grad.message;
      }
    }
  }
}

// Rows large enough to be split over threads: every output bit-identical for every kernel target and 1 or 3
// threads, with and without streaming stores. With and without label smoothing (without it, contiguous rows take
// the vector row kernels, which must give the reference kernels' bits), for a 16-bit type and FLOAT.
TEST(CrossEntropyLoss, BitIdenticalForEveryKernelTargetAndThreadCount) {
  for (const aclDataType dtype : {ACL_BF16, ACL_FLOAT}) {
    for (const double smoothing : {0.1, 0.0}) {
      CeCall c;
      c.n = 96;
      c.c = 1500;
      c.dtype = dtype;
      c.reduction = "mean";
      c.weighted = true;
      c.label_smoothing = smoothing;
      c.zloss_scale = 1e-3;
      c.return_zloss = true;
      CeRun run;
      run.Make(c, 21);
      const std::string name = CaseName(c);
      std::vector<std::vector<double>> first;
      const int32_t threads_before = openaclnnGetNumThreads();
      for (int threads : {1, 3}) {
        ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
        for (int32_t t = 0; t < 2 * openaclnnGetKernelTargetCount(); ++t) {
          const bool streaming = t % 2 == 1;
          ASSERT_EQ(openaclnnSetStreamingStoreThreshold(streaming ? 0 : -1), 0);
          const std::string target_name =
              std::string(openaclnnGetKernelTargetName(t / 2)) + (streaming ? " streaming stores" : "");
          ASSERT_EQ(openaclnnSetKernelTarget(openaclnnGetKernelTargetName(t / 2)), 0) << target_name;
          ASSERT_EQ(run.RunForward().sync, ACL_SUCCESS);
          ASSERT_EQ(run.RunGrad().sync, ACL_SUCCESS);
          const std::vector<std::vector<double>> now = {run.log_prob->Read(), run.loss->Read(), run.zloss->Read(),
                                                        run.lse->Read(), run.grad_out->Read()};
          if (first.empty()) {
            first = now;
          } else {
            for (size_t k = 0; k < now.size(); ++k) {
              for (size_t i = 0; i < now[k].size(); ++i) {
                ASSERT_EQ(DoubleBits(now[k][i]), DoubleBits(first[k][i]))
                    << name << " " << target_name << " threads " << threads << " output " << k << " [" << i << "]";
              }
            }
          }
        }
      }
      openaclnnSetStreamingStoreThreshold(-1);
      openaclnnSetKernelTarget(nullptr);
      openaclnnSetNumThreads(threads_before);
    }
  }
}

// The vector row kernels byte for byte against the scalar ones (the reference kernel target, whose kernels are the
// exact oracle): row lengths around every vector size, ties at the maximum (two of them, and a row of equal
// logits), -inf and NaN logits, label smoothing without, with contiguous and with strided weights, BFLOAT16
// gradient rows whose coefficient is below float's normal range (their products are taken in double), rows at an
// odd element offset and strided (transposed) rows; normal and streaming stores, every kernel target of this CPU.
TEST(CrossEntropyLoss, VectorRowKernelsGiveTheScalarKernelsBytes) {
  const int32_t threads_before = openaclnnGetNumThreads();
  ASSERT_EQ(openaclnnSetNumThreads(1), 0);
  uint32_t seed = 100;
  int cases = 0;
  for (const aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (const int64_t classes : {1, 7, 8, 9, 17, 33, 1023, 1025, 2049}) {
      for (int variant = 0; variant < 4; ++variant) {
        for (const Arrangement arrangement :
             {Arrangement::kContiguous, Arrangement::kPadded, Arrangement::kTransposed}) {
          CeCall c;
          c.n = 6;
          c.c = classes;
          c.dtype = dtype;
          c.arrangement = arrangement;  // Padded: rows at an odd offset; transposed: strided rows; weights strided.
          c.reduction = variant == 3 ? "sum" : "mean";
          c.weighted = variant >= 2;
          c.label_smoothing = variant == 1 || variant == 2 ? 0.2 : 0.0;
          CeRun run;
          run.Make(c, seed++);
          std::vector<double> x = run.input->Read();
          const auto at = [&](int64_t n, int64_t k) -> double& { return x[static_cast<size_t>(n * classes + k)]; };
          at(0, 0) = 9.0;  // Two elements hold row 0's maximum.
          at(0, classes - 1) = 9.0;
          at(2, classes / 2) = -std::numeric_limits<double>::infinity();
          for (int64_t k = 0; k < classes; ++k) at(3, k) = -1.5;  // Every element ties.
          at(4, classes - 1) = std::numeric_limits<double>::quiet_NaN();  // Declined by the vector kernels.
          run.input->Fill(x);
          if (variant == 3 && dtype == ACL_BF16) {
            run.grad_loss->Fill({1e-39});  // A coefficient below float's normal range.
          }
          const std::string name = CaseName(c) + " variant " + std::to_string(variant);
          std::vector<std::vector<uint8_t>> reference;
          for (int32_t t = 0; t < 2 * openaclnnGetKernelTargetCount(); ++t) {
            const bool streaming = t % 2 == 1;
            const std::string target_name =
                std::string(openaclnnGetKernelTargetName(t / 2)) + (streaming ? " streaming stores" : "");
            ASSERT_EQ(openaclnnSetStreamingStoreThreshold(streaming ? 0 : -1), 0);
            ASSERT_EQ(openaclnnSetKernelTarget(openaclnnGetKernelTargetName(t / 2)), 0) << target_name;
            ASSERT_EQ(run.RunForward().sync, ACL_SUCCESS) << name;
            ASSERT_EQ(run.RunGrad().sync, ACL_SUCCESS) << name;
            const std::vector<std::vector<uint8_t>> now = {run.log_prob->Storage(), run.loss->Storage(),
                                                           run.grad_out->Storage()};
            if (t == 0) {
              ASSERT_EQ(std::string(openaclnnGetKernelTargetName(0)), "reference");
              reference = now;
            } else {
              for (size_t k = 0; k < now.size(); ++k) {
                EXPECT_EQ(now[k], reference[k]) << name << " " << target_name << " output " << k;
              }
            }
          }
          ++cases;
        }
      }
    }
  }
  openaclnnSetStreamingStoreThreshold(-1);
  openaclnnSetKernelTarget(nullptr);
  openaclnnSetNumThreads(threads_before);
  EXPECT_EQ(cases, 324);
}

}  // namespace
}  // namespace openaclnn::test
