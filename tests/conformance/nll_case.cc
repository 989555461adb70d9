#include "nll_case.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "case_rng.h"
#include "case_shapes.h"
#include "conformance_text.h"
#include "test_numeric.h"
#include "value_draw.h"

namespace openaclnn::test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

aclDataType DrawNllFloatType(CaseRng& rng) {
  const double draw = rng.Real(0.0, 1.0);
  return draw < 0.45 ? ACL_FLOAT : (draw < 0.75 ? ACL_BF16 : ACL_FLOAT16);
}

aclDataType DrawTargetType(CaseRng& rng) {
  const double draw = rng.Real(0.0, 1.0);
  return draw < 0.45 ? ACL_INT64 : (draw < 0.75 ? ACL_UINT8 : ACL_INT32);
}

bool Representable(aclDataType target_dtype, int64_t value) {
  switch (target_dtype) {
    case ACL_UINT8: return value >= 0 && value <= 255;
    case ACL_INT32:
      return value >= std::numeric_limits<int32_t>::min() && value <= std::numeric_limits<int32_t>::max();
    default: return true;
  }
}

// ignoreIndex: the default, a class that some rows use, or a value outside [0, C) that some rows carry (an
// ignored target needs no range check), or extreme values.
int64_t DrawIgnoreIndex(CaseRng& rng, aclDataType target_dtype, int64_t classes) {
  const double draw = rng.Real(0.0, 1.0);
  if (draw < 0.3 || classes == 0) {
    return -100;
  }
  if (draw < 0.65) {
    return rng.Int(0, std::min<int64_t>(classes, 256) - 1);
  }
  if (draw < 0.75) {
    return classes + rng.Int(0, 3);
  }
  if (draw < 0.85) {
    return -1;
  }
  if (target_dtype == ACL_INT32) {
    return rng.Chance(0.5) ? std::numeric_limits<int32_t>::min() : std::numeric_limits<int32_t>::max();
  }
  return rng.Pick(std::vector<int64_t>{std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(),
                                       int64_t{1} << 40, 255});
}

void DrawTargets(CaseRng& rng, NllCase* c, int64_t rows, int64_t classes) {
  const aclDataType dtype = c->target.dtype;
  const int64_t highest = std::min<int64_t>(classes, dtype == ACL_UINT8 ? 256 : classes) - 1;
  const double ignore_share = rng.Pick(std::vector<double>{0.0, 0.1, 0.3, 0.6, 1.0});
  // A few cases carry a target outside [0, C): PyTorch cannot be compared there (documented differences), our
  // library must leave that row zero and report the first such row when the stream is synchronised.
  const bool out_of_range = rows > 0 && classes > 0 && rng.Chance(0.04);
  std::vector<double>& values = c->target.values;
  values.assign(static_cast<size_t>(std::max<int64_t>(rows, 0)), 0.0);
  for (double& value : values) {
    if (classes > 0) {
      value = static_cast<double>(rng.Int(0, highest));
    }
    if (Representable(dtype, c->ignore_index) && rng.Chance(ignore_share)) {
      value = static_cast<double>(c->ignore_index);
    }
  }
  if (out_of_range) {
    std::vector<int64_t> bad = {classes, classes + 7, -1, -1000, std::numeric_limits<int32_t>::max()};
    const int64_t chosen = rng.Pick(bad);
    if (Representable(dtype, chosen) && chosen != c->ignore_index) {
      values[static_cast<size_t>(rng.Int(0, rows - 1))] = static_cast<double>(chosen);
    }
  }
}

// Large: many rows of 2 classes (the forward splits rows over threads from 2 * 131072 rows, the backward from
// 1 MiB of out), or fewer, wide rows (the backward's vector path over long rows). Huge: a FLOAT out of at least
// kHugeCaseOutElements.
void DrawLargeShape(CaseRng& rng, CaseScale scale, int64_t* rows, int64_t* classes) {
  if (scale == CaseScale::kHuge) {
    *classes = rng.Int(8, 1024);
    *rows = (kHugeCaseOutElements + *classes - 1) / *classes;
  } else if (rng.Chance(0.5)) {
    *rows = rng.Int(270000, 300000);
    *classes = 2;
  } else {
    *classes = rng.Int(300, 1500);
    *rows = rng.Int(300000 / *classes + 1, 400000 / *classes);
  }
}

}  // namespace

int64_t NllRows(const NllCase& c) { return c.self.dims.size() == 2 ? c.self.dims[0] : 1; }
int64_t NllClasses(const NllCase& c) { return c.self.dims.back(); }

