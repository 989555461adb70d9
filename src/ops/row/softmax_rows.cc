#include "ops/row/softmax_rows.h"

#include <cmath>
#include <limits>
#include <type_traits>

#include "backend/cpu/det_math.h"
#include "backend/cpu/det_math_hwy.h"
#include "backend/cpu/kernel_target.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_round.h"
#include "core/element.h"

namespace openaclnn::row {
namespace {

template <typename T>
double LoadAsDouble(const char* address) {
  if constexpr (std::is_same_v<T, double>) {
    return LoadRaw<double>(address);
  } else {
    return LoadAsFloat<T>(address);
  }
}

template <typename T>
void StoreDouble(char* address, double value) {
  if constexpr (std::is_same_v<T, double>) {
    StoreRaw<double>(address, value);
  } else {
    cpu::StoreFromDouble<T>(address, value);
  }
}

// self's element as the computation sees it: log-softmax rounds it to out's type first (CANN's cast).
template <SoftmaxKind kKind, typename InT, typename OutT>
double Element(const Rows& rows, int64_t j) {
  const double value = LoadAsDouble<InT>(rows.in[0] + j * rows.in_stride[0]);
  if constexpr (kKind == SoftmaxKind::kLogSoftmax && !std::is_same_v<InT, OutT>) {
    char rounded[sizeof(OutT)];
    StoreDouble<OutT>(rounded, value);
    return LoadAsDouble<OutT>(rounded);
  } else {
    return value;
  }
}

constexpr int64_t kChunk = 512;  // Elements of a row whose exponentials are taken at once.

// DECISIONS 17: rows of FLOAT, FLOAT16 and BFLOAT16 (self and out) do their per-element work in float32 (the
// exponentials and the outputs); a DOUBLE self or out keeps every step in double.
template <typename InT, typename OutT>
constexpr bool kInFloat = !std::is_same_v<InT, double> && !std::is_same_v<OutT, double>;

// exp(x_j - max) for j in [begin, begin + count) of the row, into `terms`: in float (det::ExpDiffF: the
// difference taken exactly) or in double (det::Exp of the difference, exact in double for every input type).
template <SoftmaxKind kKind, typename InT, typename OutT>
void ShiftedExps(const Rows& rows, int64_t begin, int64_t count, double max, int64_t kernel_target, double* terms) {
  if constexpr (kInFloat<InT, OutT>) {
    float x[kChunk];
    float e[kChunk];
    for (int64_t k = 0; k < count; ++k) {
      x[k] = static_cast<float>(Element<kKind, InT, OutT>(rows, begin + k));  // Exact: a float value.
    }
    const auto m = static_cast<float>(max);
    if (!cpu::ExpDiffFloatArray(kernel_target, x, m, e, count)) {
      cpu::ExpDiffFloatArray(cpu::kReferenceKernels, x, m, e, count);
    }
    for (int64_t k = 0; k < count; ++k) {
      terms[k] = e[k];
    }
  } else {
    for (int64_t k = 0; k < count; ++k) {
      terms[k] = Element<kKind, InT, OutT>(rows, begin + k) - max;
    }
    if (!cpu::ExpArray(kernel_target, terms, terms, count)) {
      cpu::ExpArray(cpu::kReferenceKernels, terms, terms, count);
    }
  }
}

template <SoftmaxKind kKind, typename InT, typename OutT>
void SoftmaxRow(const Rows& rows, int64_t kernel_target) {
  double max = -std::numeric_limits<double>::infinity();
  for (int64_t j = 0; j < rows.length; ++j) {
    const double x = Element<kKind, InT, OutT>(rows, j);
    if (std::isnan(x)) {
      max = x;
      break;
    }
    max = x > max ? x : max;
  }
  double terms[kChunk];
  // The sum in LaneAccumulator's fixed order (element j to lane j % 8), whatever the chunking: the order the
  // vector kernels (softmax_rows_hwy.h) keep in registers, so every target gives the same sum.
  cpu::LaneAccumulator<1> accumulator;
  for (int64_t begin = 0; begin < rows.length; begin += kChunk) {
    const int64_t count = rows.length - begin < kChunk ? rows.length - begin : kChunk;
    ShiftedExps<kKind, InT, OutT>(rows, begin, count, max, kernel_target, terms);
    accumulator.AddSeries(terms, count);
  }
  const double sum = accumulator.Totals()[0];
  if constexpr (kKind == SoftmaxKind::kLogSoftmax) {
    const double log_sum = cpu::det::Log(sum);
    for (int64_t j = 0; j < rows.length; ++j) {
      char* to = rows.out + j * rows.out_stride;
      if constexpr (kInFloat<InT, OutT>) {  // In float: (x - m) - log(S) rounded to float once.
        const auto x = static_cast<float>(Element<kKind, InT, OutT>(rows, j));  // Exact: a float value.
        StoreFromFloat<OutT>(to, (x - static_cast<float>(max)) - static_cast<float>(log_sum));
      } else {
        StoreDouble<OutT>(to, (Element<kKind, InT, OutT>(rows, j) - max) - log_sum);
      }
    }
  } else {
    const auto reciprocal = static_cast<float>(1.0 / sum);  // The float path's one reciprocal per row.
    for (int64_t begin = 0; begin < rows.length; begin += kChunk) {
      const int64_t count = rows.length - begin < kChunk ? rows.length - begin : kChunk;
      ShiftedExps<kKind, InT, OutT>(rows, begin, count, max, kernel_target, terms);
      for (int64_t k = 0; k < count; ++k) {
        char* to = rows.out + (begin + k) * rows.out_stride;
        if constexpr (kInFloat<InT, OutT>) {
          StoreFromFloat<OutT>(to, static_cast<float>(terms[k]) * reciprocal);  // terms[k]: a float, widened.
        } else {
          StoreDouble<OutT>(to, terms[k] / sum);
        }
      }
    }
  }
}

template <SoftmaxKind kKind, typename InT, typename OutT>
void SoftmaxBackwardRow(const Rows& rows, int64_t /*kernel_target*/) {
  auto grad = [&rows](int64_t j) { return LoadAsDouble<InT>(rows.in[0] + j * rows.in_stride[0]); };
  auto output = [&rows](int64_t j) { return LoadAsDouble<InT>(rows.in[1] + j * rows.in_stride[1]); };
  cpu::LaneAccumulator<1> accumulator;  // The forwards' fixed order of the sum (above).
  for (int64_t j = 0; j < rows.length; ++j) {
    accumulator.Add({kKind == SoftmaxKind::kSoftmax ? grad(j) * output(j) : grad(j)});
  }
  const double sum = accumulator.Totals()[0];
  if constexpr (kInFloat<InT, OutT>) {  // In float, with the sum rounded to float once.
    const auto s = static_cast<float>(sum);
    for (int64_t j = 0; j < rows.length; ++j) {
      const auto g = static_cast<float>(grad(j));  // Exact: float values.
      const auto y = static_cast<float>(output(j));
      const float value = kKind == SoftmaxKind::kSoftmax ? g * y - s * y : g - cpu::det::ExpF(y) * s;
      StoreFromFloat<OutT>(rows.out + j * rows.out_stride, value);
    }
    return;
  }
  for (int64_t j = 0; j < rows.length; ++j) {
    const double value = kKind == SoftmaxKind::kSoftmax ? grad(j) * output(j) - sum * output(j)
                                                        : grad(j) - cpu::det::Exp(output(j)) * sum;
    StoreDouble<OutT>(rows.out + j * rows.out_stride, value);
  }
}

// The row function for the kind, one pair of types.
template <bool kBackward, SoftmaxKind kKind, typename InT, typename OutT>
constexpr SoftmaxRowKernel kRowFunction =
    kBackward ? &SoftmaxBackwardRow<kKind, InT, OutT> : &SoftmaxRow<kKind, InT, OutT>;

template <bool kBackward, SoftmaxKind kKind, typename InT>
SoftmaxRowKernel ForOut(aclDataType out) {
  switch (out) {
    case ACL_FLOAT: return kRowFunction<kBackward, kKind, InT, float>;
    case ACL_FLOAT16: return kRowFunction<kBackward, kKind, InT, Float16>;
    case ACL_BF16: return kRowFunction<kBackward, kKind, InT, BFloat16>;
    case ACL_DOUBLE: return kRowFunction<kBackward, kKind, InT, double>;
    default: return nullptr;
  }
}

template <bool kBackward, SoftmaxKind kKind>
SoftmaxRowKernel ForInput(aclDataType input, aclDataType out) {
  switch (input) {
    case ACL_FLOAT: return ForOut<kBackward, kKind, float>(out);
    case ACL_FLOAT16: return ForOut<kBackward, kKind, Float16>(out);
    case ACL_BF16: return ForOut<kBackward, kKind, BFloat16>(out);
    case ACL_DOUBLE: return kBackward ? nullptr : ForOut<kBackward, kKind, double>(out);
    default: return nullptr;
  }
}

template <bool kBackward>
SoftmaxRowKernel Select(SoftmaxKind kind, aclDataType input, aclDataType out) {
  return kind == SoftmaxKind::kSoftmax ? ForInput<kBackward, SoftmaxKind::kSoftmax>(input, out)
                                       : ForInput<kBackward, SoftmaxKind::kLogSoftmax>(input, out);
}

}  // namespace

SoftmaxRowKernel SelectSoftmaxRowKernel(SoftmaxKind kind, aclDataType self, aclDataType out) {
  return Select<false>(kind, self, out);
}

SoftmaxRowKernel SelectSoftmaxBackwardRowKernel(SoftmaxKind kind, aclDataType input, aclDataType out) {
  return Select<true>(kind, input, out);
}

}  // namespace openaclnn::row
