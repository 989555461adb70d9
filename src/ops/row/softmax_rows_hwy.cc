// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/row/softmax_rows_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include <cstdint>
#include <limits>
#include <type_traits>

#include "backend/cpu/det_math-inl.h"
#include "backend/cpu/det_math.h"
#include "core/element.h"
#include "core/half.h"
#include "hwy/highway.h"
#include "ops/row/row_vector-inl.h"
#include "ops/row/softmax_rows_hwy.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::row {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace convert = cpu::HWY_NAMESPACE;

#if HWY_HAVE_FLOAT64 && HWY_TARGET != HWY_SCALAR

// Input k of the next row (when there is one and it is contiguous) for RowPrefetch; empty otherwise.
template <typename T>
RowPrefetch NextInput(const Rows* next, int k) {
  if (next == nullptr || !Contiguous<T>(next->in[k], next->in_stride[k])) {
    return RowPrefetch();
  }
  return RowPrefetch(next->in[k], next->length * static_cast<int64_t>(sizeof(T)));
}

// A forward row's outputs from its maximum m and its sum (softmax_rows.h): in float, with one reciprocal or one
// logarithm per row rounded to float once; softmax from the exponentials in `terms` (taken again without it).
// kNumbers: no output is NaN (StoreFloats then rounds BFLOAT16 without the NaN select, the same bits).
template <SoftmaxKind kKind, bool kNumbers, typename T>
HWY_INLINE void WriteForwardRow(const T* x, T* out, int64_t n, bool stream, float m, double sum, const float* terms) {
  const hn::ScalableTag<float> df;
  const auto m_vector = hn::Set(df, m);
  if constexpr (kKind == SoftmaxKind::kLogSoftmax) {
    const auto log_sum = static_cast<float>(cpu::det::Log(sum));
    const auto log_sum_vector = hn::Set(df, log_sum);
    WriteFloatRow<T, kNumbers>(
        out, n, stream,
        [&](int64_t i) OPENACLNN_ROW_INLINE {
          return hn::Sub(hn::Sub(LoadFloats(df, x + i), m_vector), log_sum_vector);
        },
        [&](int64_t i) { return (LoadFloat(x + i) - m) - log_sum; });
  } else {
    const auto reciprocal = static_cast<float>(1.0 / sum);
    const auto reciprocal_vector = hn::Set(df, reciprocal);
    if (terms != nullptr) {
      WriteFloatRow<T, kNumbers>(
          out, n, stream,
          [&](int64_t i) OPENACLNN_ROW_INLINE { return hn::Mul(hn::LoadU(df, terms + i), reciprocal_vector); },
          [&](int64_t i) { return terms[i] * reciprocal; });
    } else {
      WriteFloatRow<T, kNumbers>(
          out, n, stream,
          [&](int64_t i) OPENACLNN_ROW_INLINE {
            return hn::Mul(cpu::HWY_NAMESPACE::ExpDiffFVec(df, LoadFloats(df, x + i), m_vector), reciprocal_vector);
          },
          [&](int64_t i) { return cpu::det::ExpDiffF(LoadFloat(x + i), m) * reciprocal; });
    }
  }
}

