#include "bce_check.h"

#include <cmath>
#include <exception>
#include <optional>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "bce_reference.h"
#include "conformance_text.h"
#include "launch_report.h"
#include "torch_reference.h"
#include "ulp_compare.h"

namespace openaclnn::test {
namespace {

bool AllFloat(const BceCase& c) {
  for (const TensorSpec* spec : {&c.grad_output, &c.self, &c.target, &c.out}) {
    if (spec->dtype != ACL_FLOAT) {
      return false;
    }
  }
  return !c.has_weight || c.weight.dtype == ACL_FLOAT;
}

// Against the fp64 reference: the float evaluation rounds at most eight times (x - y, 1 - x, x * (1 - x),
// g * (x - y), the division, * w, and for mean 1 / N and the product), each a relative error below 2^-24, so
// the float result is within 8 FLOAT ulps (< 8.5 from the reference's one rounding), and after rounding to a
// 16-bit out within 1 ulp (the second rounding can only move to the neighbour).
int64_t ReferenceBound(const BceCase& c) { return c.out.dtype == ACL_FLOAT ? 8 : 1; }

// Against PyTorch: the same float operations in the same order give the same bits; for mean PyTorch divides by
// numel where we multiply by the float reciprocal (DECISIONS 6), at most 1 ulp apart.
int64_t TorchBound(const BceCase& c) { return c.reduction == 1 ? 1 : 0; }

std::vector<double> RunTorch(const BceCase& c, aclDataType compute) {
  std::optional<TorchOperand> weight;
  if (c.has_weight) {
    weight = TorchOperand{&c.weight, compute};
  }
  return TorchBinaryCrossEntropyBackward({&c.grad_output, compute}, {&c.self, compute}, {&c.target, compute},
                                         weight, c.reduction, c.out.dtype);
}

void CountFeatures(const BceCase& c, bool native, ConformanceStats* stats) {
  stats->Count(native ? "oracle: PyTorch, same data types" : "oracle: PyTorch in float (upcast)");
  stats->Count(std::string("reduction ") + ReductionName(c.reduction));
  stats->Count("self rank " + std::to_string(c.self.dims.size()));
  stats->Count(c.has_weight ? "with weight" : "without weight");
  if (c.self.values.empty()) {
    stats->Count("empty self");
  }
  if (IsStrided(c.out)) {
    stats->Count("strided or offset out");
  }
  if (!AllFloat(c) && c.self.dtype != c.out.dtype) {
    stats->Count("out type differs from self");
  }
  CountBceInputLayouts(c, /*with_grad_output=*/true, stats);
  bool x_edge = false;
  bool x_nan = false;
  for (double x : c.self.values) {
    x_edge = x_edge || x == 0.0 || x == 1.0;
    x_nan = x_nan || std::isnan(x);
  }
  bool grad_special = false;
  for (double g : c.grad_output.values) {
    grad_special = grad_special || !std::isfinite(g);
  }
  if (x_edge) {
    stats->Count("x in {0, 1}");
  }
  if (x_nan) {
    stats->Count("x NaN");
  }
  if (grad_special) {
    stats->Count("gradOutput inf or NaN");
  }
}

}  // namespace

std::string CheckBceCase(const BceCase& c, aclrtStream stream, ConformanceStats* stats, std::string* details) {
  const bool native = AllFloat(c);
  CountFeatures(c, native, stats);
  auto grad = MakeDeviceTensor(c.grad_output);
  auto self = MakeDeviceTensor(c.self);
  auto target = MakeDeviceTensor(c.target);
  std::unique_ptr<DeviceTensor> weight;
  if (c.has_weight) {
    weight = MakeDeviceTensor(c.weight);
  }
  auto out = MakeDeviceTensor(c.out, /*fill=*/false);
  // Only an empty out's storage is compared whole (the copy would cost large cases a pass over it).
  const std::vector<uint8_t> out_before = c.self.values.empty() ? out->Storage() : std::vector<uint8_t>();

  uint64_t workspace_size = 1;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus phase1 = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(
      grad->get(), self->get(), target->get(), c.has_weight ? weight->get() : nullptr, c.reduction, out->get(),
      &workspace_size, &executor);
  if (std::string problem = Phase1Problem(phase1, workspace_size, executor); !problem.empty()) {
    return problem;
  }
  const aclnnStatus phase2 = aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream);
  if (phase2 != 0) {
    return Phase2Problem(phase2);
  }
  const aclError sync = aclrtSynchronizeStream(stream);
  if (sync != ACL_SUCCESS) {
    return "aclrtSynchronizeStream returned " + std::to_string(sync) + ": " + TakeErrorMessage() + "\n";
  }
  if (c.self.values.empty()) {
    return out->Storage() == out_before ? "" : "an empty out's storage changed\n";
  }
  std::string report;
  if (!out->OutsideViewUntouched()) {
    report += "bytes outside out's view changed\n";
  }
  const std::vector<double> got = out->Read();
  const std::vector<double> reference = BceReference(c);
  const std::string shape = (native ? std::string("FLOAT") : std::string("mixed/16-bit")) + "->" +
                            DtypeText(c.out.dtype) + " " + ReductionName(c.reduction);
  const CompareResult vs_reference =
      CompareElements("vs fp64 reference", c.out.dtype, got, reference,
                      std::vector<int64_t>(got.size(), ReferenceBound(c)));
  stats->RecordUlps("vs fp64 reference, " + shape, vs_reference.max_ulps);
  report += vs_reference.mismatches;
  std::vector<double> torch_out;
  try {
    torch_out = RunTorch(c, ACL_FLOAT);
  } catch (const std::exception& e) {
    return report + "PyTorch failed: " + e.what() + "\n";
  }
  const std::string torch_label = native ? "vs PyTorch" : "vs PyTorch in float";
  const CompareResult vs_torch = CompareElements(torch_label, c.out.dtype, got, torch_out,
                                                 std::vector<int64_t>(got.size(), TorchBound(c)));
  stats->RecordUlps(torch_label + ", " + shape, vs_torch.max_ulps);
  if (details != nullptr) {
    *details += "  ours:           " + ValuesText(got) + "\n  PyTorch:        " + ValuesText(torch_out) +
                "\n  fp64 reference: " + ValuesText(reference) + "\n";
  }
  return report + vs_torch.mismatches;
}

}  // namespace openaclnn::test
