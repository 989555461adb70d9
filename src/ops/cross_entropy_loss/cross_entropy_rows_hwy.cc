// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/cross_entropy_loss/cross_entropy_rows_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include <cmath>
#include <cstdint>
#include <cstring>
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

// Elements of a row whose exponentials are staged in L1 before their sum (a multiple of 8 and of any vector).
constexpr int64_t kStage = 1024;

// stage[i] = 0 where x[i] == m (the maximum's terms, counted instead: the count is returned), otherwise
// det::ExpDiffF(x[i], m), at the full float width (the tail by the scalar form).
template <typename T>
HWY_INLINE int64_t ShiftedExpsBesideMax(const T* x, int64_t count, float m, float* stage) {
  const hn::ScalableTag<float> df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  const auto m_vector = hn::Set(df, m);
  int64_t ties = 0;
  int64_t i = 0;
  for (; i + lanes <= count; i += lanes) {
    const auto v = rv::LoadFloats(df, x + i);
    const auto tie = hn::Eq(v, m_vector);
    ties += static_cast<int64_t>(hn::CountTrue(df, tie));
    hn::StoreU(hn::IfThenZeroElse(tie, cpu::HWY_NAMESPACE::ExpDiffFVec(df, v, m_vector)), df, stage + i);
  }
  for (; i < count; ++i) {
    const float v = rv::LoadFloat(x + i);
    ties += v == m ? 1 : 0;
    stage[i] = v == m ? 0.0f : cpu::det::ExpDiffF(v, m);
  }
  return ties;
}

// Adds stage[0, count) (count a multiple of 8) to the eight lanes a0..a3 (rv::LaneSum's layout: element i to lane
// i % 8; one, two or four vectors of double lanes), continuing the lanes' sums left to right.
HWY_INLINE void AddToLanes(const float* stage, int64_t count, hn::Vec<rv::DD>& a0, hn::Vec<rv::DD>& a1,
                           hn::Vec<rv::DD>& a2, hn::Vec<rv::DD>& a3) {
  const rv::DD dd;
  const rv::DF df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(dd));
  auto at = [&](int64_t i) { return hn::PromoteTo(dd, hn::LoadU(df, stage + i)); };
  int64_t i = 0;
  if (lanes == 8) {
    for (; i < count; i += 8) a0 = hn::Add(a0, at(i));
  } else if (lanes == 4) {
    for (; i < count; i += 8) {
      a0 = hn::Add(a0, at(i));
      a1 = hn::Add(a1, at(i + 4));
    }
  } else {
    for (; i < count; i += 8) {
      a0 = hn::Add(a0, at(i));
      a1 = hn::Add(a1, at(i + 2));
      a2 = hn::Add(a2, at(i + 4));
      a3 = hn::Add(a3, at(i + 6));
    }
  }
}

// The lanes' total as rv::LaneSum combines them, after the last `tail_count` (< 8) terms went to lanes 0, 1, ...
HWY_INLINE double LanesTotal(hn::Vec<rv::DD> a0, hn::Vec<rv::DD> a1, hn::Vec<rv::DD> a2, hn::Vec<rv::DD> a3,
                             const float* tail, int64_t tail_count) {
  const rv::DD dd;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(dd));
  HWY_ALIGN double l[cpu::kSumLanes];
  hn::StoreU(a0, dd, l);
  if (lanes <= 4) {
    hn::StoreU(a1, dd, l + lanes);
  }
  if (lanes == 2) {
    hn::StoreU(a2, dd, l + 4);
    hn::StoreU(a3, dd, l + 6);
  }
  for (int64_t k = 0; k < tail_count; ++k) l[k] += static_cast<double>(tail[k]);
  return ((l[0] + l[1]) + (l[2] + l[3])) + ((l[4] + l[5]) + (l[6] + l[7]));
}