template <SoftmaxKind kKind, typename T>
bool ForwardRow(const Rows& rows, const Rows* next, bool stream) {
  if (!Contiguous<T>(rows.in[0], rows.in_stride[0]) || !Contiguous<T>(rows.out, rows.out_stride)) {
    return false;
  }
  const auto* x = reinterpret_cast<const T*>(rows.in[0]);
  auto* out = reinterpret_cast<T*>(rows.out);
  const int64_t n = rows.length;
  double max_value;
  double min_value;
  if (!RowMaxMin(x, n, &max_value, &min_value)) {
    return false;
  }
  // Every difference fl(x_i - m) lies in [min - m, 0] (rounding is monotonic), so when min - m > -86 (an exact
  // difference above -86 whenever its double rounding is, -86 being a double) every vector of exponentials takes
  // the in-range shortcut, and need not be tested for it. False for infinite rows.
  const bool in_range = min_value - max_value > static_cast<double>(cpu::HWY_NAMESPACE::kFastMinF);
  const auto m = static_cast<float>(max_value);  // Exact: a float value.
  // The float exponentials exp(x - m) (DECISIONS 17), summed as doubles in the fixed lane order; softmax keeps them
  // in the thread's buffer for its output pass (without one, it takes them again there).
  // The exponential pass is compute-bound: the next row's input is fetched meanwhile for its maximum pass.
  float* terms = kKind == SoftmaxKind::kSoftmax ? TermBuffer(n) : nullptr;
  RowPrefetch prefetch = NextInput<T>(next, 0);
  if (in_range) {
    // Finite elements, the sum at least 1 (the maximum's term): every output is finite, none NaN.
    const double sum = ShiftedExpSum<true>(x, n, m, terms, &prefetch);
    WriteForwardRow<kKind, std::is_same_v<T, BFloat16>>(x, out, n, stream, m, sum, terms);
  } else {
    const double sum = ShiftedExpSum<false>(x, n, m, terms, &prefetch);
    WriteForwardRow<kKind, false>(x, out, n, stream, m, sum, terms);
  }
  return true;
}

template <SoftmaxKind kKind, typename T>
bool BackwardRow(const Rows& rows, const Rows* next, bool stream) {
  if (!Contiguous<T>(rows.in[0], rows.in_stride[0]) || !Contiguous<T>(rows.in[1], rows.in_stride[1]) ||
      !Contiguous<T>(rows.out, rows.out_stride)) {
    return false;
  }
  const auto* g = reinterpret_cast<const T*>(rows.in[0]);
  const auto* y = reinterpret_cast<const T*>(rows.in[1]);
  auto* out = reinterpret_cast<T*>(rows.out);
  const int64_t n = rows.length;
  const hn::ScalableTag<float> df;
  // The output pass fetches the next row's two inputs, a line of each per vector, so that the next row's sum pass
  // and its output pass find them in the cache.
  RowPrefetch prefetch_g = NextInput<T>(next, 0);
  RowPrefetch prefetch_y = NextInput<T>(next, 1);
  auto prefetch = [&]() OPENACLNN_ROW_INLINE {
    prefetch_g.Step();
    prefetch_y.Step();
  };
  // The row's sum in double (exact products for softmax), then the outputs in float with the sum rounded once.
  if constexpr (kKind == SoftmaxKind::kSoftmax) {
    const double sum = LaneSum(
        n, [&](int64_t i) OPENACLNN_ROW_INLINE { return hn::Mul(LoadDoubles(g + i), LoadDoubles(y + i)); },
        [&](int64_t i) { return LoadDouble(g + i) * LoadDouble(y + i); });
    const auto s = static_cast<float>(sum);
    const auto s_vector = hn::Set(df, s);
    WriteFloatRow(
        out, n, stream,
        [&](int64_t i) OPENACLNN_ROW_INLINE {
          prefetch();
          const auto yv = LoadFloats(df, y + i);
          return hn::Sub(hn::Mul(LoadFloats(df, g + i), yv), hn::Mul(s_vector, yv));
        },
        [&](int64_t i) {
          const float yv = LoadFloat(y + i);
          return LoadFloat(g + i) * yv - s * yv;
        });
  } else {
    const double sum = LaneSum(
        n, [&](int64_t i) OPENACLNN_ROW_INLINE { return LoadDoubles(g + i); },
        [&](int64_t i) { return LoadDouble(g + i); });
    const auto s = static_cast<float>(sum);
    const auto s_vector = hn::Set(df, s);
    WriteFloatRow(
        out, n, stream,
        [&](int64_t i) OPENACLNN_ROW_INLINE {
          prefetch();
          const auto e = cpu::HWY_NAMESPACE::ExpFVec(df, LoadFloats(df, y + i));
          return hn::Sub(LoadFloats(df, g + i), hn::Mul(e, s_vector));
        },
        [&](int64_t i) { return LoadFloat(g + i) - cpu::det::ExpF(LoadFloat(y + i)) * s; });
  }
  return true;
}

