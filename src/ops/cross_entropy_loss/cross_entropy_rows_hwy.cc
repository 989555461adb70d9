// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/cross_entropy_loss/cross_entropy_rows_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "backend/cpu/det_math-inl.h"
#include "backend/cpu/det_math.h"
#include "backend/cpu/exp_table16.h"
#include "backend/cpu/hwy_convert-inl.h"
#include "core/element.h"
#include "core/half.h"
#include "hwy/highway.h"
#include "ops/cross_entropy_loss/cross_entropy_kernel.h"
#include "ops/cross_entropy_loss/cross_entropy_rows_hwy.h"
#include "ops/row/row_vector-inl.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::cross_entropy {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace rv = row::HWY_NAMESPACE;
namespace convert = cpu::HWY_NAMESPACE;

#if HWY_HAVE_FLOAT64 && HWY_TARGET != HWY_SCALAR

template <typename T>
constexpr aclDataType kDataType =
    std::is_same_v<T, float> ? ACL_FLOAT : (std::is_same_v<T, Float16> ? ACL_FLOAT16 : ACL_BF16);

// The maximum of a row of n > 0 elements when it holds no NaN; with a NaN, some value (a NaN, or the maximum of
// some of the others): the exponentials' sum is NaN then, which is how such a row is found and declined. Without
// rv::RowMax's NaN masks, as the maximum pass reads the row from memory.
template <typename T>
HWY_INLINE double RowMaxUnlessNaN(const T* x, int64_t n) {
  const hn::ScalableTag<float> df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  const auto minus_inf = hn::Set(df, -std::numeric_limits<float>::infinity());
  auto m0 = minus_inf;
  auto m1 = minus_inf;
  int64_t i = 0;
  for (; i + 2 * lanes <= n; i += 2 * lanes) {
    m0 = hn::Max(m0, rv::LoadFloats(df, x + i));
    m1 = hn::Max(m1, rv::LoadFloats(df, x + i + lanes));
  }
  for (; i + lanes <= n; i += lanes) {
    m0 = hn::Max(m0, rv::LoadFloats(df, x + i));
  }
  double result = hn::GetLane(hn::MaxOfLanes(df, hn::Max(m0, m1)));
  for (; i < n; ++i) {
    const double v = rv::LoadDouble(x + i);
    result = v > result ? v : result;
  }
  return result;
}

// cpu::ExpDiffFVec (det::ExpDiffF) for lanes with x <= m, neither NaN (a row's elements against its maximum): the
// same operations in the same order, less the masks such lanes never select (s = x - m <= 0, so no overflow, k <= 0
// and no NaN k; the result is not NaN unless x is -inf, which the underflow mask turns to +0 as there), so the same
// bits. The byte-for-byte test of the vector against the scalar kernels covers it.
template <class D>
HWY_INLINE hn::Vec<D> ExpDiffFBelowMax(D d, hn::Vec<D> x, hn::Vec<D> m) {
  const hn::RebindToSigned<D> di;
  const auto s = hn::Sub(x, m);
  const auto t = hn::Sub(s, x);
  const auto e = hn::Add(hn::Sub(x, hn::Sub(s, t)), hn::Sub(hn::Neg(m), t));
  const auto k = hn::Round(hn::Mul(s, hn::Set(d, cpu::det::kLog2eF)));
  const auto r = hn::Sub(hn::Add(hn::Sub(s, hn::Mul(k, hn::Set(d, cpu::det::kLn2HiF))), e),
                         hn::Mul(k, hn::Set(d, cpu::det::kLn2LoF)));
  auto p = hn::Set(d, cpu::det::kExpCoefficientsF[5]);
  for (int i = 4; i >= 0; --i) {
    p = hn::Add(hn::Mul(p, r), hn::Set(d, cpu::det::kExpCoefficientsF[i]));
  }
  const auto one = hn::Set(d, 1.0f);
  p = hn::Add(hn::Mul(p, r), one);
  p = hn::Add(hn::Mul(p, r), one);
  const auto ki = hn::ConvertTo(di, hn::Max(k, hn::Set(d, -150.0f)));
  const auto k1 = hn::ShiftRight<1>(ki);
  const auto k2 = hn::Sub(ki, k1);
  const auto bias = hn::Set(di, 127);
  const auto power1 = hn::BitCast(d, hn::ShiftLeft<23>(hn::Add(k1, bias)));
  const auto power2 = hn::BitCast(d, hn::ShiftLeft<23>(hn::Add(k2, bias)));
  const auto y = hn::Mul(hn::Mul(p, power1), power2);
  return hn::IfThenZeroElse(hn::Lt(s, hn::Set(d, cpu::det::kExpMinF)), y);
}