// Writes out[i] for i in [0, count) by write(to, begin, end), which stores elements [begin, end) at to[0, ...);
// with `stream`, through a small staging buffer copied out with aligned streaming stores (rv::WriteRow's scheme,
// for values taken at any vector width).
template <typename Out, class Write>
HWY_INLINE void WriteStaged(Out* out, int64_t count, bool stream, const Write& write) {
  if (!stream) {
    write(out, 0, count);
    return;
  }
  const hn::ScalableTag<uint8_t> du8;
  const auto vector_bytes = static_cast<int64_t>(hn::Lanes(du8));
  HWY_ALIGN Out stage[rv::kStageElements];
  const auto misaligned = static_cast<int64_t>(reinterpret_cast<uintptr_t>(out) % static_cast<uintptr_t>(vector_bytes));
  int64_t head = misaligned == 0 ? 0 : (vector_bytes - misaligned) / static_cast<int64_t>(sizeof(Out));
  head = head < count ? head : count;
  write(out, 0, head);
  for (int64_t begin = head; begin < count; begin += rv::kStageElements) {
    const int64_t end = count - begin < rv::kStageElements ? count : begin + rv::kStageElements;
    write(stage, begin, end);
    const int64_t bytes = (end - begin) * static_cast<int64_t>(sizeof(Out));
    auto* to = reinterpret_cast<uint8_t*>(out + begin);
    const auto* from = reinterpret_cast<const uint8_t*>(stage);
    int64_t b = 0;
    for (; b + vector_bytes <= bytes; b += vector_bytes) {
      hn::Stream(hn::Load(du8, from + b), du8, to + b);
    }
    std::memcpy(to + b, from + b, static_cast<size_t>(bytes - b));
  }
  hwy::FlushStream();  // Streaming stores are weakly ordered: visible before the row is reported done.
}

// A 16-bit row out[i] = value(i) rounded once from float (DECISIONS 4), at the full float width: VecValue(i) gives
// the floats of [i, i + Lanes), ScalarValue(i) one (the tail).
template <typename Out, class VecValue, class ScalarValue>
HWY_INLINE void WriteFloatRow(Out* out, int64_t count, bool stream, const VecValue& vec_value,
                              const ScalarValue& scalar_value) {
  static_assert(!std::is_same_v<Out, float>, "FLOAT rows are written from double");
  WriteStaged(out, count, stream, [&](Out* to, int64_t begin, int64_t end) {
    const hn::ScalableTag<float> df;
    const convert::Bits16<decltype(df)> d16;
    const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
    auto* bits = reinterpret_cast<uint16_t*>(to);
    int64_t i = begin;
    for (; i + lanes <= end; i += lanes) {
      const auto value = vec_value(i);
      if constexpr (std::is_same_v<Out, Float16>) {
        hn::StoreU(convert::FloatToHalf(df, value), d16, bits + (i - begin));
      } else {
        hn::StoreU(convert::FloatToBf16(df, value), d16, bits + (i - begin));
      }
    }
    for (; i < end; ++i) {
      StoreFromFloat<Out>(reinterpret_cast<char*>(to + (i - begin)), scalar_value(i));
    }
  });
}

template <typename T>
bool ForwardRow(const row::Rows& rows, VectorForward* forward) {
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
  // T from the exponentials staged in L1 a block at a time (the row itself stays in the cache since RowMax read
  // it), summed in the eight double lanes; the elements and m are float values, so comparing them is exact.
  const auto m = static_cast<float>(max);
  const rv::DD dd;
  HWY_ALIGN float stage[kStage];
  auto a0 = hn::Zero(dd);
  auto a1 = hn::Zero(dd);
  auto a2 = hn::Zero(dd);
  auto a3 = hn::Zero(dd);
  int64_t ties = 0;
  int64_t tail = 0;
  for (int64_t begin = 0; begin < n; begin += kStage) {
    const int64_t count = n - begin < kStage ? n - begin : kStage;
    ties += ShiftedExpsBesideMax(x + begin, count, m, stage);
    const int64_t whole = count & ~int64_t{7};
    AddToLanes(stage, whole, a0, a1, a2, a3);
    tail = count - whole;  // Not 0 in the last block only.
  }
  const int64_t last_whole = ((n - 1) % kStage + 1) & ~int64_t{7};
  const double rest = LanesTotal(a0, a1, a2, a3, stage + last_whole, tail) + static_cast<double>(ties - 1);
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
    WriteFloatRow(
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
                  [&](int64_t i) { return static_cast<double>(w[i]) * (rv::LoadDouble(x + i) - max); });
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
      WriteFloatRow(
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
        [&](int64_t k) { return static_cast<double>(p[k]) * c - s * static_cast<double>(w[k]); });
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
