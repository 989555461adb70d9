// Differential conformance of every registered pointwise loss (tests/support/pointwise_registry.h), forward and
// backward, against PyTorch 1.13 and the fp64 reference, over seeded random cases (pointwise_case.h). The seed is
// printed; OPENACLNN_CONFORMANCE_SEED / _CASE replay any case (docs/TESTING.md). An operator added to the
// registry must add its PyTorch counterpart to TorchSides() below, or this test fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "conformance_loop.h"
#include "conformance_text.h"
#include "launch_report.h"
#include "openaclnn/openaclnn.h"
#include "pointwise_call.h"
#include "pointwise_case.h"
#include "pointwise_registry.h"
#include "reduced_compare.h"
#include "tensor_spec.h"
#include "test_numeric.h"
#include "torch_reference.h"
#include "ulp_compare.h"

namespace openaclnn::test {
namespace {

// PyTorch's side of one registered operator, and how far from it our backward may be, in ulps of out's type,
// for none and sum, and for mean.
struct TorchSide {
  std::vector<double> (*forward)(const TorchOperand& self, const TorchOperand& target, int64_t reduction,
                                 double beta);
  std::vector<double> (*backward)(const TorchOperand& grad, const TorchOperand& self, const TorchOperand& target,
                                  int64_t reduction, double beta, aclDataType out_dtype);
  int64_t backward_ulps;
  int64_t backward_mean_ulps;
  // PyTorch's own gradient computed in float, where `backward` is not (soft margin's runs in double); null: the
  // float operands given to `backward` already make it so.
  std::vector<double> (*backward_in_float)(const TorchOperand& grad, const TorchOperand& self,
                                           const TorchOperand& target, int64_t reduction, double beta,
                                           aclDataType out_dtype) = nullptr;
};

// The PyTorch functions without beta, in TorchSide's shape.
template <std::vector<double> (*kForward)(const TorchOperand&, const TorchOperand&, int64_t)>
std::vector<double> ForwardWithoutBeta(const TorchOperand& self, const TorchOperand& target, int64_t reduction,
                                       double) {
  return kForward(self, target, reduction);
}
template <std::vector<double> (*kBackward)(const TorchOperand&, const TorchOperand&, const TorchOperand&, int64_t,
                                           aclDataType)>
std::vector<double> BackwardWithoutBeta(const TorchOperand& grad, const TorchOperand& self,
                                        const TorchOperand& target, int64_t reduction, double,
                                        aclDataType out_dtype) {
  return kBackward(grad, self, target, reduction, out_dtype);
}

// PyTorch's soft margin gradient, computed by PyTorch in double: in float its z = -y x is rounded before exp, an
// error of |y x| / 2 ulps in exp(z), and y * exp(z) overflows long before the quotient would. Where double's exp(z)
// overflows or underflows too (|y x| > 600) PyTorch's inf / inf is NaN whatever the limit, and the element takes
// the reference's value (compared with ours by the reference check).
std::vector<double> TorchSoftMarginBackward(const TorchOperand& grad, const TorchOperand& self,
                                            const TorchOperand& target, int64_t reduction, double,
                                            aclDataType out_dtype) {
  std::vector<double> torch = TorchSoftMarginLossBackward({grad.spec, ACL_DOUBLE}, {self.spec, ACL_DOUBLE},
                                                         {target.spec, ACL_DOUBLE}, reduction, out_dtype);
  const std::vector<int64_t>& shape = self.spec->dims;
  const double n = static_cast<double>(Numel(shape));
  const auto soft_margin = std::find_if(PointwiseLosses().begin(), PointwiseLosses().end(),
                                        [](const PointwiseLoss& loss) { return loss.name == "SoftMarginLoss"; });
  for (size_t i = 0; i < torch.size(); ++i) {
    const auto index = static_cast<int64_t>(i);
    const double x = self.spec->values[static_cast<size_t>(BroadcastIndex(shape, shape, index))];
    const double y = target.spec->values[static_cast<size_t>(BroadcastIndex(target.spec->dims, shape, index))];
    const double g = grad.spec->values[static_cast<size_t>(BroadcastIndex(grad.spec->dims, shape, index))];
    if (std::fabs(y * x) > 600.0) {
      torch[i] = RoundTo(out_dtype, soft_margin->derivative(x, y, 0.0) * g * (reduction == 1 ? 1.0 / n : 1.0));
    }
  }
  return torch;
}

const std::map<std::string, TorchSide>& TorchSides() {
  // MSE: PyTorch computes alpha * (x - y) * g in float with alpha = (2 or 2 / N) rounded to float, the same
  // operations in the same order as ours: bit-identical. L1: autograd divides g by N (one rounding) where we
  // multiply by 1 / N rounded (two): at most 2 ulps apart for mean, identical otherwise. Where self or target is
  // NaN, PyTorch's sign (sgn) is 0 like CANN's comparison, so NaN cases are compared too.
  static const std::map<std::string, TorchSide> kSides = {
      {"MseLoss", {ForwardWithoutBeta<TorchMseLoss>, BackwardWithoutBeta<TorchMseLossBackward>, 0, 0}},
      {"L1Loss", {ForwardWithoutBeta<TorchL1Loss>, BackwardWithoutBeta<TorchL1LossBackward>, 0, 2}},
      {"MseLossOut", {ForwardWithoutBeta<TorchMseLossOverDim0>, nullptr, 0, 0}},
      // Smooth L1: PyTorch's norm * d * g / beta against our ((d / beta) * g) * s in the quadratic part.
      {"SmoothL1Loss", {TorchSmoothL1Loss, TorchSmoothL1LossBackward, 3, 4}},
      // Soft margin: PyTorch's ((y * exp(-y x)) * -norm) / (1 + exp(-y x)) * g in double, rounded once, against
      // our gradient in float (the registry's bound: 4 ulps, 5 for mean, whose 1 / N is rounded to float;
      // TorchSoftMarginBackward). The forward's PyTorch side is its stable softplus where its log(1 + exp) fails
      // (TorchSoftMarginLoss).
      {"SoftMarginLoss", {ForwardWithoutBeta<TorchSoftMarginLoss>, TorchSoftMarginBackward, 4, 5,
                          BackwardWithoutBeta<TorchSoftMarginLossBackward>}},
  };
  return kSides;
}

std::vector<double> Rounded(aclDataType dtype, std::vector<double> values) {
  for (double& value : values) {
    value = RoundTo(dtype, value);
  }
  return values;
}

bool IsFloating(aclDataType dtype) {
  return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16 || dtype == ACL_DOUBLE;
}

void CountFeatures(const PointwiseCase& c, ConformanceStats* stats) {
  stats->Count(std::string("reduction ") + ReductionName(c.reduction));
  stats->Count("self rank " + std::to_string(c.self.dims.size()));
  stats->Count("self " + DtypeText(c.self.dtype) + " -> out " + DtypeText(c.out.dtype));
  if (c.self.values.empty()) {
    stats->Count("empty self");
  }
  if (c.has_nan) {
    stats->Count("NaN input");
  }
  if (c.self.dtype != c.target.dtype) {
    stats->Count("mixed input types");
  }
  for (const TensorSpec* input : {&c.self, &c.target, &c.grad_output}) {
    if ((input != &c.grad_output || c.backward) && !IsFloating(input->dtype)) {
      stats->Count("integer input");
    }
  }
  for (const TensorSpec* input : {&c.self, &c.target, &c.grad_output}) {
    if (input == &c.grad_output && !c.backward) {
      continue;
    }
    if (input->dims != c.self.dims) {
      stats->Count("broadcast input shape");
    }
    if (HasBroadcastStride(*input)) {
      stats->Count("zero-stride (broadcast) input");
    }
    if (IsStrided(*input)) {
      stats->Count("strided or offset input");
    }
  }
  if (IsStrided(c.out)) {
    stats->Count("strided or offset out");
  }
}

// Both sides add the same double terms (each within one double rounding of exact): ours with LibrarySumSteps
// additions on a term's path, the reference's compensated sum within 2 roundings, PyTorch in an order of its own
// (n - 1); the mean adds one double division on each side.
double ReducedTolerance(const PointwiseCase& c, double magnitude, double other_steps, double other_value) {
  const auto n = static_cast<double>(Numel(c.self.dims));
  const double sum_error =
      ((LibrarySumSteps(static_cast<int64_t>(n)) + other_steps + 2.0) * kDoubleUnit + c.loss->forward_term_error) *
      magnitude;
  return c.reduction == 2 ? sum_error : sum_error / n + 2.0 * kDoubleUnit * std::fabs(other_value);
}

// Mean or sum over dim 0: each column is a sum of `rows` terms in row order on our side (exact within rows - 1
// double roundings), compensated in the reference, in PyTorch's own order.
std::string CheckOverDim0(const PointwiseCase& c, const std::vector<double>& terms, const std::vector<double>& reference,
                          const std::vector<double>& torch, const std::vector<double>& got, const std::string& label,
                          ConformanceStats* stats) {
  if (got.size() != reference.size() || got.size() != torch.size()) {
    return "  " + std::to_string(got.size()) + " columns, reference " + std::to_string(reference.size()) +
           ", PyTorch " + std::to_string(torch.size()) + "\n";
  }
  const int64_t rows = c.self.dims.empty() ? 1 : c.self.dims[0];
  const auto columns = static_cast<int64_t>(got.size());
  std::string problems;
  int64_t worst_reference = 0;
  int64_t worst_torch = 0;
  for (int64_t j = 0; j < columns; ++j) {
    double magnitude = 0;
    for (int64_t i = 0; i < rows; ++i) {
      magnitude += std::fabs(terms[static_cast<size_t>(i * columns + j)]);
    }
    const double steps = static_cast<double>(rows) + 2.0;
    auto tolerance = [&](double value) {
      const double sum_error = 2.0 * steps * kDoubleUnit * magnitude;
      return c.reduction == 2 ? sum_error
                              : sum_error / static_cast<double>(rows) + 2.0 * kDoubleUnit * std::fabs(value);
    };
    const size_t k = static_cast<size_t>(j);
    const std::string column = " column " + std::to_string(j);
    const CompareResult by_reference =
        CompareReduced("reference" + column, c.out.dtype, got[k], reference[k], tolerance(reference[k]));
    const CompareResult by_torch = CompareReduced("PyTorch" + column, c.out.dtype, got[k], torch[k], tolerance(torch[k]));
    worst_reference = std::max(worst_reference, by_reference.max_ulps);
    worst_torch = std::max(worst_torch, by_torch.max_ulps);
    problems += by_reference.mismatches + by_torch.mismatches;
  }
  stats->RecordUlps("reference, " + label, worst_reference);
  stats->RecordUlps("PyTorch, " + label, worst_torch);
  return problems;
}

// DECISIONS 18's comparison with PyTorch's own accuracy, on the cases whose operands and out are all FLOAT:
// our largest distance from the float64 reference (rounded once) beside PyTorch 1.13's own, computed in float on
// the same cases, under "accuracy, ours, <label>" and "accuracy, PyTorch, <label>"; the test then requires ours to
// exceed PyTorch's by at most 1 ulp (ExpectAccuracyBesidePyTorch).
bool AllFloat(const PointwiseCase& c) {
  return c.self.dtype == ACL_FLOAT && c.target.dtype == ACL_FLOAT && c.out.dtype == ACL_FLOAT &&
         (!c.backward || c.grad_output.dtype == ACL_FLOAT);
}

void RecordAccuracy(const std::string& label, int64_t ours, const std::vector<double>& torch_in_float,
                    const std::vector<double>& reference, ConformanceStats* stats) {
  const CompareResult torch = CompareElements("PyTorch in float", ACL_FLOAT, torch_in_float,
                                              Rounded(ACL_FLOAT, reference),
                                              std::vector<int64_t>(reference.size(), INT64_MAX));
  stats->RecordUlps("accuracy, ours, " + label, ours);
  stats->RecordUlps("accuracy, PyTorch, " + label, torch.max_ulps);
}

std::string CheckForward(const PointwiseCase& c, const TorchSide& side, const DeviceTensor& self,
                         const DeviceTensor& target, const std::vector<double>& got, ConformanceStats* stats) {
  const std::vector<double> terms = ForwardReference(*c.loss, self, target, 0, c.beta);
  const std::vector<double> reference = ForwardReference(*c.loss, self, target, c.reduction, c.beta);
  const std::vector<double> torch =
      side.forward({&c.self, ACL_DOUBLE}, {&c.target, ACL_DOUBLE}, c.reduction, static_cast<double>(c.beta));
  const std::string label = DtypeText(c.self.dtype) + "->" + DtypeText(c.out.dtype) + " " +
                            ReductionName(c.reduction);
  std::string problems;
  if (c.reduction == 0) {
    // Every side evaluates the term in double from the same values and rounds once: identical (or within the
    // registry's bound, for terms through exp and log1p).
    const std::vector<int64_t> bounds(got.size(), static_cast<int64_t>(c.loss->forward_none_ulps));
    const CompareResult by_reference =
        CompareElements("reference", c.out.dtype, got, Rounded(c.out.dtype, reference), bounds);
    const CompareResult by_torch = CompareElements("PyTorch", c.out.dtype, got, Rounded(c.out.dtype, torch), bounds);
    stats->RecordUlps("reference, " + label, by_reference.max_ulps);
    stats->RecordUlps("PyTorch, " + label, by_torch.max_ulps);
    problems += by_reference.mismatches + by_torch.mismatches;
    if (AllFloat(c)) {
      RecordAccuracy(label, by_reference.max_ulps,
                     side.forward({&c.self, ACL_FLOAT}, {&c.target, ACL_FLOAT}, 0, static_cast<double>(c.beta)),
                     reference, stats);
    }
    return problems;
  }
  if (c.loss->forward_reduction == ForwardReduction::kDim0) {
    return CheckOverDim0(c, terms, reference, torch, got, label, stats);
  }
  double magnitude = 0;
  for (double term : terms) {
    magnitude += std::fabs(term);
  }
  if (got.size() != 1 || torch.size() != 1) {
    return "  a reduced out with " + std::to_string(got.size()) + " values (PyTorch " + std::to_string(torch.size()) +
           ")\n";
  }
  const double n = static_cast<double>(terms.size());
  const CompareResult by_reference = CompareReduced("reference", c.out.dtype, got[0], reference[0],
                                                    ReducedTolerance(c, magnitude, 2.0, reference[0]));
  const CompareResult by_torch =
      CompareReduced("PyTorch", c.out.dtype, got[0], torch[0], ReducedTolerance(c, magnitude, n, torch[0]));
  stats->RecordUlps("reference, " + label, by_reference.max_ulps);
  stats->RecordUlps("PyTorch, " + label, by_torch.max_ulps);
  return by_reference.mismatches + by_torch.mismatches;
}

std::string CheckBackward(const PointwiseCase& c, const TorchSide& side, const DeviceTensor& grad,
                          const DeviceTensor& self, const DeviceTensor& target, const std::vector<double>& got,
                          ConformanceStats* stats) {
  const std::string label = DtypeText(c.self.dtype) + "->" + DtypeText(c.out.dtype) + " " +
                            ReductionName(c.reduction);
  const bool mean = c.reduction == 1;
  const double float_ulps = mean ? c.loss->backward_mean_float_ulps : c.loss->backward_float_ulps;
  const std::vector<int64_t> reference_bounds(
      got.size(), c.out.dtype == ACL_FLOAT ? static_cast<int64_t>(float_ulps) : 1);
  const std::vector<double> reference = BackwardReference(*c.loss, grad, self, target, c.reduction, c.beta);
  const CompareResult by_reference =
      CompareElements("reference", c.out.dtype, got, Rounded(c.out.dtype, reference), reference_bounds);
  stats->RecordUlps("reference, " + label, by_reference.max_ulps);
  const std::string problems = by_reference.mismatches;
  // PyTorch computes in float (every value is exact there) and rounds once to out's type, like us.
  const std::vector<double> torch = side.backward({&c.grad_output, ACL_FLOAT}, {&c.self, ACL_FLOAT},
                                                  {&c.target, ACL_FLOAT}, c.reduction,
                                                  static_cast<double>(c.beta), c.out.dtype);
  if (AllFloat(c)) {
    RecordAccuracy(label, by_reference.max_ulps,
                   side.backward_in_float == nullptr
                       ? torch
                       : side.backward_in_float({&c.grad_output, ACL_FLOAT}, {&c.self, ACL_FLOAT},
                                                {&c.target, ACL_FLOAT}, c.reduction, static_cast<double>(c.beta),
                                                c.out.dtype),
                   reference, stats);
  }
  const int64_t torch_ulps = mean ? side.backward_mean_ulps : side.backward_ulps;
  const CompareResult by_torch =
      CompareElements("PyTorch", c.out.dtype, got, torch, std::vector<int64_t>(got.size(), torch_ulps));
  stats->RecordUlps("PyTorch, " + label, by_torch.max_ulps);
  return problems + by_torch.mismatches;
}

std::string CheckPointwiseCase(const PointwiseCase& c, aclrtStream stream, ConformanceStats* stats,
                               std::string* details) {
  const auto found = TorchSides().find(c.loss->name);
  if (found == TorchSides().end()) {
    return "  no PyTorch counterpart registered for " + c.loss->name + "\n";
  }
  CountFeatures(c, stats);
  const std::unique_ptr<DeviceTensor> grad = MakeDeviceTensor(c.grad_output);
  const std::unique_ptr<DeviceTensor> self = MakeDeviceTensor(c.self);
  const std::unique_ptr<DeviceTensor> target = MakeDeviceTensor(c.target);
  const std::unique_ptr<DeviceTensor> out = MakeDeviceTensor(c.out, /*fill=*/false);
  const int code = c.backward ? CallBackward(*c.loss, *grad, *self, *target, c.reduction, *out, stream, c.beta)
                              : CallForward(*c.loss, *self, *target, c.reduction, *out, stream, c.beta);
  std::string problems;
  if (code != 0) {
    // Strict mode (every other case): a reduced value beyond out's type, stored as infinity, fails the
    // synchronisation (DECISIONS 14, 15); by default it succeeds, which the comparisons below check.
    const std::string message = TakeErrorMessage();
    const std::vector<double> stored = out->Read();
    const bool reduced_overflow = !c.backward && c.reduction != 0 && openaclnnGetStrictMode() == 1 &&
                                  code == ACL_ERROR_RT_AICORE_OVER_FLOW &&
                                  std::any_of(stored.begin(), stored.end(), [](double v) { return std::isinf(v); }) &&
                                  message.find("beyond the range of") != std::string::npos;
    if (!reduced_overflow) {
      return "  the call returned " + std::to_string(code) + ": " + message + "\n";
    }
    stats->Count("reduced value beyond out's type (reported, strict mode)");
  }
  if (!out->OutsideViewUntouched()) {
    problems += "  memory around out's elements was written\n";
  }
  const bool empty = Numel(c.self.dims) == 0 || Numel(c.target.dims) == 0;
  if (empty && !c.backward && c.reduction != 0 && c.loss->forward_reduction == ForwardReduction::kDim0) {
    // Over dim 0 an empty input writes nothing, not even out's own elements.
    for (uint8_t byte : out->Storage()) {
      if (byte != kSentinelByte) {
        return problems + "  an empty input wrote into out\n";
      }
    }
    return problems;
  }
  const std::vector<double> got = out->Read();
  problems += c.backward ? CheckBackward(c, found->second, *grad, *self, *target, got, stats)
                         : CheckForward(c, found->second, *self, *target, got, stats);
  if (details != nullptr) {
    *details += "  ours: " + ValuesText(got) + "\n";
  }
  return problems;
}

class PointwiseConformanceTest : public ::testing::TestWithParam<std::pair<PointwiseLoss, bool>> {};

// DECISIONS 18: per reduction, our largest error in FLOAT may exceed PyTorch 1.13's own on the same cases by at most
// 1 ulp (RecordAccuracy).
void ExpectAccuracyBesidePyTorch(const ConformanceStats& stats) {
  for (const char* reduction : {"none", "mean", "sum"}) {
    const std::string label = std::string("FLOAT->FLOAT ") + reduction;
    const int64_t ours = stats.MaxUlpsOf("accuracy, ours, " + label);
    const int64_t torch = stats.MaxUlpsOf("accuracy, PyTorch, " + label);
    EXPECT_LE(static_cast<double>(ours), static_cast<double>(torch) + 1.0)
        << label << ": ours " << ours << " ulps from float64, PyTorch's own " << torch;
  }
}

TEST_P(PointwiseConformanceTest, MatchesPyTorchAndReference) {
  const PointwiseLoss& loss = GetParam().first;
  const bool backward = GetParam().second;
  CaseKind<PointwiseCase> kind;
  kind.op = "aclnn" + loss.name + (backward ? "Backward" : "");
  kind.huge_cases = backward;  // Only the gradients are written with streaming stores.
  kind.make = [&loss, backward](uint64_t seed, int64_t index, CaseScale scale) {
    return MakePointwiseCase(loss, backward, seed, index, scale);
  };
  kind.describe = DescribePointwiseCase;
  kind.check = CheckPointwiseCase;
  const LoopResult result = RunConformanceCases(kind);
  ExpectScalesReached(result, kind.huge_cases);
  ExpectAccuracyBesidePyTorch(result.stats);
  if (result.run.case_count < 2000) {
    return;
  }
  for (const char* feature : {"reduction none", "reduction mean", "reduction sum", "empty self", "self rank 0",
                              "self rank 4", "NaN input", "broadcast input shape", "zero-stride (broadcast) input",
                              "strided or offset input", "strided or offset out", "self FLOAT16 -> out BF16"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
  if (!(backward && loss.backward_same_types)) {
    EXPECT_GT(result.stats.CountOf("mixed input types"), 0);
  }
  if (loss.casts_integer_inputs) {
    EXPECT_GT(result.stats.CountOf("integer input"), 0);
  }
}

std::vector<std::pair<PointwiseLoss, bool>> AllDirections() {
  std::vector<std::pair<PointwiseLoss, bool>> directions;
  for (const PointwiseLoss& loss : PointwiseLosses()) {
    directions.emplace_back(loss, false);
    if (loss.backward_phase1 != nullptr) {
      directions.emplace_back(loss, true);
    }
  }
  return directions;
}

INSTANTIATE_TEST_SUITE_P(Registered, PointwiseConformanceTest, ::testing::ValuesIn(AllDirections()),
                         [](const ::testing::TestParamInfo<std::pair<PointwiseLoss, bool>>& param_info) {
                           return param_info.param.first.name + (param_info.param.second ? "Backward" : "");
                         });

}  // namespace
}  // namespace openaclnn::test