// The exponentials of a row beside its maximum m and their sum in rv::LaneSum's order, in one pass
// (rv::LaneOrderSum). An element equal to m adds nothing and is counted in *ties.
template <typename T>
HWY_INLINE double SumOfExpsBesideMax(const T* x, int64_t n, float m, int64_t* ties) {
  const rv::DW df;
  const auto m_vector = hn::Set(df, m);
  int64_t count = 0;
  const double sum = rv::LaneOrderSum(
      n,
      [&](int64_t i) {
        const auto v = rv::LoadFloats(df, x + i);
        const auto tie = hn::Eq(v, m_vector);
        count += static_cast<int64_t>(hn::CountTrue(df, tie));
        return hn::IfThenZeroElse(tie, ExpDiffFBelowMax(df, v, m_vector));
      },
      [&](int64_t i) {
        const float v = rv::LoadFloat(x + i);
        count += v == m ? 1 : 0;
        return v == m ? 0.0f : cpu::det::ExpDiffF(v, m);
      });
  *ties = count;
  return sum;
}

template <typename T>
bool ForwardRow(const row::Rows& rows, VectorForward* forward) {
  if (!rv::Contiguous<T>(rows.in[0], rows.in_stride[0]) || !rv::Contiguous<T>(rows.out, rows.out_stride)) {
    return false;
  }
  const auto* x = reinterpret_cast<const T*>(rows.in[0]);
  auto* out = reinterpret_cast<T*>(rows.out);
  const int64_t n = rows.length;
  if (n == 0) {
    return false;
  }
  const double max = RowMaxUnlessNaN(x, n);
  if (!std::isfinite(max)) {
    return false;
  }
  // T from the exponentials, summed as they are made (the row stays in the cache since the maximum pass read it);
  // the elements and m are float values, so comparing them is exact.
  const auto m = static_cast<float>(max);
  const rv::DD dd;
  int64_t ties = 0;
  const double rest = SumOfExpsBesideMax(x, n, m, &ties) + static_cast<double>(ties - 1);
  if (std::isnan(rest)) {
    return false;  // The row holds a NaN.
  }
  const double log_sum = StableLog1p(rest);
  const auto max_vector = hn::Set(dd, max);
  if constexpr (std::is_same_v<T, float>) {
    const auto log_sum_vector = hn::Set(dd, log_sum);
    rv::WriteRow(
        out, n, forward->stream,
        [&](int64_t i) { return hn::Sub(hn::Sub(rv::LoadDoubles(x + i), max_vector), log_sum_vector); },
        [&](int64_t i) { return (rv::LoadDouble(x + i) - max) - log_sum; });
  } else {
    const hn::ScalableTag<float> df;
    const auto log_sum_float = static_cast<float>(log_sum);
    const auto m_vector = hn::Set(df, m);
    const auto log_sum_vector = hn::Set(df, log_sum_float);
    // Not NaN: the elements are finite or -inf, m and log1p(T) finite.
    rv::WriteFloatRow<T, /*kNumbers=*/true>(
        out, n, forward->stream,
        [&](int64_t i) { return hn::Sub(hn::Sub(rv::LoadFloats(df, x + i), m_vector), log_sum_vector); },
        [&](int64_t i) { return (rv::LoadFloat(x + i) - m) - log_sum_float; });
  }
  if (forward->smoothing) {
    const float* w = forward->weights;
    const rv::DF df;
    forward->weighted_shifts =
        w == nullptr
            ? rv::LaneSum(
                  n, [&](int64_t i) { return hn::Sub(rv::LoadDoubles(x + i), max_vector); },
                  [&](int64_t i) { return 1.0 * (rv::LoadDouble(x + i) - max); })
            : rv::LaneSum(
                  n,
                  [&](int64_t i) {
                    return hn::Mul(hn::PromoteTo(dd, hn::LoadU(df, w + i)),
                                   hn::Sub(rv::LoadDoubles(x + i), max_vector));
                  },
                  [&](int64_t i) { return rv::LoadDouble(w + i) * (rv::LoadDouble(x + i) - max); });
  }
  forward->max = max;
  forward->log_sum = log_sum;
  return true;
}

// Lanes(df) exponentials det::ExpF(x[i]): a lookup in the 16-bit table when there is one (its entries are det::ExpF's
// own bits), otherwise the vector form.
template <typename T, class DF>
HWY_INLINE hn::Vec<DF> ExpsOf(DF df, const T* x, const float* table) {
  if constexpr (!std::is_same_v<T, float>) {
    if (table != nullptr) {
      const hn::RebindToSigned<DF> di;
      const auto bits = hn::LoadU(convert::Bits16<DF>(), reinterpret_cast<const uint16_t*>(x));
      return hn::GatherIndex(df, table, hn::BitCast(di, hn::PromoteTo(hn::RebindToUnsigned<DF>(), bits)));
    }
  }
  return cpu::HWY_NAMESPACE::ExpFVec(df, rv::LoadFloats(df, x));
}

template <typename T>
HWY_INLINE float ExpOf(const T* x, const float* table) {
  if constexpr (!std::is_same_v<T, float>) {
    if (table != nullptr) {
      uint16_t bits;
      std::memcpy(&bits, x, sizeof(bits));
      return table[bits];
    }
  }
  return cpu::det::ExpF(rv::LoadFloat(x));
}