template <bool kBackward, SoftmaxKind kKind>
SoftmaxVectorRow ForType(aclDataType input) {
  switch (input) {
    case ACL_FLOAT: return kBackward ? &BackwardRow<kKind, float> : &ForwardRow<kKind, float>;
    case ACL_FLOAT16: return kBackward ? &BackwardRow<kKind, Float16> : &ForwardRow<kKind, Float16>;
    case ACL_BF16: return kBackward ? &BackwardRow<kKind, BFloat16> : &ForwardRow<kKind, BFloat16>;
    default: return nullptr;
  }
}

SoftmaxVectorRow SelectVectorRow(bool backward, SoftmaxKind kind, aclDataType input, aclDataType out) {
  if (input != out) {
    return nullptr;
  }
  if (kind == SoftmaxKind::kSoftmax) {
    return backward ? ForType<true, SoftmaxKind::kSoftmax>(input) : ForType<false, SoftmaxKind::kSoftmax>(input);
  }
  return backward ? ForType<true, SoftmaxKind::kLogSoftmax>(input) : ForType<false, SoftmaxKind::kLogSoftmax>(input);
}

// ---------------------------------------------------------------------------------------------------------------
// Runs of strided rows side by side: lane i of every vector belongs to row i of a group of Lanes(dd) consecutive
// rows, which are adjacent in memory (the rows of a dimension that is not innermost, e.g. the classes of NCHW).
// Each row keeps its own eight lane sums (the vectors a0..a7, element k of the rows to a(k % 8)), combined in the
// same tree, so every row gets the bits of the scalar kernels.

template <typename T>
bool RunFits(const RowRun& run, int inputs) {
  const auto size = static_cast<int64_t>(sizeof(T));
  if (run.out_step != size || reinterpret_cast<uintptr_t>(run.first.out) % sizeof(T) != 0 ||
      run.first.out_stride % size != 0 || run.first.in_stride[0] == size) {
    return false;  // Contiguous rows go to the row kernels above.
  }
  for (int k = 0; k < inputs; ++k) {
    if (run.in_step[k] != size || reinterpret_cast<uintptr_t>(run.first.in[k]) % sizeof(T) != 0 ||
        run.first.in_stride[k] % size != 0) {
      return false;
    }
  }
  return true;
}

// Adds term to the lane-sum vector of element k (k % 8).
#define OPENACLNN_ROW_LANE_ADD(k, term)    \
  switch ((k) & 7) {                       \
    case 0: a0 = hn::Add(a0, term); break; \
    case 1: a1 = hn::Add(a1, term); break; \
    case 2: a2 = hn::Add(a2, term); break; \
    case 3: a3 = hn::Add(a3, term); break; \
    case 4: a4 = hn::Add(a4, term); break; \
    case 5: a5 = hn::Add(a5, term); break; \
    case 6: a6 = hn::Add(a6, term); break; \
    default: a7 = hn::Add(a7, term); break; \
  }

// The rows' sums of term(k) over k in [0, n), one per lane, in LaneAccumulator's order.
template <class Term>
HWY_INLINE hn::Vec<DD> GroupSum(int64_t n, const Term& term) {
  const DD dd;
  auto a0 = hn::Zero(dd), a1 = hn::Zero(dd), a2 = hn::Zero(dd), a3 = hn::Zero(dd);
  auto a4 = hn::Zero(dd), a5 = hn::Zero(dd), a6 = hn::Zero(dd), a7 = hn::Zero(dd);
  int64_t k = 0;
  for (; k + 8 <= n; k += 8) {
    a0 = hn::Add(a0, term(k));
    a1 = hn::Add(a1, term(k + 1));
    a2 = hn::Add(a2, term(k + 2));
    a3 = hn::Add(a3, term(k + 3));
    a4 = hn::Add(a4, term(k + 4));
    a5 = hn::Add(a5, term(k + 5));
    a6 = hn::Add(a6, term(k + 6));
    a7 = hn::Add(a7, term(k + 7));
  }
  for (; k < n; ++k) {
    const auto t = term(k);
    OPENACLNN_ROW_LANE_ADD(k, t)
  }
  return hn::Add(hn::Add(hn::Add(a0, a1), hn::Add(a2, a3)), hn::Add(hn::Add(a4, a5), hn::Add(a6, a7)));
}
#undef OPENACLNN_ROW_LANE_ADD