NllCase MakeNllCase(uint64_t seed, int64_t index, CaseScale scale) {
  CaseRng rng(seed, index);
  NllCase c;
  c.index = index;
  const aclDataType dtype = DrawNllFloatType(rng);
  aclDataType out_dtype = rng.Chance(0.7) ? dtype : DrawNllFloatType(rng);
  const aclDataType target_dtype = DrawTargetType(rng);
  bool one_dimensional = rng.Chance(0.1);

  const double class_draw = rng.Real(0.0, 1.0);
  int64_t classes = class_draw < 0.03 ? 0 : (class_draw < 0.08 ? 1 : (class_draw < 0.9 ? rng.Int(2, 40)
                                                                                          : rng.Int(41, 400)));
  const double row_draw = rng.Real(0.0, 1.0);
  int64_t rows = one_dimensional ? 1 : (row_draw < 0.04 ? 0 : (row_draw < 0.92 ? rng.Int(1, 24)
                                                                                : rng.Int(25, 160)));
  if (scale != CaseScale::kSmall) {
    // Drawn after the small shape, so small cases keep their draws.
    DrawLargeShape(rng, scale, &rows, &classes);
    one_dimensional = false;
    if (scale == CaseScale::kHuge) {
      out_dtype = ACL_FLOAT;
    }
  }
  c.reduction = rng.Int(0, 2);
  c.ignore_index = DrawIgnoreIndex(rng, target_dtype, classes);

  const std::vector<int64_t> self_dims = one_dimensional ? std::vector<int64_t>{classes}
                                                         : std::vector<int64_t>{rows, classes};
  c.self = Spec(self_dims, dtype);
  c.out = Spec(self_dims, out_dtype);
  c.target = Spec(one_dimensional ? std::vector<int64_t>{} : std::vector<int64_t>{rows}, target_dtype);
  c.weight = Spec({classes}, dtype);
  const bool per_row_grad = c.reduction == 0 && !one_dimensional;
  c.grad_output = Spec(per_row_grad ? std::vector<int64_t>{rows}
                                    : rng.Pick(std::vector<std::vector<int64_t>>{{}, {1}}),
                       dtype);
  c.total_weight = Spec(rng.Pick(std::vector<std::vector<int64_t>>{{1}, {}, {1, 1}}), dtype);

  // Values: mostly ordinary numbers, with zeros of both signs, infinities and NaN mixed in.
  const double wide = dtype == ACL_FLOAT && rng.Chance(0.2) ? 24.0 : 8.0;
  const bool pooled = scale != CaseScale::kSmall;
  c.grad_output.values = DrawValues(rng, NumelOf(c.grad_output.dims), pooled, [&] {
    return rng.Chance(0.12) ? RoundTo(dtype, rng.Pick(std::vector<double>{0.0, -0.0, kInf, -kInf, kNan, 1.0, -1.0}))
                            : DrawSigned(rng, dtype, -wide, wide);
  });
  if (rng.Chance(0.12)) {
    c.weight.values.assign(static_cast<size_t>(classes), 1.0);
    c.torch_without_weight = rng.Chance(0.5);
  } else {
    const double edge_chance = rng.Pick(std::vector<double>{0.0, 0.1, 0.3});
    c.weight.values = DrawValues(rng, classes, pooled, [&] {
      return rng.Chance(edge_chance) ? RoundTo(dtype, rng.Pick(std::vector<double>{0.0, -0.0, 1.0, 0.5, kInf, kNan}))
                                     : DrawSigned(rng, dtype, -wide, wide);
    });
  }
  c.total_weight.values = {rng.Chance(0.25) ? RoundTo(dtype, rng.Pick(std::vector<double>{
                                                                  0.0, -0.0, kNan, kInf, -kInf, -3.0, 1.0}))
                                            : DrawPositive(rng, dtype, -wide, wide)};
  // Never read by the backward (the forward draws the elements it reads itself). Large cases leave them 0.
  c.self.values = pooled ? std::vector<double>(static_cast<size_t>(NumelOf(self_dims)), 0.0)
                         : DrawValues(rng, NumelOf(self_dims), false,
                                      [&] { return DrawSigned(rng, dtype, -4.0, 4.0); });
  DrawTargets(rng, &c, rows, classes);

  for (TensorSpec* input : {&c.grad_output, &c.self, &c.target, &c.weight, &c.total_weight}) {
    input->layout = RandomInputLayout(rng, input->dims);
    RepeatValuesAlongZeroStrides(input);
  }
  // Streaming stores need a contiguous out; an offset still moves rows off vector alignment.
  c.out.layout = scale == CaseScale::kHuge ? Layout{{}, rng.Int(0, 7), rng.Int(0, 3)}
                                           : RandomOutputLayout(rng, c.out.dims);
  return c;
}

std::string DescribeNllCase(const NllCase& c, bool with_values) {
  std::string text = "aclnnNLLLossBackward reduction " + std::to_string(c.reduction) + " (" +
                     ReductionName(c.reduction) + "), ignoreIndex " + std::to_string(c.ignore_index) +
                     (c.torch_without_weight ? ", PyTorch without weight" : "") + "\n";
  text += "  " + DescribeTensor("gradOutput", c.grad_output, with_values) + "\n";
  text += "  " + DescribeTensor("self", c.self, false) + "\n";
  text += "  " + DescribeTensor("target", c.target, with_values) + "\n";
  text += "  " + DescribeTensor("weight", c.weight, with_values) + "\n";
  text += "  " + DescribeTensor("totalWeight", c.total_weight, with_values) + "\n";
  text += "  " + DescribeTensor("out", c.out, false) + "\n";
  return text;
}

int64_t CountedClass(const NllCase& c, int64_t row, NllTargetTally* tally) {
  const auto target = static_cast<int64_t>(c.target.values[static_cast<size_t>(row)]);
  if (target == c.ignore_index) {
    ++tally->ignored_rows;
    return -1;
  }
  if (target < 0 || target >= NllClasses(c)) {
    if (tally->first_bad_row < 0) {
      tally->first_bad_row = row;
      tally->first_bad_target = target;
    }
    return -1;
  }
  return target;
}

std::string BadTargetText(const NllCase& c, const NllTargetTally& tally) {
  const std::string name = c.target.dims.empty() ? "target" : "target[" + std::to_string(tally.first_bad_row) + "]";
  return name + " = " + std::to_string(tally.first_bad_target);
}

}  // namespace openaclnn::test