template <typename T>
bool GradRow(const row::Rows& rows, const VectorGrad& grad) {
  if (!rv::Contiguous<T>(rows.in[0], rows.in_stride[0]) || !rv::Contiguous<T>(rows.out, rows.out_stride)) {
    return false;
  }
  const auto* x = reinterpret_cast<const T*>(rows.in[0]);
  auto* out = reinterpret_cast<T*>(rows.out);
  const int64_t n = rows.length;
  const float* table = cpu::ExpTable16(kDataType<T>);
  if constexpr (!std::is_same_v<T, float>) {
    if (grad.float_products) {
      // One pass: p_j * float(coefficient) in float at the full width, rounded once to the 16-bit type.
      const hn::ScalableTag<float> df;
      const auto coefficient = static_cast<float>(grad.coefficient);
      const auto coefficient_vector = hn::Set(df, coefficient);
      rv::WriteFloatRow(
          out, n, grad.stream, [&](int64_t i) { return hn::Mul(ExpsOf(df, x + i, table), coefficient_vector); },
          [&](int64_t i) { return ExpOf(x + i, table) * coefficient; });
      return true;
    }
  }
  float* p = rv::TermBuffer(n);
  if (p == nullptr) {
    return false;
  }
  // p_j = det::ExpF(logProb_j) at the full float width into the per-thread buffer (the vector forms give the scalar
  // form's bits lane by lane at any width), then the products in double at the width of the double lanes.
  const hn::ScalableTag<float> df_full;
  const int64_t float_lanes = static_cast<int64_t>(hn::Lanes(df_full));
  int64_t i = 0;
  for (; i + float_lanes <= n; i += float_lanes) {
    hn::StoreU(ExpsOf(df_full, x + i, table), df_full, p + i);
  }
  for (; i < n; ++i) {
    p[i] = ExpOf(x + i, table);
  }
  const rv::DD dd;
  const rv::DF df;
  const double c = grad.coefficient;
  const auto coefficient_vector = hn::Set(dd, c);
  auto term = [&](int64_t k) { return hn::PromoteTo(dd, hn::LoadU(df, p + k)); };
  if (grad.smooth == 0.0) {
    rv::WriteRow(
        out, n, grad.stream, [&](int64_t k) { return hn::Mul(term(k), coefficient_vector); },
        [&](int64_t k) { return static_cast<double>(p[k]) * c; });
    return true;
  }
  // out_j = p_j c - s w_j, as the scalar kernel (w_j = 1 without weights: s * 1 is s).
  const double s = grad.smooth;
  const auto smooth_vector = hn::Set(dd, s);
  const float* w = grad.weights;
  if (w == nullptr) {
    rv::WriteRow(
        out, n, grad.stream, [&](int64_t k) { return hn::Sub(hn::Mul(term(k), coefficient_vector), smooth_vector); },
        [&](int64_t k) { return static_cast<double>(p[k]) * c - s; });
  } else {
    rv::WriteRow(
        out, n, grad.stream,
        [&](int64_t k) {
          return hn::Sub(hn::Mul(term(k), coefficient_vector),
                         hn::Mul(smooth_vector, hn::PromoteTo(dd, hn::LoadU(df, w + k))));
        },
        [&](int64_t k) { return static_cast<double>(p[k]) * c - s * rv::LoadDouble(w + k); });
  }
  return true;
}

VectorRowKernels SelectKernels(aclDataType input) {
  switch (input) {
    case ACL_FLOAT: return {&ForwardRow<float>, &GradRow<float>};
    case ACL_FLOAT16: return {&ForwardRow<Float16>, &GradRow<Float16>};
    case ACL_BF16: return {&ForwardRow<BFloat16>, &GradRow<BFloat16>};
    default: return {};
  }
}

#else  // No double lanes (or one lane): every row goes to the scalar kernel.

VectorRowKernels SelectKernels(aclDataType) { return {}; }

#endif

int64_t CompiledTarget() { return HWY_TARGET; }

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::cross_entropy
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "backend/cpu/hwy_dispatch.h"
#include "backend/cpu/kernel_target.h"

namespace openaclnn::cross_entropy {
namespace {

using SelectFunction = VectorRowKernels (*)(aclDataType);
using TargetFunction = int64_t (*)();
const TargetFunction kCompiledTargets[] = OPENACLNN_HWY_TABLE(CompiledTarget);
const SelectFunction kSelectors[] = OPENACLNN_HWY_TABLE(SelectKernels);

}  // namespace

VectorRowKernels SelectVectorRowKernels(aclDataType input, int64_t kernel_target) {
  if (kernel_target == cpu::kReferenceKernels) {
    return {};
  }
  const SelectFunction select = cpu::ForTarget(kCompiledTargets, kSelectors, kernel_target);
  return select == nullptr ? VectorRowKernels{} : select(input);
}

}  // namespace openaclnn::cross_entropy
#endif  // HWY_ONCE
