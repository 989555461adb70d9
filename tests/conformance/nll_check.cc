#include "nll_check.h"

#include <cmath>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "conformance_text.h"
#include "launch_report.h"
#include "nll_reference.h"
#include "openaclnn/openaclnn.h"
#include "torch_reference.h"
#include "ulp_compare.h"

namespace openaclnn::test {
namespace {

bool IsHalfWidth(aclDataType dtype) { return dtype == ACL_FLOAT16 || dtype == ACL_BF16; }

// Bound of a gradient element against the fp64 reference rounded once. none/sum compute one product g * w in
// float: exact for 16-bit inputs (at most 22 significant bits) and a single rounding for FLOAT, so the only
// extra error is the second rounding of a FLOAT product to a 16-bit out (1 ulp). mean rounds g / tw and the
// product in float: < 2.5 FLOAT ulps, i.e. 2 for a FLOAT out and 1 after rounding to a 16-bit out.
int64_t ReferenceBound(const NllCase& c) {
  if (c.reduction == 1) {
    return c.out.dtype == ACL_FLOAT ? 2 : 1;
  }
  return c.out.dtype == ACL_FLOAT || IsHalfWidth(c.self.dtype) ? 0 : 1;
}

// Bound against PyTorch. Float arithmetic in the same order gives the same bits; PyTorch's BF16 mean rounds
// -(g / tw) to BF16 before multiplying by w, which moves the result by less than one BF16 ulp before the final
// rounding, so the two results are at most 1 ulp apart.
int64_t TorchBound(const NllCase& c, NllOracle oracle) {
  return oracle == NllOracle::kTorchNative && c.self.dtype == ACL_BF16 && c.reduction == 1 ? 1 : 0;
}

NllOracle OracleOf(const NllCase& c, const NllExpected& expected) {
  if (expected.targets.first_bad_row >= 0) {
    return NllOracle::kLibraryOnly;
  }
  const bool torch_type = c.self.dtype == ACL_FLOAT || c.self.dtype == ACL_BF16;
  const bool torch_target = c.target.dtype == ACL_INT64 || c.target.dtype == ACL_UINT8;
  return torch_type && torch_target && c.out.dtype == c.self.dtype ? NllOracle::kTorchNative
                                                                   : NllOracle::kTorchUpcast;
}

std::vector<int64_t> Bounds(const NllExpected& expected, int64_t hit_bound) {
  std::vector<int64_t> bounds(expected.hit.size(), 0);
  for (size_t i = 0; i < bounds.size() && hit_bound != 0; ++i) {
    bounds[i] = expected.hit[i] ? hit_bound : 0;
  }
  return bounds;
}

std::vector<double> RunTorch(const NllCase& c, NllOracle oracle) {
  const aclDataType compute = oracle == NllOracle::kTorchNative ? c.self.dtype : ACL_FLOAT;
  const aclDataType target = c.target.dtype == ACL_UINT8 ? ACL_UINT8 : ACL_INT64;
  std::optional<TorchOperand> weight;
  if (!c.torch_without_weight) {
    weight = TorchOperand{&c.weight, compute};
  }
  return TorchNllLossBackward({&c.grad_output, compute}, {&c.self, compute}, {&c.target, target}, weight,
                              c.reduction, c.ignore_index, {&c.total_weight, compute}, c.out.dtype);
}

void CountFeatures(const NllCase& c, const NllExpected& expected, NllOracle oracle, ConformanceStats* stats) {
  static const char* const kOracles[] = {"oracle: PyTorch, same data types", "oracle: PyTorch in float (upcast)",
                                         "oracle: fp64 reference only (target out of range)"};
  stats->Count(kOracles[static_cast<int>(oracle)]);
  stats->Count("self " + DtypeText(c.self.dtype) + " -> out " + DtypeText(c.out.dtype));
  stats->Count("target " + DtypeText(c.target.dtype));
  stats->Count(std::string("reduction ") + ReductionName(c.reduction));
  if (expected.out.empty()) {
    stats->Count("empty self");
  }
  if (c.self.dims.size() == 1) {
    stats->Count("1-D self");
  }
  if (expected.targets.ignored_rows > 0) {
    stats->Count("ignoreIndex hits");
  }
  if (c.ignore_index < 0 || c.ignore_index >= NllClasses(c)) {
    stats->Count("ignoreIndex outside [0, C)");
  }
  if (IsStrided(c.out)) {
    stats->Count("strided or offset out");
  }
  bool broadcast = false;
  bool strided = false;
  bool special = false;
  for (const TensorSpec* input : {&c.grad_output, &c.target, &c.weight, &c.total_weight}) {
    broadcast = broadcast || HasBroadcastStride(*input);
    strided = strided || IsStrided(*input);
    for (double value : input->values) {
      special = special || !std::isfinite(value) || (value == 0.0 && std::signbit(value));
    }
  }
  if (broadcast) {
    stats->Count("zero-stride (broadcast) input");
  }
  if (strided) {
    stats->Count("strided or offset input");
  }
  if (special) {
    stats->Count("NaN, inf or -0 input");
  }
  if (c.torch_without_weight) {
    stats->Count("PyTorch without weight");
  }
}

}  // namespace

std::string CheckNllCase(const NllCase& c, aclrtStream stream, ConformanceStats* stats, std::string* details) {
  const NllExpected expected = NllReference(c);
  const NllOracle oracle = OracleOf(c, expected);
  CountFeatures(c, expected, oracle, stats);

  auto grad = MakeDeviceTensor(c.grad_output);
  auto self = MakeDeviceTensor(c.self);
  auto target = MakeDeviceTensor(c.target);
  auto weight = MakeDeviceTensor(c.weight);
  auto total_weight = MakeDeviceTensor(c.total_weight);
  auto out = MakeDeviceTensor(c.out, /*fill=*/false);
  // Only an empty out's storage is compared whole (the copy would cost large cases a pass over it).
  const std::vector<uint8_t> out_before = expected.out.empty() ? out->Storage() : std::vector<uint8_t>();

  uint64_t workspace_size = 1;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus phase1 = aclnnNLLLossBackwardGetWorkspaceSize(
      grad->get(), self->get(), target->get(), weight->get(), c.reduction, c.ignore_index, total_weight->get(),
      out->get(), &workspace_size, &executor);
  if (std::string problem = Phase1Problem(phase1, workspace_size, executor); !problem.empty()) {
    return problem;
  }
  const aclnnStatus phase2 = aclnnNLLLossBackward(nullptr, 0, executor, stream);
  if (phase2 != 0) {
    return Phase2Problem(phase2);
  }
  const aclError sync = aclrtSynchronizeStream(stream);
  const std::string message = TakeErrorMessage();
  std::string report;
  // A target outside [0, C) fails the run in strict mode only (DECISIONS 8); its row is zero either way.
  if (expected.targets.first_bad_row >= 0 && openaclnnGetStrictMode() == 1) {
    stats->Count("out-of-range target, strict mode");
    const std::string wanted = BadTargetText(c, expected.targets);
    if (sync == ACL_SUCCESS || message.find("aclnnNLLLossBackward") == std::string::npos ||
        message.find(wanted) == std::string::npos) {
      report += "an out-of-range target must fail the synchronisation naming '" + wanted + "': got " +
                std::to_string(sync) + " '" + message + "'\n";
    }
  } else if (sync != ACL_SUCCESS) {
    report += "aclrtSynchronizeStream returned " + std::to_string(sync) + ": " + message + "\n";
  }
  if (expected.out.empty()) {
    if (out->Storage() != out_before) {
      report += "an empty out's storage changed\n";
    }
    return report;
  }
  if (!out->OutsideViewUntouched()) {
    report += "bytes outside out's view changed\n";
  }
  const std::vector<double> got = out->Read();
  const std::string shape = DtypeText(c.self.dtype) + "->" + DtypeText(c.out.dtype) + " " +
                            ReductionName(c.reduction);
  const CompareResult vs_reference = CompareElements("vs fp64 reference", c.out.dtype, got, expected.out,
                                                     Bounds(expected, ReferenceBound(c)));
  stats->RecordUlps("vs fp64 reference, " + shape, vs_reference.max_ulps);
  report += vs_reference.mismatches;
  if (details != nullptr) {
    *details += "  ours:           " + ValuesText(got) + "\n  fp64 reference: " + ValuesText(expected.out) + "\n";
  }
  if (oracle == NllOracle::kLibraryOnly) {
    return report;
  }
  std::vector<double> torch_out;
  try {
    torch_out = RunTorch(c, oracle);
  } catch (const std::exception& e) {
    return report + "PyTorch failed: " + e.what() + "\n";
  }
  const std::string torch_label = oracle == NllOracle::kTorchNative ? "vs PyTorch" : "vs PyTorch in float";
  const CompareResult vs_torch =
      CompareElements(torch_label, c.out.dtype, got, torch_out, Bounds(expected, TorchBound(c, oracle)));
  stats->RecordUlps(torch_label + ", " + shape, vs_torch.max_ulps);
  if (details != nullptr) {
    *details += "  PyTorch:        " + ValuesText(torch_out) + "\n";
  }
  return report + vs_torch.mismatches;
}

}  // namespace openaclnn::test
