#include "nll_loss_backward_reference.h"

#include <cmath>
#include <sstream>

#include "test_numeric.h"

namespace openaclnn::test {

NllReferenceOutput NllLossBackwardReference(const NllReferenceInputs& in, aclDataType out_dtype) {
  NllReferenceOutput result;
  result.out.assign(static_cast<size_t>(in.rows * in.classes), 0.0);
  result.hit_column.assign(static_cast<size_t>(in.rows), -1);
  for (int64_t n = 0; n < in.rows; ++n) {
    const int64_t t = in.target[static_cast<size_t>(n)];
    if (t == in.ignore_index) {
      continue;
    }
    if (t < 0 || t >= in.classes) {
      if (result.first_bad_row < 0) {
        result.first_bad_row = n;
        result.first_bad_target = t;
      }
      continue;
    }
    // One gradOutput value per row (none with a 2-D self), or the single value.
    const double g = in.grad.size() == 1 ? in.grad[0] : in.grad[static_cast<size_t>(n)];
    const double w = in.weight[static_cast<size_t>(t)];
    double value = 0.0;
    if (in.reduction == 1) {
      value = -(g / in.total_weight) * w;  // Division first (DECISIONS 5).
    } else {
      value = -(g * w);
    }
    result.out[static_cast<size_t>(n * in.classes + t)] = RoundTo(out_dtype, value);
    result.hit_column[static_cast<size_t>(n)] = t;
  }
  return result;
}

double NllToleranceUlps(aclDataType input_dtype, aclDataType out_dtype, int64_t reduction) {
  if (reduction != 1) {
    // none / sum compute one float product g * w. Every input value is a float (FLOAT16 and BFLOAT16 values
    // included), and the exact product of two floats has at most 48 significant bits, so the fp64 product is
    // exact. The library's float multiply rounds that exact value once to float, as the reference does: FLOAT
    // out is bit-exact. Products of two FLOAT16 (11-bit) or two BFLOAT16 (8-bit) significands are even exact in
    // float (barring a BFLOAT16 product below float's normal range, which the callers' value ranges exclude), so
    // their 16-bit out is one rounding of the exact value too: bit-exact. Only FLOAT inputs into a
    // 16-bit out are rounded twice (to float, then to out), which can move a value lying within a float ulp of
    // a half-way point to the neighbouring out value: 1 ulp.
    if (out_dtype == ACL_FLOAT || input_dtype != ACL_FLOAT) {
      return 0.0;
    }
    return 1.0;
  }
  // mean rounds twice in float: q = g / totalWeight, then q * w. Each rounding is at most half an ulp
  // (relative 2^-24), so the float result is less than 1.5 ulps from the exact value and at most 2 ulps (1
  // inside a binade) from the exact value rounded once; the reference's own fp64 roundings are 2^29 times
  // smaller. This assumes q neither overflows nor becomes subnormal in float, which the callers' value ranges
  // guarantee. A 16-bit out rounds that float once more: the float error is 2^13 (FLOAT16) or 2^16 (BFLOAT16)
  // times smaller than an out ulp, so both roundings land on the same or adjacent out values: 1 ulp.
  return out_dtype == ACL_FLOAT ? 2.0 : 1.0;
}

std::string CompareNllOutput(const NllReferenceOutput& expected, const std::vector<double>& got,
                             aclDataType input_dtype, aclDataType out_dtype, int64_t reduction) {
  std::ostringstream report;
  report.precision(17);
  if (got.size() != expected.out.size()) {
    report << "out has " << got.size() << " elements, expected " << expected.out.size();
    return report.str();
  }
  const double tolerance = NllToleranceUlps(input_dtype, out_dtype, reduction);
  const int64_t rows = static_cast<int64_t>(expected.hit_column.size());
  const int64_t classes = rows == 0 ? 0 : static_cast<int64_t>(got.size()) / rows;
  int mismatches = 0;
  constexpr int kShown = 8;
  for (int64_t n = 0; n < rows; ++n) {
    for (int64_t c = 0; c < classes; ++c) {
      const size_t i = static_cast<size_t>(n * classes + c);
      const double want = expected.out[i];
      const double have = got[i];
      const bool gradient_element = expected.hit_column[static_cast<size_t>(n)] == c;
      bool ok = false;
      if (gradient_element) {
        ok = UlpDistance(out_dtype, have, want) <= tolerance &&
             (want != 0.0 || (have == 0.0 && std::signbit(have) == std::signbit(want)));
      } else {
        // Not the row's gradient element: exactly +0.0, whatever out held before.
        ok = have == 0.0 && !std::signbit(have);
      }
      if (!ok && mismatches++ < kShown) {
        report << "out[" << n << "][" << c << "] = " << have << ", expected " << want;
        if (gradient_element) {
          report << " within " << tolerance << " ulps";
        } else {
          report << " (+0.0 outside the gradient element)";
        }
        report << "\n";
      }
    }
  }
  if (mismatches > kShown) {
    report << "... " << (mismatches - kShown) << " more mismatches\n";
  }
  return report.str();
}

}  // namespace openaclnn::test
