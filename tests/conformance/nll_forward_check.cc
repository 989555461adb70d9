#include "nll_forward_check.h"

#include <cmath>
#include <exception>
#include <optional>
#include <vector>

#include "acl/error_codes/rt_error_codes.h"
#include "acl_environment.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "conformance_text.h"
#include "launch_report.h"
#include "nll_forward_reference.h"
#include "openaclnn/openaclnn.h"
#include "reduced_compare.h"
#include "test_numeric.h"
#include "torch_reference.h"
#include "ulp_compare.h"

namespace openaclnn::test {
namespace {

constexpr aclnnStatus kParamInvalid = 161002;

// The bounds. Every loss -(w * x) is exact in double on every side, so reduction none is one rounding of the
// same value: bit-identical (0 ulps) to the reference and to PyTorch. Mean and sum differ only in how the
// exact losses (and weights) are added in double; to first order a sum of n terms in any order is within
// (additions on a term's path) * 2^-53 * sum(|term|) of the exact sum. The library's deterministic sum has at
// most LibrarySumSteps(n) additions on any path; the reference's compensated sum is within 2 roundings of exact;
// PyTorch's order is its own, so it is allowed the any-order n - 1 (in practice it is far closer). For the sum:
//   |ours - other| <= (steps_ours + steps_other) * 2^-53 * sum|loss| + 1 ulp of out's type (the final rounding).
// The mean L / W moves by (dL + |L / W| * dW) / |W| when L and W move by dL and dW (first order), plus one
// double rounding of the quotient on each side; totalWeightOut is a sum of weights.
struct SumErrors {
  double loss = 0.0;    // Bound of |L_ours - L_other|.
  double weight = 0.0;  // Bound of |W_ours - W_other|.
};

SumErrors SumErrorsAgainst(const NllForwardExpected& expected, int64_t rows, double other_steps) {
  const double steps = (LibrarySumSteps(rows) + other_steps) * kDoubleUnit;
  return {steps * expected.loss_magnitude, steps * expected.weight_magnitude};
}

double OutTolerance(const NllForwardCase& c, const NllForwardExpected& expected, const SumErrors& errors) {
  if (c.base.reduction == 2) {
    return errors.loss;
  }
  const double mean = expected.out[0];
  const double weight = std::fabs(expected.total_weight);
  return (errors.loss + std::fabs(mean) * errors.weight) / weight + 2.0 * kDoubleUnit * std::fabs(mean);
}

void CountFeatures(const NllForwardCase& c, const NllForwardExpected& expected, bool torch, ConformanceStats* stats) {
  const NllCase& base = c.base;
  stats->Count(torch ? "oracle: PyTorch in double and fp64 reference"
                     : "oracle: fp64 reference only (target out of range or rejected)");
  stats->Count("self " + DtypeText(base.self.dtype) + " -> out " + DtypeText(c.out.dtype));
  stats->Count("totalWeightOut " + DtypeText(c.total_weight_out.dtype));
  stats->Count("target " + DtypeText(base.target.dtype));
  stats->Count(std::string("reduction ") + ReductionName(base.reduction));
  if (expected.rejected) {
    stats->Count("C = 0 with targets (phase 1 rejects)");
  }
  if (base.self.values.empty()) {
    stats->Count("empty self");
  }
  if (base.self.dims.size() == 1) {
    stats->Count("1-D self");
  }
  if (expected.targets.ignored_rows > 0) {
    stats->Count("ignoreIndex hits");
  }
  if (expected.counted_rows == 0 && base.reduction == 1) {
    stats->Count("mean with no row counted (NaN)");
  }
  if (c.nan_where_unread) {
    stats->Count("NaN in the self elements not read");
  }
  if (IsStrided(c.out) || IsStrided(c.total_weight_out)) {
    stats->Count("strided or offset out");
  }
  bool broadcast = false;
  bool strided = false;
  for (const TensorSpec* input : {&base.self, &base.target, &base.weight}) {
    broadcast = broadcast || HasBroadcastStride(*input);
    strided = strided || IsStrided(*input);
  }
  if (broadcast) {
    stats->Count("zero-stride (broadcast) input");
  }
  if (strided) {
    stats->Count("strided or offset input");
  }
}

// The synchronisation's expected status: success by default; in strict mode a bad target wins over an overflow
// of a reduced output (docs).
aclError ExpectedSync(const NllForwardCase& c, const NllForwardExpected& expected) {
  if (openaclnnGetStrictMode() != 1) {
    return ACL_SUCCESS;
  }
  if (expected.targets.first_bad_row >= 0) {
    return ACL_ERROR_RT_AICORE_EXCEPTION;
  }
  if (c.base.reduction == 0) {
    return ACL_SUCCESS;
  }
  auto overflows = [](aclDataType dtype, double value) {
    return std::isfinite(value) && !std::isfinite(RoundTo(dtype, value));
  };
  return overflows(c.out.dtype, expected.out[0]) || overflows(c.total_weight_out.dtype, expected.total_weight)
             ? ACL_ERROR_RT_AICORE_OVER_FLOW
             : ACL_SUCCESS;
}

std::string CompareWithOther(const std::string& label, const NllForwardCase& c, const NllForwardExpected& expected,
                             const std::vector<double>& got, double got_total_weight,
                             const std::vector<double>& other_out, double other_total_weight, double other_steps,
                             ConformanceStats* stats) {
  const std::string shape = DtypeText(c.base.self.dtype) + "->" + DtypeText(c.out.dtype) + " " +
                            ReductionName(c.base.reduction);
  if (c.base.reduction == 0) {
    std::vector<double> rounded(other_out.size());
    for (size_t i = 0; i < rounded.size(); ++i) {
      rounded[i] = RoundTo(c.out.dtype, other_out[i]);
    }
    const CompareResult result =
        CompareElements(label, c.out.dtype, got, rounded, std::vector<int64_t>(got.size(), 0));
    stats->RecordUlps(label + ", " + shape, result.max_ulps);
    return result.mismatches;
  }
  if (other_out.size() != 1) {
    return "  " + label + ": " + std::to_string(other_out.size()) + " values for a reduced out\n";
  }
  NllForwardExpected other = expected;
  other.out = other_out;
  other.total_weight = other_total_weight;
  const SumErrors errors = SumErrorsAgainst(expected, NllRows(c.base), other_steps);
  const CompareResult out = CompareReduced(label + " (out)", c.out.dtype, got[0], other_out[0],
                                           OutTolerance(c, other, errors));
  const CompareResult total = CompareReduced(label + " (totalWeightOut)", c.total_weight_out.dtype,
                                             got_total_weight, other_total_weight, errors.weight);
  stats->RecordUlps(label + ", " + shape, out.max_ulps);
  stats->RecordUlps(label + ", totalWeightOut " + DtypeText(c.total_weight_out.dtype), total.max_ulps);
  return out.mismatches + total.mismatches;
}

}  // namespace

std::string CheckNllForwardCase(const NllForwardCase& c, aclrtStream stream, ConformanceStats* stats,
                                std::string* details) {
  const NllCase& base = c.base;
  const NllForwardExpected expected = NllForwardReference(c);
  const bool torch = !expected.rejected && expected.targets.first_bad_row < 0;
  CountFeatures(c, expected, torch, stats);

  auto self = MakeDeviceTensor(base.self);
  auto target = MakeDeviceTensor(base.target);
  auto weight = MakeDeviceTensor(base.weight);
  auto out = MakeDeviceTensor(c.out, /*fill=*/false);
  auto total_weight = MakeDeviceTensor(c.total_weight_out, /*fill=*/false);
  // Whole storages are compared only where nothing may be written (a copy costs large cases a pass over out).
  const bool out_unwritten = expected.rejected || (c.out.dims.size() == 1 && c.out.dims[0] == 0);
  const std::vector<uint8_t> out_before = out_unwritten ? out->Storage() : std::vector<uint8_t>();
  const std::vector<uint8_t> total_weight_before = total_weight->Storage();

  uint64_t workspace_size = 1;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus phase1 =
      aclnnNLLLossGetWorkspaceSize(self->get(), target->get(), weight->get(), base.reduction, base.ignore_index,
                                   out->get(), total_weight->get(), &workspace_size, &executor);
  if (expected.rejected) {
    const std::string message = TakeErrorMessage();
    if (phase1 != kParamInvalid || message.find("aclnnNLLLoss") == std::string::npos) {
      return "C = 0 with targets: phase 1 must return 161002 naming the API, got " + std::to_string(phase1) +
             " '" + message + "'\n";
    }
    return out->Storage() == out_before && total_weight->Storage() == total_weight_before
               ? ""
               : "a rejected call changed an output\n";
  }
  if (std::string problem = Phase1Problem(phase1, workspace_size, executor); !problem.empty()) {
    return problem;
  }
  const aclnnStatus phase2 = aclnnNLLLoss(nullptr, 0, executor, stream);
  if (phase2 != 0) {
    return Phase2Problem(phase2);
  }
  const aclError sync = aclrtSynchronizeStream(stream);
  const std::string message = TakeErrorMessage();
  std::string report;
  const aclError wanted_sync = ExpectedSync(c, expected);
  if (sync != wanted_sync) {
    report += "aclrtSynchronizeStream returned " + std::to_string(sync) + " ('" + message + "'), expected " +
              std::to_string(wanted_sync) + "\n";
  } else if (wanted_sync == ACL_ERROR_RT_AICORE_EXCEPTION) {
    stats->Count("out-of-range target, strict mode");
    const std::string wanted = BadTargetText(base, expected.targets);
    if (message.find("aclnnNLLLoss") == std::string::npos || message.find(wanted) == std::string::npos) {
      report += "the failed synchronisation must name '" + wanted + "': got '" + message + "'\n";
    }
  }
  if (out_unwritten && out->Storage() != out_before) {
    report += "an empty out's storage changed\n";
  }
  if (!out->OutsideViewUntouched() || !total_weight->OutsideViewUntouched()) {
    report += "bytes outside out's or totalWeightOut's view changed\n";
  }
  if (base.reduction == 0 && total_weight->Storage() != total_weight_before) {
    report += "reduction none wrote totalWeightOut\n";
  }
  const std::vector<double> got = out->Read();
  const double got_total_weight = base.reduction == 0 ? 0.0 : total_weight->Read()[0];
  const std::string vs_reference = CompareWithOther("vs fp64 reference", c, expected, got, got_total_weight,
                                                    expected.out, expected.total_weight, /*other_steps=*/2.0, stats);
  if (!vs_reference.empty() && wanted_sync == ACL_ERROR_RT_AICORE_OVER_FLOW) {
    report += "  (a reduced output overflowed: the other output must still be written, docs/nll_loss.md)\n";
  }
  report += vs_reference;
  if (details != nullptr) {
    *details += "  ours:           " + ValuesText(got) + " totalWeightOut " + ValueText(got_total_weight) +
                "\n  fp64 reference: " + ValuesText(expected.out) + " totalWeightOut " +
                ValueText(expected.total_weight) + "\n";
  }
  if (!torch) {
    return report;
  }
  TorchNllForward torch_result;
  try {
    std::optional<TorchOperand> torch_weight;
    if (!base.torch_without_weight) {
      torch_weight = TorchOperand{&base.weight, ACL_DOUBLE};
    }
    const aclDataType target_type = base.target.dtype == ACL_UINT8 ? ACL_UINT8 : ACL_INT64;
    torch_result = TorchNllLossForward({&base.self, ACL_DOUBLE}, {&base.target, target_type}, torch_weight,
                                       base.reduction, base.ignore_index);
  } catch (const std::exception& e) {
    return report + "PyTorch failed: " + e.what() + "\n";
  }
  // PyTorch evaluates a 1-D self's none through its sum (0 - w * x), so a loss of exactly zero is +0 there where
  // the documented -(w * x) is -0. The sign of that zero is the only difference; it is counted, not failed.
  if (base.self.dims.size() == 1 && base.reduction == 0 && torch_result.output.size() == 1 && got.size() == 1 &&
      got[0] == 0.0 && torch_result.output[0] == 0.0 && std::signbit(got[0]) != std::signbit(torch_result.output[0])) {
    stats->Count("1-D none: zero loss, PyTorch's zero has the other sign");
    torch_result.output[0] = got[0];
  }
  if (details != nullptr) {
    *details += "  PyTorch:        " + ValuesText(torch_result.output) + " total_weight " +
                ValueText(torch_result.total_weight) + "\n";
  }
  return report + CompareWithOther("vs PyTorch in double", c, expected, got, got_total_weight, torch_result.output,
                                   torch_result.total_weight, static_cast<double>(NllRows(base)), stats);
}

}  // namespace openaclnn::test
