// Differential conformance of aclnnL1Loss on integer inputs that promote to INT64 (docs/l1_loss.md) against
// PyTorch 1.13's at::l1_loss on the same integers (cast to INT64, as CANN casts them), over seeded random cases:
// INT64 beside INT64, INT32, INT16, INT8 or UINT8, either side; reductions none and sum (PyTorch, like CANN, has
// no integer mean); ranks 0-8 with broadcasts, transposed and padded layouts, empty tensors and INT64's limits
// (both sides wrap around modulo 2^64); out INT64 (compared exactly) or FLOAT (the exact integer rounded once, as
// PyTorch's conversion does). BOOL inputs, which CANN and this library accept, are left out: PyTorch refuses to
// subtract a bool tensor. The seed is printed; OPENACLNN_CONFORMANCE_SEED / _CASE replay any case
// (docs/TESTING.md).
#include <ATen/ATen.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_l1_loss.h"
#include "case_rng.h"
#include "case_shapes.h"
#include "conformance_loop.h"
#include "conformance_text.h"
#include "device_tensor.h"
#include "pointwise_call.h"

namespace openaclnn::test {
namespace {

struct IntOperand {
  std::vector<int64_t> dims;
  aclDataType dtype = ACL_INT64;
  int kind = 0;  // GridLayout's: 0 contiguous, 1 transposed, 2 padded with an offset.
  std::vector<int64_t> values;
};

struct L1IntCase {
  IntOperand self, target;
  int64_t reduction = 0;
  aclDataType out_dtype = ACL_INT64;
};

at::ScalarType TorchIntType(aclDataType dtype) {
  switch (dtype) {
    case ACL_INT32: return at::kInt;
    case ACL_INT16: return at::kShort;
    case ACL_INT8: return at::kChar;
    case ACL_UINT8: return at::kByte;
    default: return at::kLong;
  }
}

std::vector<int64_t> DrawIntegers(CaseRng& rng, aclDataType dtype, int64_t count) {
  const int64_t kMin = std::numeric_limits<int64_t>::min(), kMax = std::numeric_limits<int64_t>::max();
  int64_t lo = kMin, hi = kMax;
  switch (dtype) {
    case ACL_INT32: lo = std::numeric_limits<int32_t>::min(); hi = std::numeric_limits<int32_t>::max(); break;
    case ACL_INT16: lo = -32768; hi = 32767; break;
    case ACL_INT8: lo = -128; hi = 127; break;
    case ACL_UINT8: lo = 0; hi = 255; break;
    default: break;
  }
  const std::vector<int64_t> edges = {lo, hi, 0, 1, lo < 0 ? -1 : 2};
  const int64_t scale = rng.Pick(std::vector<int64_t>{100, int64_t{1} << 40, kMax});
  std::vector<int64_t> values(static_cast<size_t>(count));
  for (int64_t& v : values) {
    if (rng.Chance(0.05)) {
      v = rng.Pick(edges);
    } else {
      v = std::max(lo, std::min(hi, rng.Int(scale == kMax ? kMin : -scale, scale)));
    }
  }
  return values;
}

L1IntCase MakeCase(uint64_t seed, int64_t index, CaseScale scale) {
  CaseRng rng(seed, index);
  L1IntCase c;
  c.reduction = rng.Chance(0.5) ? 0 : 2;
  const aclDataType narrow = rng.Pick(std::vector<aclDataType>{ACL_INT64, ACL_INT32, ACL_INT16, ACL_INT8, ACL_UINT8});
  const bool narrow_self = rng.Chance(0.5);
  const std::vector<int64_t> full =
      scale == CaseScale::kSmall ? DrawSelfDims(rng) : DrawLargeDims(rng, rng.Int(270000, 300000));
  const std::vector<int64_t> other = DrawBroadcastDims(rng, full);
  const bool self_full = rng.Chance(0.5);
  c.self.dims = self_full ? full : other;
  c.target.dims = self_full ? other : full;
  c.self.dtype = narrow_self ? narrow : ACL_INT64;
  c.target.dtype = narrow_self ? ACL_INT64 : narrow;
  for (IntOperand* operand : {&c.self, &c.target}) {
    operand->kind = static_cast<int>(rng.Int(0, 2));
    operand->values = DrawIntegers(rng, operand->dtype, NumelOf(operand->dims));
  }
  c.out_dtype = rng.Chance(0.7) ? ACL_INT64 : ACL_FLOAT;
  return c;
}

std::string Describe(const L1IntCase& c, bool with_values) {
  auto text = [with_values](const std::string& name, const IntOperand& operand) {
    std::string line = "  " + name + " " + DtypeText(operand.dtype) + " " + DimsText(operand.dims) + " layout " +
                       std::to_string(operand.kind);
    if (with_values) {
      line += " values";
      for (int64_t v : operand.values) line += " " + std::to_string(v);
    }
    return line + "\n";
  };
  return "aclnnL1Loss reduction " + std::to_string(c.reduction) + " out " + DtypeText(c.out_dtype) + "\n" +
         text("self", c.self) + text("target", c.target);
}

// The operand in its own type, then cast to INT64, as CANN casts both inputs to their promoted type: PyTorch's own
// promotion would differ for a 0-D operand (an INT64 scalar tensor beside an INT16 tensor gives INT16, wrapping
// at 16 bits), which is PyTorch's rule for dimensionless tensors, not a difference in the arithmetic.
at::Tensor ToTorch(const IntOperand& operand) {
  at::Tensor values = at::empty(operand.dims, at::TensorOptions().dtype(at::kLong));
  if (!operand.values.empty()) {
    std::memcpy(values.data_ptr<int64_t>(), operand.values.data(), operand.values.size() * sizeof(int64_t));
  }
  return values.to(TorchIntType(operand.dtype)).to(at::kLong);
}

std::string Check(const L1IntCase& c, aclrtStream stream, ConformanceStats* stats, std::string* details) {
  stats->Count("reduction " + std::to_string(c.reduction));
  stats->Count("out " + DtypeText(c.out_dtype));
  stats->Count("self rank " + std::to_string(c.self.dims.size()));
  if (c.self.dims != c.target.dims) stats->Count("broadcast input shape");
  if (NumelOf(c.self.dims) == 0 || NumelOf(c.target.dims) == 0) stats->Count("empty input");
  const std::vector<int64_t> shape = BroadcastOf({c.self.dims, c.target.dims});
  DeviceTensor self(c.self.dims, c.self.dtype, GridLayout(c.self.kind, c.self.dims));
  DeviceTensor target(c.target.dims, c.target.dtype, GridLayout(c.target.kind, c.target.dims));
  DeviceTensor out(c.reduction == 0 ? shape : std::vector<int64_t>{}, c.out_dtype);
  self.FillIntegers(c.self.values);
  target.FillIntegers(c.target.values);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  int code = aclnnL1LossGetWorkspaceSize(self.get(), target.get(), c.reduction, out.get(), &size, &executor);
  if (code == 0) code = aclnnL1Loss(nullptr, size, executor, stream);
  if (code == 0) code = aclrtSynchronizeStream(stream);
  if (code != 0) {
    return "  the call returned " + std::to_string(code) + ": " + TakeErrorMessage() + "\n";
  }
  std::string problems = out.OutsideViewUntouched() ? "" : "  memory around out's elements was written\n";
  if (c.reduction == 0 && NumelOf(shape) == 0) return problems;
  const at::Tensor torch = at::l1_loss(ToTorch(c.self), ToTorch(c.target), c.reduction).contiguous();
  const std::vector<int64_t> want(torch.data_ptr<int64_t>(), torch.data_ptr<int64_t>() + torch.numel());
  if (c.out_dtype == ACL_INT64) {
    const std::vector<int64_t> got = out.ReadIntegers();
    if (details != nullptr) {
      *details += "  ours:";
      for (int64_t v : got) *details += " " + std::to_string(v);
      *details += "\n";
    }
    for (size_t i = 0; i < got.size(); ++i) {
      if (got[i] != want[i]) {
        return problems + "  element " + std::to_string(i) + ": ours " + std::to_string(got[i]) + ", PyTorch " +
               std::to_string(want[i]) + "\n";
      }
    }
    return problems;
  }
  const at::Tensor rounded = torch.to(at::kFloat).to(at::kDouble).contiguous();
  const std::vector<double> got = out.Read();
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != rounded.data_ptr<double>()[i]) {
      return problems + "  element " + std::to_string(i) + ": ours " + std::to_string(got[i]) + ", PyTorch " +
             std::to_string(rounded.data_ptr<double>()[i]) + " (FLOAT of " + std::to_string(want[i]) + ")\n";
    }
  }
  return problems;
}

TEST(L1LossInt64ConformanceTest, MatchesPyTorch) {
  CaseKind<L1IntCase> kind;
  kind.op = "aclnnL1Loss (INT64)";
  kind.make = MakeCase;
  kind.describe = Describe;
  kind.check = Check;
  const LoopResult result = RunConformanceCases(kind);
  ExpectScalesReached(result, kind.huge_cases);
  if (result.run.case_count < 2000) {
    return;
  }
  for (const char* feature : {"reduction 0", "reduction 2", "out INT64", "out FLOAT", "self rank 0", "self rank 4",
                              "broadcast input shape", "empty input"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
}

}  // namespace
}  // namespace openaclnn::test
