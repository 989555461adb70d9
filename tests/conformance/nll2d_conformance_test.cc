// Differential conformance of aclnnNLLLoss2d and aclnnNLLLoss2dBackward against PyTorch 1.13 (nll_loss2d_forward
// in double, nll_loss2d_backward in float) and the float64 reference of tests/nll_loss2d, over seeded random
// cases: each case runs the forward and then the backward on the same (N, C, H, W) map. Data types, target types,
// reductions, ignoreIndex (inside and outside [0, C), negative), layouts (offsets, padded, transposed, permuted,
// zero strides), empty maps and targets outside [0, C) in the default and in strict mode. The seed is printed;
// OPENACLNN_CONFORMANCE_SEED / _CASE replay any case (docs/TESTING.md).
#include <gtest/gtest.h>

#include <cmath>
#include <exception>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "acl/error_codes/rt_error_codes.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "case_rng.h"
#include "conformance_loop.h"
#include "conformance_text.h"
#include "launch_report.h"
#include "nll_loss2d_reference.h"
#include "openaclnn/openaclnn.h"
#include "tensor_spec.h"
#include "test_numeric.h"
#include "torch_reference.h"
#include "ulp_compare.h"

namespace openaclnn::test {
namespace {

struct Nll2dCase {
  TensorSpec self, target, weight, out, total_weight_out, grad, grad_input;
  int64_t reduction = 0;
  int64_t ignore_index = -100;
  bool bad_target = false;  // Some target is outside [0, C) and not ignoreIndex.
};

double Rounded(CaseRng& rng, aclDataType dtype, double low, double high) {
  return RoundTo(dtype, rng.Real(low, high));
}

void FillInput(CaseRng& rng, TensorSpec* spec, double low, double high) {
  spec->values.clear();
  int64_t count = 1;
  for (int64_t d : spec->dims) count *= d;
  for (int64_t i = 0; i < count; ++i) spec->values.push_back(Rounded(rng, spec->dtype, low, high));
  spec->layout = RandomInputLayout(rng, spec->dims);
  RepeatValuesAlongZeroStrides(spec);
}

Nll2dCase MakeCase(uint64_t seed, int64_t index, CaseScale scale) {
  CaseRng rng(seed, index);
  Nll2dCase c;
  const aclDataType dtype = rng.Pick(std::vector<aclDataType>{ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const aclDataType target_dtype = rng.Pick(std::vector<aclDataType>{ACL_INT64, ACL_INT32, ACL_UINT8});
  const int64_t big = scale == CaseScale::kSmall ? 5 : 40;
  const bool empty = rng.Chance(0.04);
  const int64_t n = empty && rng.Chance(0.5) ? 0 : rng.Int(1, 3);
  const int64_t classes = rng.Int(1, 7);
  const int64_t h = empty && n != 0 ? 0 : rng.Int(1, big);
  const int64_t w = rng.Int(1, big);
  c.reduction = rng.Int(0, 2);
  const int64_t hit_class = rng.Int(0, classes - 1);
  c.ignore_index = rng.Pick(std::vector<int64_t>{-100, -1, hit_class, classes + 2});
  c.self.dims = {n, classes, h, w};
  c.self.dtype = dtype;
  FillInput(rng, &c.self, -6.0, 0.0);
  c.weight.dims = {classes};
  c.weight.dtype = dtype;
  FillInput(rng, &c.weight, 0.05, 2.0);
  c.target.dims = {n, h, w};
  c.target.dtype = target_dtype;
  const bool ignore_storable = target_dtype != ACL_UINT8 || (c.ignore_index >= 0 && c.ignore_index < 256);
  const bool with_bad = rng.Chance(0.06);
  const int64_t positions = n * h * w;
  c.target.values.clear();
  for (int64_t p = 0; p < positions; ++p) {
    double t = static_cast<double>(rng.Int(0, classes - 1));
    if (ignore_storable && rng.Chance(0.15)) t = static_cast<double>(c.ignore_index);
    if (with_bad && rng.Chance(0.2)) {
      t = static_cast<double>(target_dtype == ACL_UINT8 ? classes + rng.Int(0, 3)
                                                       : rng.Pick(std::vector<int64_t>{classes, -2, 1000}));
    }
    c.target.values.push_back(t);
  }
  c.target.layout = RandomInputLayout(rng, c.target.dims);
  RepeatValuesAlongZeroStrides(&c.target);
  // A zero stride repeats one value along a dimension: decide on the values as the views show them.
  for (double t : c.target.values) {
    const auto stored = static_cast<int64_t>(t);
    if (stored != c.ignore_index && (stored < 0 || stored >= classes)) c.bad_target = true;
  }
  const bool none = c.reduction == 0;
  c.out.dims = none ? c.target.dims : std::vector<int64_t>{};
  c.out.dtype = rng.Pick(std::vector<aclDataType>{dtype, ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  c.out.layout = none ? RandomOutputLayout(rng, c.out.dims) : Layout{};
  c.total_weight_out.dims = {1};
  c.total_weight_out.dtype = ACL_FLOAT;
  c.grad.dims = none ? c.target.dims : std::vector<int64_t>{1};
  c.grad.dtype = dtype;
  FillInput(rng, &c.grad, -2.0, 2.0);
  c.grad_input.dims = c.self.dims;
  c.grad_input.dtype = dtype;
  c.grad_input.layout = RandomOutputLayout(rng, c.grad_input.dims);
  return c;
}

std::string Describe(const Nll2dCase& c, bool with_values) {
  std::ostringstream text;
  text << "reduction " << ReductionName(c.reduction) << ", ignoreIndex " << c.ignore_index
       << (c.bad_target ? ", a target outside [0, C)" : "") << "\n";
  const std::vector<std::pair<const char*, const TensorSpec*>> tensors = {
      {"self", &c.self}, {"target", &c.target}, {"weight", &c.weight},
      {"out", &c.out},   {"gradOutput", &c.grad}, {"gradInput", &c.grad_input}};
  for (const auto& [name, spec] : tensors) {
    text << DescribeTensor(name, *spec, with_values) << "\n";
  }
  return text.str();
}

Nll2dInputs InputsOf(const Nll2dCase& c) {
  Nll2dInputs in;
  in.n = c.self.dims[0];
  in.c = c.self.dims[1];
  in.h = c.self.dims[2];
  in.w = c.self.dims[3];
  in.self = c.self.values;
  in.weight = c.weight.values;
  for (double t : c.target.values) in.target.push_back(static_cast<int64_t>(t));
  in.ignore_index = c.ignore_index;
  return in;
}

// "" when `got` is within `ulps` of `expected` (as stored in dtype) everywhere.
std::string CompareAll(const std::string& what, aclDataType dtype, const std::vector<double>& got,
                       const std::vector<double>& expected, int64_t ulps) {
  if (got.size() != expected.size()) return what + ": sizes differ\n";
  for (size_t i = 0; i < got.size(); ++i) {
    const double stored = RoundTo(dtype, expected[i]);
    if (UlpsBetween(dtype, got[i], stored) > ulps) {
      std::ostringstream text;
      text.precision(17);
      text << what << "[" << i << "] = " << got[i] << ", expected " << stored << " (within " << ulps << " ulp)\n";
      return text.str();
    }
  }
  return "";
}

// The synchronisation must succeed by default and fail in strict mode when a target is bad.
std::string CheckSync(aclError sync, const Nll2dCase& c, const char* op) {
  const bool strict = openaclnnGetStrictMode() == 1;
  const aclError expected = strict && c.bad_target ? ACL_ERROR_RT_AICORE_EXCEPTION : ACL_SUCCESS;
  if (sync != expected) {
    return std::string(op) + ": synchronisation returned " + std::to_string(sync) + ", expected " +
           std::to_string(expected) + ": " + TakeErrorMessage() + "\n";
  }
  if (sync != ACL_SUCCESS) {
    const std::string message = TakeErrorMessage();
    if (message.find(std::string(op) + ": target[") == std::string::npos) {
      return std::string(op) + ": strict-mode message does not name the target: " + message + "\n";
    }
  }
  return "";
}

std::string Check(const Nll2dCase& c, aclrtStream stream, ConformanceStats* stats, std::string* details) {
  stats->Count("self " + DtypeText(c.self.dtype) + ", target " + DtypeText(c.target.dtype));
  stats->Count(std::string("reduction ") + ReductionName(c.reduction));
  if (c.self.values.empty()) stats->Count("empty map");
  if (c.bad_target) stats->Count(openaclnnGetStrictMode() == 1 ? "bad target, strict" : "bad target, default");
  if (IsStrided(c.self) || IsStrided(c.target) || IsStrided(c.grad_input)) stats->Count("strided or offset");
  if (HasBroadcastStride(c.self) || HasBroadcastStride(c.target)) stats->Count("zero-stride input");

  const Nll2dInputs inputs = InputsOf(c);
  const Nll2dForwardResult ref = Nll2dForward(inputs);
  std::unique_ptr<DeviceTensor> self = MakeDeviceTensor(c.self), target = MakeDeviceTensor(c.target),
                                weight = MakeDeviceTensor(c.weight), out = MakeDeviceTensor(c.out, false),
                                total = MakeDeviceTensor(c.total_weight_out, false),
                                grad = MakeDeviceTensor(c.grad), grad_input = MakeDeviceTensor(c.grad_input, false);
  std::string report;
  // Forward.
  uint64_t workspace = 1;
  aclOpExecutor* executor = nullptr;
  aclnnStatus status = aclnnNLLLoss2dGetWorkspaceSize(self->get(), target->get(), weight->get(), c.reduction,
                                                      c.ignore_index, out->get(), total->get(), &workspace,
                                                      &executor);
  if (std::string problem = Phase1Problem(status, workspace, executor); !problem.empty()) return problem;
  status = aclnnNLLLoss2d(nullptr, 0, executor, stream);
  if (status != 0) return Phase2Problem(status);
  report += CheckSync(aclrtSynchronizeStream(stream), c, "aclnnNLLLoss2d");
  const bool ran = openaclnnGetStrictMode() != 1 || !c.bad_target;
  std::vector<double> expected_out = ref.none;
  if (c.reduction != 0) expected_out = {c.reduction == 1 ? ref.sum / ref.total_weight : ref.sum};
  if (ran) {
    const std::vector<double> got = out->Read();
    report += CompareAll("out vs reference", c.out.dtype, got, expected_out, c.reduction == 0 ? 0 : 1);
    if (c.reduction != 0) {
      report += CompareAll("totalWeightOut vs reference", ACL_FLOAT, total->Read(), {ref.total_weight}, 1);
    }
    // PyTorch raises on a bad target (and on C = 0 with positions): the reference is then the only oracle.
    if (!c.bad_target) {
      try {
        const TorchNllForward torch =
            TorchNllLoss2dForward({&c.self, ACL_DOUBLE}, {&c.target, ACL_INT64}, {&c.weight, ACL_DOUBLE}, c.reduction,
                                  c.ignore_index);
        report += CompareAll("out vs PyTorch", c.out.dtype, got, torch.output, c.reduction == 0 ? 0 : 1);
        stats->Count("oracle: PyTorch and the reference");
      } catch (const std::exception&) {
        stats->Count("oracle: the reference (PyTorch refused the case)");
      }
    }
  }
  if (!out->OutsideViewUntouched()) report += "out: storage outside the view changed\n";
  if (details != nullptr) {
    TensorSpec library_out = c.out;
    library_out.values = out->Read();
    *details += DescribeTensor("library out", library_out, true) + "\n";
  }

  // Backward, with the reference's total weight for mean (as a training step passes the forward's).
  const double given_total = ref.total_weight > 0 ? ref.total_weight : 1.0;
  TensorSpec total_weight;
  total_weight.dims = {1};
  total_weight.dtype = c.self.dtype;
  total_weight.values = {RoundTo(c.self.dtype, given_total)};
  std::unique_ptr<DeviceTensor> total_in = MakeDeviceTensor(total_weight);
  status = aclnnNLLLoss2dBackwardGetWorkspaceSize(grad->get(), self->get(), target->get(), weight->get(), c.reduction,
                                                  c.ignore_index, total_in->get(), grad_input->get(), &workspace,
                                                  &executor);
  if (std::string problem = Phase1Problem(status, workspace, executor); !problem.empty()) return report + problem;
  if (executor == nullptr) return report;
  status = aclnnNLLLoss2dBackward(nullptr, 0, executor, stream);
  if (status != 0) return report + Phase2Problem(status);
  report += CheckSync(aclrtSynchronizeStream(stream), c, "aclnnNLLLoss2dBackward");
  if (ran) {
    const std::vector<double> got = grad_input->Read();
    const std::vector<double> expected =
        Nll2dBackward(inputs, c.grad.values, c.reduction, total_weight.values[0]);
    report += CompareAll("gradInput vs reference", c.self.dtype, got, expected, c.reduction == 1 ? 2 : 1);
    if (!c.bad_target && !c.self.values.empty()) {
      try {
        // In float: the library computes every element in float and rounds once, as PyTorch's float path does.
        const std::vector<double> torch = TorchNllLoss2dBackward(
            {&c.grad, ACL_FLOAT}, {&c.self, ACL_FLOAT}, {&c.target, ACL_INT64}, {&c.weight, ACL_FLOAT}, c.reduction,
            c.ignore_index, {&total_weight, ACL_FLOAT}, c.self.dtype);
        report += CompareAll("gradInput vs PyTorch", c.self.dtype, got, torch, 0);
      } catch (const std::exception&) {
        stats->Count("backward oracle: the reference (PyTorch refused the case)");
      }
    }
  }
  if (!grad_input->OutsideViewUntouched()) report += "gradInput: storage outside the view changed\n";
  return report;
}

TEST(Nll2dConformanceTest, MatchesPyTorchAndReference) {
  CaseKind<Nll2dCase> kind;
  kind.op = "aclnnNLLLoss2d";
  kind.huge_cases = false;
  kind.make = MakeCase;
  kind.describe = Describe;
  kind.check = Check;
  const LoopResult result = RunConformanceCases(kind);
  ExpectScalesReached(result, kind.huge_cases);
  if (result.run.case_count < 2000) {
    return;
  }
  for (const char* feature : {"oracle: PyTorch and the reference", "empty map", "bad target, strict",
                              "bad target, default", "strided or offset", "zero-stride input", "reduction none",
                              "reduction mean", "reduction sum", "self BF16, target UINT8"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
}

}  // namespace
}  // namespace openaclnn::test