template <SoftmaxKind kKind, typename T>
int64_t ForwardRun(const RowRun& run, bool /*stream*/) {
  if (!RunFits<T>(run, 1)) {
    return 0;
  }
  const DD dd;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  const int64_t n = run.first.length;
  const int64_t in_step = run.first.in_stride[0] / static_cast<int64_t>(sizeof(T));  // Elements along a row.
  const int64_t out_step = run.first.out_stride / static_cast<int64_t>(sizeof(T));
  int64_t done = 0;
  for (; done + lanes <= run.count; done += lanes) {
    const T* x = reinterpret_cast<const T*>(run.first.in[0]) + done;
    T* out = reinterpret_cast<T*>(run.first.out) + done;
    auto max = hn::Set(dd, -std::numeric_limits<double>::infinity());
    auto nan = hn::Zero(dd);
    for (int64_t k = 0; k < n; ++k) {
      const auto v = LoadDoubles(x + k * in_step);
      nan = hn::Or(nan, hn::VecFromMask(dd, hn::Ne(v, v)));
      max = hn::Max(max, v);
    }
    if (!hn::AllTrue(dd, hn::Eq(nan, hn::Zero(dd)))) {
      break;  // A row of this group holds a NaN: the caller does the rest row by row.
    }
    const DF df;
    const auto m = hn::DemoteTo(df, max);  // Exact: float values.
    const auto sum = GroupSum(n, [&](int64_t k) { return ShiftedExpDoubles(x + k * in_step, m); });
    if constexpr (kKind == SoftmaxKind::kLogSoftmax) {
      const auto log_sum = hn::DemoteTo(df, cpu::HWY_NAMESPACE::LogVec(dd, sum));
      for (int64_t k = 0; k < n; ++k) {
        StoreFloats<T>(df, hn::Sub(hn::Sub(LoadFloats(df, x + k * in_step), m), log_sum), out + k * out_step);
      }
    } else {
      const auto reciprocal = hn::DemoteTo(df, hn::Div(hn::Set(dd, 1.0), sum));
      for (int64_t k = 0; k < n; ++k) {
        const auto e = cpu::HWY_NAMESPACE::ExpDiffFVec(df, LoadFloats(df, x + k * in_step), m);
        StoreFloats<T>(df, hn::Mul(e, reciprocal), out + k * out_step);
      }
    }
  }
  return done;
}

template <SoftmaxKind kKind, typename T>
int64_t BackwardRun(const RowRun& run, bool /*stream*/) {
  if (!RunFits<T>(run, 2)) {
    return 0;
  }
  const DD dd;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  const int64_t n = run.first.length;
  const int64_t g_step = run.first.in_stride[0] / static_cast<int64_t>(sizeof(T));
  const int64_t y_step = run.first.in_stride[1] / static_cast<int64_t>(sizeof(T));
  const int64_t out_step = run.first.out_stride / static_cast<int64_t>(sizeof(T));
  int64_t done = 0;
  for (; done + lanes <= run.count; done += lanes) {
    const T* g = reinterpret_cast<const T*>(run.first.in[0]) + done;
    const T* y = reinterpret_cast<const T*>(run.first.in[1]) + done;
    T* out = reinterpret_cast<T*>(run.first.out) + done;
    auto gv = [&](int64_t k) { return LoadDoubles(g + k * g_step); };
    auto yv = [&](int64_t k) { return LoadDoubles(y + k * y_step); };
    const DF df;
    auto gf = [&](int64_t k) { return LoadFloats(df, g + k * g_step); };
    auto yf = [&](int64_t k) { return LoadFloats(df, y + k * y_step); };
    if constexpr (kKind == SoftmaxKind::kSoftmax) {
      const auto s = hn::DemoteTo(df, GroupSum(n, [&](int64_t k) { return hn::Mul(gv(k), yv(k)); }));
      for (int64_t k = 0; k < n; ++k) {
        const auto yk = yf(k);
        StoreFloats<T>(df, hn::Sub(hn::Mul(gf(k), yk), hn::Mul(s, yk)), out + k * out_step);
      }
    } else {
      const auto s = hn::DemoteTo(df, GroupSum(n, gv));
      for (int64_t k = 0; k < n; ++k) {
        const auto e = cpu::HWY_NAMESPACE::ExpFVec(df, yf(k));
        StoreFloats<T>(df, hn::Sub(gf(k), hn::Mul(e, s)), out + k * out_step);
      }
    }
  }
  return done;
}

