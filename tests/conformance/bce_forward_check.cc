#include "bce_forward_check.h"

#include <cmath>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include "acl/error_codes/rt_error_codes.h"
#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "bce_forward_reference.h"
#include "conformance_text.h"
#include "launch_report.h"
#include "openaclnn/openaclnn.h"
#include "reduced_compare.h"
#include "test_numeric.h"
#include "torch_reference.h"
#include "ulp_compare.h"

namespace openaclnn::test {
namespace {

// The bounds. Every side evaluates the loss in double from the same values: two logarithms within one double
// ulp each (PyTorch takes log(1 - x), exact to that too because 1 - x is exact in double for the x it is given,
// see TorchCanTake) and at most six more roundings, all on terms of one sign for x and y in [0, 1], so each
// side's loss is within kTermSteps * 2^-53 of the exact one, relatively. Reduction none: two such values rounded
// once to out's type are at most 1 ulp apart (0 unless they straddle a rounding boundary). Mean and sum add
// the losses in double: the library with at most LibrarySumSteps(n) additions on a term's path, the
// reference's compensated sum within 2 roundings of exact, PyTorch in an order of its own (allowed the any-order
// n - 1). So |ours - other| <= (steps_ours + steps_other + 2 * kTermSteps) * 2^-53 * sum|loss| + 1 ulp of out's
// type, the sum divided by numel for mean (plus one double rounding of each side's quotient).
constexpr double kTermSteps = 8.0;

// PyTorch's CPU forward raises for x outside [0, 1] (NaN included), and takes log(1 - x), exact in double only
// when 1 - x is: for x of at most 24 significant bits that holds when x >= 2^-29 (or x = 0).
bool TorchCanTake(double x) { return x == 0.0 || (x >= 0x1p-29 && x <= 1.0); }

double ReducedTolerance(const BceForwardCase& c, const BceForwardExpected& expected, double other_steps,
                        double other_value) {
  const auto numel = static_cast<double>(c.base.self.values.size());
  const double sum_error =
      (LibrarySumSteps(static_cast<int64_t>(numel)) + other_steps + 2.0 * kTermSteps) * kDoubleUnit *
      expected.loss_magnitude;
  if (c.base.reduction == 2) {
    return sum_error;
  }
  return sum_error / numel + 2.0 * kDoubleUnit * std::fabs(other_value);
}

std::string Compare(const std::string& label, const BceForwardCase& c, const BceForwardExpected& expected,
                    const std::vector<double>& got, const std::vector<double>& other, double other_steps,
                    const std::vector<int64_t>& none_bounds, ConformanceStats* stats) {
  const std::string shape = DtypeText(c.base.self.dtype) + "->" + DtypeText(c.out.dtype) + " " +
                            ReductionName(c.base.reduction);
  CompareResult result;
  if (c.base.reduction == 0) {
    result = CompareElements(label, c.out.dtype, got, other, none_bounds);
  } else if (other.size() != 1 || got.size() != 1) {
    result.mismatches = "  " + label + ": " + std::to_string(other.size()) + " values for a reduced out\n";
  } else {
    result = CompareReduced(label, c.out.dtype, got[0], other[0],
                            ReducedTolerance(c, expected, other_steps, other[0]));
  }
  stats->RecordUlps(label + ", " + shape, result.max_ulps);
  return result.mismatches;
}

void CountFeatures(const BceForwardCase& c, bool torch, bool masked, ConformanceStats* stats) {
  const BceCase& base = c.base;
  stats->Count(torch ? "oracle: PyTorch in double and fp64 reference"
                     : "oracle: fp64 reference only (x outside [0, 1] or NaN, reduced)");
  stats->Count(std::string("reduction ") + ReductionName(base.reduction));
  stats->Count("self rank " + std::to_string(base.self.dims.size()));
  stats->Count(base.has_weight ? "with weight" : "without weight");
  stats->Count("self " + DtypeText(base.self.dtype) + " -> out " + DtypeText(c.out.dtype));
  if (masked) {
    stats->Count("none: elements PyTorch cannot take compared with the reference only");
  }
  if (base.self.values.empty()) {
    stats->Count("empty self");
  }
  if (IsStrided(c.out)) {
    stats->Count("strided or offset out");
  }
  CountBceInputLayouts(base, /*with_grad_output=*/false, stats);
  bool x_edge = false;
  for (double x : base.self.values) {
    x_edge = x_edge || x == 0.0 || x == 1.0;
  }
  if (x_edge) {
    stats->Count("x in {0, 1} (the -100 clamp)");
  }
}

}  // namespace

std::string CheckBceForwardCase(const BceForwardCase& c, aclrtStream stream, ConformanceStats* stats,
                                std::string* details) {
  const BceCase& base = c.base;
  const BceForwardExpected expected = BceForwardReference(c);
  // PyTorch gets x = 0.5 where it cannot take x; for none those elements are left to the reference, a reduced
  // result is then the reference's alone.
  TensorSpec torch_self = base.self;
  std::vector<bool> torch_skips(torch_self.values.size(), false);
  bool masked = false;
  for (size_t i = 0; i < torch_self.values.size(); ++i) {
    if (!TorchCanTake(torch_self.values[i])) {
      torch_self.values[i] = 0.5;
      torch_skips[i] = true;
      masked = true;
    }
  }
  const bool torch = base.reduction == 0 || !masked;
  CountFeatures(c, torch, masked, stats);

  auto self = MakeDeviceTensor(base.self);
  auto target = MakeDeviceTensor(base.target);
  std::unique_ptr<DeviceTensor> weight;
  if (base.has_weight) {
    weight = MakeDeviceTensor(base.weight);
  }
  auto out = MakeDeviceTensor(c.out, /*fill=*/false);
  const bool out_unwritten = base.reduction == 0 && base.self.values.empty();
  const std::vector<uint8_t> out_before = out_unwritten ? out->Storage() : std::vector<uint8_t>();

  uint64_t workspace_size = 1;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus phase1 = aclnnBinaryCrossEntropyGetWorkspaceSize(
      self->get(), target->get(), base.has_weight ? weight->get() : nullptr, base.reduction, out->get(),
      &workspace_size, &executor);
  if (std::string problem = Phase1Problem(phase1, workspace_size, executor); !problem.empty()) {
    return problem;
  }
  const aclnnStatus phase2 = aclnnBinaryCrossEntropy(nullptr, 0, executor, stream);
  if (phase2 != 0) {
    return Phase2Problem(phase2);
  }
  const aclError sync = aclrtSynchronizeStream(stream);
  const std::string message = TakeErrorMessage();
  std::string report;
  // A reduced value finite in double but beyond out's type is stored as infinity, and reported in strict mode
  // (DECISIONS 14).
  const bool overflow = base.reduction != 0 && std::isfinite(expected.out[0]) &&
                        !std::isfinite(RoundTo(c.out.dtype, expected.out[0]));
  const bool strict = openaclnnGetStrictMode() == 1;
  if (overflow) {
    stats->Count(strict ? "reduced value beyond out's type (reported, strict mode)"
                        : "reduced value beyond out's type (stored as infinity)");
  }
  const aclError wanted_sync = overflow && strict ? ACL_ERROR_RT_AICORE_OVER_FLOW : ACL_SUCCESS;
  if (sync != wanted_sync) {
    report += "aclrtSynchronizeStream returned " + std::to_string(sync) + " ('" + message + "'), expected " +
              std::to_string(wanted_sync) + "\n";
  }
  if (out_unwritten) {
    return out->Storage() == out_before ? report : report + "an empty out's storage changed\n";
  }
  if (!out->OutsideViewUntouched()) {
    report += "bytes outside out's view changed\n";
  }
  const std::vector<double> got = out->Read();
  report += Compare("vs fp64 reference", c, expected, got, expected.out, /*other_steps=*/2.0,
                    std::vector<int64_t>(got.size(), 1), stats);
  if (details != nullptr) {
    *details += "  ours:           " + ValuesText(got) + "\n  fp64 reference: " + ValuesText(expected.out) + "\n";
  }
  if (!torch) {
    return report;
  }
  std::vector<double> torch_out;
  try {
    std::optional<TorchOperand> torch_weight;
    if (base.has_weight) {
      torch_weight = TorchOperand{&base.weight, ACL_DOUBLE};
    }
    torch_out = TorchBinaryCrossEntropy({&torch_self, ACL_DOUBLE}, {&base.target, ACL_DOUBLE}, torch_weight,
                                        base.reduction);
  } catch (const std::exception& e) {
    return report + "PyTorch failed: " + e.what() + "\n";
  }
  if (base.reduction == 0 && torch_out.size() == got.size()) {
    // A loss of exactly zero can come out as zeros of opposite signs: the documented arrangement
    // -(y * log(x) + (1 - y) * log1p(-x)) gives -0 at x = -0, y = 0 where PyTorch's (y - 1) * log(1 - x) - y * log(x)
    // gives +0 (the reference pins our sign). Such zeros are counted, not failed.
    bool zero_signs = false;
    for (size_t i = 0; i < torch_out.size(); ++i) {
      torch_out[i] = torch_skips[i] ? got[i] : RoundTo(c.out.dtype, torch_out[i]);  // Skipped: the reference's.
      if (got[i] == 0.0 && torch_out[i] == 0.0 && std::signbit(got[i]) != std::signbit(torch_out[i])) {
        torch_out[i] = got[i];
        zero_signs = true;
      }
    }
    if (zero_signs) {
      stats->Count("none: a zero loss whose sign differs from PyTorch's");
    }
  }
  if (details != nullptr) {
    *details += "  PyTorch:        " + ValuesText(torch_out) + "\n";
  }
  return report + Compare("vs PyTorch in double", c, expected, got, torch_out,
                          static_cast<double>(base.self.values.size()), std::vector<int64_t>(got.size(), 1), stats);
}

}  // namespace openaclnn::test
