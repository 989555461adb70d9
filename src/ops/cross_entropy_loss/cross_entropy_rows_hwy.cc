// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/cross_entropy_loss/cross_entropy_rows_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include <cmath>
#include <cstdint>

#include "backend/cpu/det_math-inl.h"
#include "backend/cpu/det_math.h"
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

#if HWY_HAVE_FLOAT64 && HWY_TARGET != HWY_SCALAR

// The first i with x[i] == m (one exists).
template <typename T>
HWY_INLINE int64_t FirstIndexOf(const T* x, int64_t n, float m) {
  const hn::ScalableTag<float> df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  const auto m_vector = hn::Set(df, m);
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const intptr_t position = hn::FindFirstTrue(df, hn::Eq(rv::LoadFloats(df, x + i), m_vector));
    if (position >= 0) {
      return i + static_cast<int64_t>(position);
    }
  }
  while (rv::LoadFloat(x + i) != m) ++i;
  return i;
}

template <typename T>
bool ForwardRow(const row::Rows& rows, bool stream, double* max_out, double* log_sum_out) {
  if (!rv::Contiguous<T>(rows.in[0], rows.in_stride[0]) || !rv::Contiguous<T>(rows.out, rows.out_stride)) {
    return false;
  }
  const auto* x = reinterpret_cast<const T*>(rows.in[0]);
  auto* out = reinterpret_cast<T*>(rows.out);
  const int64_t n = rows.length;
  double max;
  if (n == 0 || !rv::RowMax(x, n, &max) || !std::isfinite(max)) {
    return false;
  }
  float* terms = rv::TermBuffer(n);
  if (terms == nullptr) {
    return false;
  }
  // The first index holding the maximum: its term, exactly 1, is left out of T (as the scalar kernel does). The
  // elements and m are float values, so comparing them as floats is exact.
  const auto m = static_cast<float>(max);
  const int64_t arg = FirstIndexOf(x, n, m);
  rv::ShiftedExpsToBuffer(x, n, m, terms);
  terms[arg] = 0.0f;
  const rv::DD dd;
  const rv::DF df;
  const double rest = rv::LaneSum(
      n, [&](int64_t i) { return hn::PromoteTo(dd, hn::LoadU(df, terms + i)); },
      [&](int64_t i) { return static_cast<double>(terms[i]); });
  const double log_sum = StableLog1p(rest);
  const auto max_vector = hn::Set(dd, max);
  const auto log_sum_vector = hn::Set(dd, log_sum);
  rv::WriteRow(
      out, n, stream,
      [&](int64_t i) { return hn::Sub(hn::Sub(rv::LoadDoubles(x + i), max_vector), log_sum_vector); },
      [&](int64_t i) { return (rv::LoadDouble(x + i) - max) - log_sum; });
  *max_out = max;
  *log_sum_out = log_sum;
  return true;
}

template <typename T>
bool GradRow(const row::Rows& rows, bool stream, double coefficient) {
  if (!rv::Contiguous<T>(rows.in[0], rows.in_stride[0]) || !rv::Contiguous<T>(rows.out, rows.out_stride)) {
    return false;
  }
  const auto* x = reinterpret_cast<const T*>(rows.in[0]);
  auto* out = reinterpret_cast<T*>(rows.out);
  const int64_t n = rows.length;
  float* p = rv::TermBuffer(n);
  if (p == nullptr) {
    return false;
  }
  // p_j = det::ExpF(logProb_j) at the full float width into the per-thread buffer (ExpFVec gives the scalar form's
  // bits lane by lane at any width), then the products at the width of the double lanes.
  const hn::ScalableTag<float> df_full;
  const int64_t float_lanes = static_cast<int64_t>(hn::Lanes(df_full));
  int64_t i = 0;
  for (; i + float_lanes <= n; i += float_lanes) {
    hn::StoreU(cpu::HWY_NAMESPACE::ExpFVec(df_full, rv::LoadFloats(df_full, x + i)), df_full, p + i);
  }
  for (; i < n; ++i) {
    p[i] = cpu::det::ExpF(rv::LoadFloat(x + i));
  }
  const rv::DD dd;
  const rv::DF df;
  const auto coefficient_vector = hn::Set(dd, coefficient);
  rv::WriteRow(
      out, n, stream, [&](int64_t k) { return hn::Mul(hn::PromoteTo(dd, hn::LoadU(df, p + k)), coefficient_vector); },
      [&](int64_t k) { return static_cast<double>(p[k]) * coefficient; });
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