template <bool kBackward, SoftmaxKind kKind>
SoftmaxVectorRuns RunsForType(aclDataType input) {
  switch (input) {
    case ACL_FLOAT: return kBackward ? &BackwardRun<kKind, float> : &ForwardRun<kKind, float>;
    case ACL_FLOAT16: return kBackward ? &BackwardRun<kKind, Float16> : &ForwardRun<kKind, Float16>;
    case ACL_BF16: return kBackward ? &BackwardRun<kKind, BFloat16> : &ForwardRun<kKind, BFloat16>;
    default: return nullptr;
  }
}

SoftmaxVectorRuns SelectVectorRuns(bool backward, SoftmaxKind kind, aclDataType input, aclDataType out) {
  if (input != out) {
    return nullptr;
  }
  if (kind == SoftmaxKind::kSoftmax) {
    return backward ? RunsForType<true, SoftmaxKind::kSoftmax>(input)
                    : RunsForType<false, SoftmaxKind::kSoftmax>(input);
  }
  return backward ? RunsForType<true, SoftmaxKind::kLogSoftmax>(input)
                  : RunsForType<false, SoftmaxKind::kLogSoftmax>(input);
}

#else  // No double lanes (or one lane): every row goes to the scalar kernel.

SoftmaxVectorRow SelectVectorRow(bool, SoftmaxKind, aclDataType, aclDataType) { return nullptr; }
SoftmaxVectorRuns SelectVectorRuns(bool, SoftmaxKind, aclDataType, aclDataType) { return nullptr; }

#endif

int64_t CompiledTarget() { return HWY_TARGET; }

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::row
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "backend/cpu/hwy_dispatch.h"
#include "backend/cpu/kernel_target.h"

namespace openaclnn::row {
namespace {

using SelectFunction = SoftmaxVectorRow (*)(bool, SoftmaxKind, aclDataType, aclDataType);
using SelectRunsFunction = SoftmaxVectorRuns (*)(bool, SoftmaxKind, aclDataType, aclDataType);
using TargetFunction = int64_t (*)();
const TargetFunction kCompiledTargets[] = OPENACLNN_HWY_TABLE(CompiledTarget);
const SelectFunction kSelectors[] = OPENACLNN_HWY_TABLE(SelectVectorRow);
const SelectRunsFunction kRunsSelectors[] = OPENACLNN_HWY_TABLE(SelectVectorRuns);

}  // namespace

SoftmaxVectorRow SelectSoftmaxVectorRow(bool backward, SoftmaxKind kind, aclDataType input, aclDataType out,
                                        int64_t kernel_target) {
  if (kernel_target == cpu::kReferenceKernels) {
    return nullptr;
  }
  const SelectFunction select = cpu::ForTarget(kCompiledTargets, kSelectors, kernel_target);
  return select == nullptr ? nullptr : select(backward, kind, input, out);
}

SoftmaxVectorRuns SelectSoftmaxVectorRuns(bool backward, SoftmaxKind kind, aclDataType input, aclDataType out,
                                          int64_t kernel_target) {
  if (kernel_target == cpu::kReferenceKernels) {
    return nullptr;
  }
  const SelectRunsFunction select = cpu::ForTarget(kCompiledTargets, kRunsSelectors, kernel_target);
  return select == nullptr ? nullptr : select(backward, kind, input, out);
}

}  // namespace openaclnn::row
#endif  // HWY_ONCE
