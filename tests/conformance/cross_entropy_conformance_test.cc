// Differential conformance of aclnnCrossEntropyLoss and aclnnCrossEntropyLossGrad against PyTorch 1.13's
// cross_entropy with label smoothing (in double) and its gradient through autograd, and against the long-double
// reference of tests/cross_entropy_loss, over seeded random cases: FLOAT, FLOAT16 and BFLOAT16, INT64 and INT32
// targets, the three reductions, class weights, label smoothing, ignoreIndex negative, inside and beyond [0, C),
// rows all ignored, targets outside [0, C) (tolerated, or reported in strict mode), strided inputs and outputs,
// empty batches, and large cases split over threads. Each case runs the forward, then the gradient on the
// forward's logProbOut. The seed is printed; OPENACLNN_CONFORMANCE_SEED / _CASE replay any case (docs/TESTING.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "case_rng.h"
#include "conformance_loop.h"
#include "conformance_text.h"
#include "cross_entropy_reference.h"
#include "launch_report.h"
#include "openaclnn/openaclnn.h"
#include "tensor_spec.h"
#include "test_numeric.h"
#include "torch_reference.h"

namespace openaclnn::test {
namespace {

constexpr aclError kAicoreException = 507015;

struct CeCase {
  TensorSpec input, target, weight, loss, log_prob, zloss, lse, grad, grad_out;
  bool weighted = false;
  std::string reduction;
  int64_t ignore_index = -100;
  double label_smoothing = 0;
  bool bad_target = false;  // Some target is outside [0, C) and not ignoreIndex.
  bool none_counts = false;
};

int64_t ReductionCode(const std::string& reduction) {
  return reduction == "none" ? 0 : reduction == "mean" ? 1 : 2;
}

CeCase MakeCase(uint64_t seed, int64_t index, CaseScale scale) {
  CaseRng rng(seed, index);
  CeCase c;
  const aclDataType dtype = rng.Pick(std::vector<aclDataType>{ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const int64_t n = scale == CaseScale::kSmall ? (rng.Chance(0.03) ? 0 : rng.Int(1, 8)) : rng.Int(40, 96);
  const int64_t classes = scale == CaseScale::kSmall ? rng.Int(1, 12) : rng.Int(600, 3000);
  c.reduction = rng.Pick(std::vector<std::string>{"none", "mean", "sum"});
  c.weighted = rng.Chance(0.5);
  c.label_smoothing = rng.Chance(0.5) ? 0.0 : rng.Real(0.0, 1.0);
  c.ignore_index = rng.Pick(std::vector<int64_t>{-100, -1, rng.Int(0, classes - 1), classes + 2});
  const double magnitude = rng.Pick(std::vector<double>{1.0, 4.0, 30.0});
  c.input.dtype = dtype;
  c.input.dims = {n, classes};
  for (int64_t i = 0; i < n * classes; ++i) c.input.values.push_back(RoundTo(dtype, rng.Real(-magnitude, magnitude)));
  c.input.layout = RandomInputLayout(rng, c.input.dims);
  RepeatValuesAlongZeroStrides(&c.input);
  c.target.dtype = rng.Chance(0.5) ? ACL_INT64 : ACL_INT32;
  c.target.dims = {n};
  const bool all_ignored = rng.Chance(0.05);
  const bool with_bad = rng.Chance(0.05);
  for (int64_t r = 0; r < n; ++r) {
    int64_t t = rng.Int(0, classes - 1);
    if (all_ignored || rng.Chance(0.15)) t = c.ignore_index;
    if (with_bad && rng.Chance(0.3)) t = rng.Pick(std::vector<int64_t>{classes, -5, classes + 7});
    c.target.values.push_back(static_cast<double>(t));
  }
  c.target.layout = RandomInputLayout(rng, c.target.dims);
  RepeatValuesAlongZeroStrides(&c.target);
  bool counted = false;
  for (double value : c.target.values) {
    const auto t = static_cast<int64_t>(value);
    if (t != c.ignore_index && (t < 0 || t >= classes)) c.bad_target = true;
    if (t != c.ignore_index && t >= 0 && t < classes) counted = true;
  }
  c.none_counts = !counted;
  c.weight.dtype = ACL_FLOAT;
  c.weight.dims = {classes};
  for (int64_t k = 0; k < classes; ++k) c.weight.values.push_back(RoundTo(ACL_FLOAT, rng.Real(0.2, 2.0)));
  c.weight.layout = RandomInputLayout(rng, c.weight.dims);
  RepeatValuesAlongZeroStrides(&c.weight);
  const std::vector<int64_t> loss_dims = c.reduction == "none" ? std::vector<int64_t>{n} : std::vector<int64_t>{1};
  for (TensorSpec* out : {&c.loss, &c.zloss}) {
    out->dtype = dtype;
    out->dims = loss_dims;
    out->layout = RandomOutputLayout(rng, loss_dims);
  }
  c.lse.dtype = dtype;
  c.lse.dims = {n};
  c.log_prob.dtype = dtype;
  c.log_prob.dims = {n, classes};
  c.log_prob.layout = RandomOutputLayout(rng, c.log_prob.dims);
  c.grad.dtype = dtype;
  c.grad.dims = c.reduction == "none" ? loss_dims : std::vector<int64_t>{};
  for (int64_t i = 0; i < (c.reduction == "none" ? n : 1); ++i) c.grad.values.push_back(RoundTo(dtype, rng.Real(-2, 2)));
  c.grad_out.dtype = dtype;
  c.grad_out.dims = {n, classes};
  c.grad_out.layout = RandomOutputLayout(rng, c.grad_out.dims);
  return c;
}

std::string Describe(const CeCase& c, bool with_values) {
  std::ostringstream text;
  text << "reduction " << c.reduction << ", ignoreIndex " << c.ignore_index << ", labelSmoothing "
       << c.label_smoothing << (c.weighted ? ", weighted" : "") << "\n"
       << DescribeTensor("input", c.input, with_values) << "\n"
       << DescribeTensor("target", c.target, with_values) << "\n"
       << (c.weighted ? DescribeTensor("weight", c.weight, with_values) + "\n" : "")
       << DescribeTensor("gradLoss", c.grad, with_values) << "\n";
  return text.str();
}

// docs/cross_entropy_loss.md's bounds: FLOAT 2.5 ulp (the float32 exponentials' 2^-23 relative, plus the final
// half ulp; the double terms are the margin), FLOAT16 and BFLOAT16 1 ulp; the gradient adds kExpBound times its
// exponential term where the smoothing term cancels it.
double Bound(aclDataType dtype) { return dtype == ACL_FLOAT ? 2.5 + 1e-4 : 1.0; }
constexpr double kExpBound = 0x1p-23 * (1.0 + 1e-4);

// Every element within `ulps` of `want` in dtype's units, plus `extra[i]` (absolute) when given.
std::string Compare(const std::string& what, aclDataType dtype, const std::vector<double>& got,
                    const std::vector<double>& want, double ulps, const std::vector<double>* extra = nullptr) {
  if (got.size() != want.size()) return what + ": sizes differ\n";
  for (size_t i = 0; i < got.size(); ++i) {
    bool ok;
    if (std::isnan(want[i]) || std::isinf(want[i])) {
      ok = std::isnan(want[i]) ? std::isnan(got[i]) : got[i] == RoundTo(dtype, want[i]);
    } else {
      const double slack = extra != nullptr ? (*extra)[i] : 0.0;
      ok = std::fabs(got[i] - want[i]) <= ulps * UlpAt(dtype, want[i]) + slack;
    }
    if (!ok) {
      std::ostringstream text;
      text.precision(17);
      text << what << "[" << i << "] = " << got[i] << ", expected " << want[i] << "\n";
      return text.str();
    }
  }
  return "";
}

std::string Check(const CeCase& c, aclrtStream stream, ConformanceStats* stats, std::string* details) {
  const aclDataType dtype = c.input.dtype;
  const int64_t n = c.input.dims[0];
  const int64_t classes = c.input.dims[1];
  stats->Count("cross entropy " + DtypeText(dtype) + ", target " + DtypeText(c.target.dtype));
  stats->Count("reduction " + c.reduction);
  if (c.label_smoothing > 0) stats->Count("label smoothing");
  if (c.weighted) stats->Count("class weights");
  if (n == 0) stats->Count("empty batch");
  if (IsStrided(c.input) || IsStrided(c.log_prob) || IsStrided(c.grad_out)) stats->Count("strided or offset");
  std::unique_ptr<DeviceTensor> input = MakeDeviceTensor(c.input);
  std::unique_ptr<DeviceTensor> target = MakeDeviceTensor(c.target);
  std::unique_ptr<DeviceTensor> weight = MakeDeviceTensor(c.weight);
  std::unique_ptr<DeviceTensor> loss = MakeDeviceTensor(c.loss, false);
  std::unique_ptr<DeviceTensor> log_prob = MakeDeviceTensor(c.log_prob, false);
  std::unique_ptr<DeviceTensor> zloss = MakeDeviceTensor(c.zloss, false);
  std::unique_ptr<DeviceTensor> lse = MakeDeviceTensor(c.lse, false);
  std::string reduction = c.reduction;
  uint64_t workspace = 1;
  aclOpExecutor* executor = nullptr;
  aclnnStatus status = aclnnCrossEntropyLossGetWorkspaceSize(
      input->get(), target->get(), c.weighted ? weight->get() : nullptr, reduction.data(), c.ignore_index,
      c.label_smoothing, 0.0, false, loss->get(), log_prob->get(), zloss->get(), lse->get(), &workspace, &executor);
  if (std::string problem = Phase1Problem(status, workspace, executor); !problem.empty()) return problem;
  status = aclnnCrossEntropyLoss(nullptr, 0, executor, stream);
  if (status != 0) return Phase2Problem(status);
  const aclError sync = aclrtSynchronizeStream(stream);
  const std::string sync_message = TakeErrorMessage();
  const bool strict = openaclnnGetStrictMode() == 1;
  if (c.bad_target && strict) {
    stats->Count("target outside [0, C) in strict mode");
    if (sync != kAicoreException || sync_message.find("target[") == std::string::npos) {
      return "strict mode: expected 507015 naming the target, got " + std::to_string(sync) + ": " + sync_message;
    }
    return "";
  }
  if (sync != ACL_SUCCESS) return "synchronisation failed: " + sync_message + "\n";
  if (c.bad_target) stats->Count("target outside [0, C) tolerated");

  CeForwardInputs ref_in;
  ref_in.n = n;
  ref_in.c = classes;
  ref_in.input = c.input.values;
  for (double t : c.target.values) ref_in.target.push_back(static_cast<int64_t>(t));
  if (c.weighted) ref_in.weight = c.weight.values;
  ref_in.reduction = c.reduction;
  ref_in.ignore_index = c.ignore_index;
  ref_in.label_smoothing = c.label_smoothing;
  const CeForwardResult ref = CrossEntropyForwardReference(ref_in);
  const std::vector<double> got_loss = n == 0 && c.reduction == "none" ? std::vector<double>{} : loss->Read();
  const std::vector<double> got_log_prob = log_prob->Read();
  std::string report;
  report += Compare("logProbOut vs reference", dtype, got_log_prob, ref.log_prob, Bound(dtype));
  report += Compare("lossOut vs reference", dtype, got_loss, ref.loss, Bound(dtype));
  for (const DeviceTensor* t : {loss.get(), log_prob.get()}) {
    if (!t->OutsideViewUntouched()) report += "storage outside an output's view changed\n";
  }
  if (zloss->Storage() != MakeDeviceTensor(c.zloss, false)->Storage()) report += "zlossOut was written\n";

  // The gradient on the forward's logProbOut.
  std::unique_ptr<DeviceTensor> grad = MakeDeviceTensor(c.grad);
  TensorSpec log_prob_in = c.log_prob;
  log_prob_in.values = got_log_prob;
  std::unique_ptr<DeviceTensor> log_prob_tensor = MakeDeviceTensor(log_prob_in);
  std::unique_ptr<DeviceTensor> grad_out = MakeDeviceTensor(c.grad_out, false);
  status = aclnnCrossEntropyLossGradGetWorkspaceSize(grad->get(), log_prob_tensor->get(), target->get(),
                                                     c.weighted ? weight->get() : nullptr, nullptr, nullptr,
                                                     reduction.data(), c.ignore_index, c.label_smoothing, 0.0,
                                                     grad_out->get(), &workspace, &executor);
  if (std::string problem = Phase1Problem(status, workspace, executor); !problem.empty()) return "grad " + problem;
  status = aclnnCrossEntropyLossGrad(nullptr, 0, executor, stream);
  if (status != 0) return "grad " + Phase2Problem(status);
  if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) return "grad synchronisation failed: " + TakeErrorMessage();
  CeGradInputs grad_in;
  grad_in.n = n;
  grad_in.c = classes;
  grad_in.grad_loss = c.grad.values;
  grad_in.log_prob = got_log_prob;
  grad_in.target = ref_in.target;
  grad_in.weight = ref_in.weight;
  grad_in.reduction = c.reduction;
  grad_in.ignore_index = c.ignore_index;
  grad_in.label_smoothing = c.label_smoothing;
  const std::vector<double> got_grad = grad_out->Read();
  std::vector<double> exp_slack;
  const std::vector<double> want_grad = CrossEntropyGradReference(grad_in, &exp_slack);
  for (double& v : exp_slack) v *= kExpBound;
  report += Compare("grad out vs reference", dtype, got_grad, want_grad, Bound(dtype), &exp_slack);
  if (!grad_out->OutsideViewUntouched()) report += "grad out: storage outside the view changed\n";

  // PyTorch raises on targets outside [0, C); a mean over no counted row is 0 / 0 on both sides, but PyTorch's
  // gradient of it is 0 where CANN's formula (ours) gives NaN.
  if (n > 0 && !c.bad_target && !(c.none_counts && c.reduction == "mean")) {
    TensorSpec input_double = c.input;
    TensorSpec target_long = c.target;
    TensorSpec grad_double = c.grad;
    try {
      const TorchCrossEntropyResult torch = TorchCrossEntropy(
          {&input_double, ACL_DOUBLE}, {&target_long, ACL_INT64},
          c.weighted ? std::optional<TorchOperand>(TorchOperand{&c.weight, ACL_DOUBLE}) : std::nullopt,
          ReductionCode(c.reduction), c.ignore_index, c.label_smoothing, {&grad_double, ACL_DOUBLE});
      // PyTorch's log-probabilities in double are off by up to a few units of 2^-53 (1 + |lse|) (its log(S) of a
      // sum near 1 loses the small terms, where ours takes log1p): its loss and gradient carry that absolute error
      // times the row's coefficients.
      std::vector<double> row_error(static_cast<size_t>(n));
      for (int64_t r = 0; r < n; ++r) {
        double largest = 0;
        for (int64_t k = 0; k < classes; ++k) {
          largest = std::max(largest, std::fabs(c.input.values[static_cast<size_t>(r * classes + k)]));
        }
        row_error[static_cast<size_t>(r)] = std::ldexp(1.0 + largest, -49);
      }
      double weight_total = 0;
      for (int64_t k = 0; k < classes; ++k) weight_total += c.weighted ? c.weight.values[static_cast<size_t>(k)] : 1;
      double divisor = 1;
      if (c.reduction == "mean") {
        divisor = 0;
        for (int64_t t : ref_in.target) {
          if (t != c.ignore_index) divisor += c.weighted ? c.weight.values[static_cast<size_t>(t)] : 1;
        }
      }
      const double row_weight = (c.weighted ? 2.0 : 1.0) + c.label_smoothing * weight_total;
      std::vector<double> loss_slack(got_loss.size(), 0.0);
      for (int64_t r = 0; r < n; ++r) {
        const double e = row_weight * row_error[static_cast<size_t>(r)];
        if (c.reduction == "none") {
          loss_slack[static_cast<size_t>(r)] = e;
        } else {
          loss_slack[0] += e / divisor;
        }
      }
      report += Compare("lossOut vs PyTorch", dtype, got_loss, torch.loss, Bound(dtype), &loss_slack);
      // Our gradient reads logProbOut rounded to dtype; PyTorch's is exact in double: each probability then
      // differs by up to p half an ulp of its log-probability, times the row's coefficients.
      std::vector<double> slack(got_grad.size(), 0.0);
      for (int64_t r = 0; r < n; ++r) {
        const double g = std::fabs(c.grad.values[static_cast<size_t>(c.reduction == "none" ? r : 0)]);
        const double coefficient = g * (2.0 * (c.weighted ? 2.0 : 1.0) + c.label_smoothing * weight_total) / divisor;
        for (int64_t k = 0; k < classes; ++k) {
          const size_t i = static_cast<size_t>(r * classes + k);
          slack[i] = coefficient * (std::exp(got_log_prob[i]) * UlpAt(dtype, got_log_prob[i]) +
                                    row_error[static_cast<size_t>(r)]) +
                     exp_slack[i];
        }
      }
      report += Compare("grad out vs PyTorch", dtype, got_grad, torch.grad_input, Bound(dtype), &slack);
      stats->Count("oracle: PyTorch and the reference");
    } catch (const std::exception& e) {
      report += std::string("PyTorch refused the case: ") + e.what() + "\n";
    }
  } else {
    stats->Count("oracle: the reference (PyTorch raises or differs by design)");
  }
  if (details != nullptr) {
    TensorSpec library = c.log_prob;
    library.values = got_log_prob;
    *details += DescribeTensor("library logProbOut", library, true) + "\n";
    library = c.grad_out;
    library.values = got_grad;
    *details += DescribeTensor("library grad out", library, true) + "\n";
  }
  return report;
}

TEST(CrossEntropyConformanceTest, MatchesPyTorchAndReference) {
  CaseKind<CeCase> kind;
  kind.op = "aclnnCrossEntropyLoss/aclnnCrossEntropyLossGrad";
  kind.huge_cases = false;
  kind.make = MakeCase;
  kind.describe = Describe;
  kind.check = Check;
  const LoopResult result = RunConformanceCases(kind);
  ExpectScalesReached(result, kind.huge_cases);
  if (result.run.case_count < 2000) {
    return;
  }
  for (const char* feature : {"oracle: PyTorch and the reference", "label smoothing", "class weights",
                              "empty batch", "strided or offset", "target outside [0, C) in strict mode",
                              "target outside [0, C) tolerated", "reduction none", "reduction mean",
                              "reduction sum", "cross entropy BF16, target INT32"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
}

}  // namespace
}  // namespace openaclnn::test
