#include "ops/cross_entropy_loss/cross_entropy_kernel.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>

#include "backend/cpu/det_math.h"
#include "backend/cpu/det_math_hwy.h"
#include "backend/cpu/kernel_target.h"
#include "core/element.h"
#include "core/half.h"
#include "ops/cross_entropy_loss/cross_entropy_rows_hwy.h"

namespace openaclnn::cross_entropy {
namespace {

constexpr int64_t kChunk = 512;  // Elements of a row whose exponentials are taken at once.

}  // namespace

double StableLog1p(double t) {
  const double u = 1.0 + t;
  if (u == 1.0) {
    return t;
  }
  if (std::isinf(u)) {
    return cpu::det::Log(u);
  }
  return cpu::det::Log(u) * (t / (u - 1.0));
}

namespace {

// exp(x) - 1 for x <= 0 from det::Exp and det::Log, accurate relative to the result near 0 (Kahan's form).
double Expm1(double x) {
  const double u = cpu::det::Exp(x);
  if (u == 1.0) {
    return x;
  }
  const double um1 = u - 1.0;
  if (um1 == -1.0 || std::isnan(x) || std::isinf(u)) {
    return um1;
  }
  return um1 * (x / cpu::det::Log(u));
}

// DECISIONS 17: the exponentials of a row in float32 (every input type is FLOAT, FLOAT16 or BFLOAT16, exact as
// float), on the kernel target's array form (the reference when that target is not compiled in), which gives the
// scalar form's bits. terms[k] = det::ExpDiffF(x[k], m), widened to double.
void ShiftedExpsInPlace(int64_t kernel_target, float* x, float m, double* terms, int64_t count) {
  if (!cpu::ExpDiffFloatArray(kernel_target, x, m, x, count)) {
    cpu::ExpDiffFloatArray(cpu::kReferenceKernels, x, m, x, count);
  }
  for (int64_t k = 0; k < count; ++k) terms[k] = x[k];
}

// terms[k] = det::ExpF(x[k]), widened to double.
void ExpsInPlace(int64_t kernel_target, float* x, double* terms, int64_t count) {
  if (!cpu::ExpFloatArray(kernel_target, x, x, count)) {
    cpu::ExpFloatArray(cpu::kReferenceKernels, x, x, count);
  }
  for (int64_t k = 0; k < count; ++k) terms[k] = x[k];
}

template <typename T>
constexpr aclDataType kDataType =
    std::is_same_v<T, float> ? ACL_FLOAT : (std::is_same_v<T, Float16> ? ACL_FLOAT16 : ACL_BF16);

template <typename T>
double Load(const char* address) {
  return LoadAsFloat<T>(address);
}

// value rounded once to T: for the 16-bit types through float rounded to odd (reduce_round.h's scheme), with the
// step toward zero done on the bits instead of a library call (a row's stores are the kernels' hottest loop).
template <typename T>
void Store(char* address, double value) {
  if constexpr (std::is_same_v<T, float>) {
    StoreRaw<float>(address, static_cast<float>(value));
  } else {
    const float nearest = static_cast<float>(value);
    const double back = static_cast<double>(nearest);
    // Inexact (and not NaN): one step toward zero when the nearest float lies beyond value, then the odd bit.
    const uint32_t inexact = (back != value) & (value == value) ? 1u : 0u;
    const uint32_t beyond = std::fabs(back) > std::fabs(value) ? 1u : 0u;
    const float rounded = BitsToFloat((FloatBits(nearest) - (inexact & beyond)) | inexact);
    if constexpr (std::is_same_v<T, BFloat16>) {
      StoreRaw<uint16_t>(address, FloatToBf16(rounded));
    } else {
      StoreRaw<uint16_t>(address, FloatToHalf(rounded));
    }
  }
}

template <typename TargetT>
RowKind Classify(const ClassTargets& t, int64_t n, int64_t* target, double* weight) {
  *target = LoadAsIndex<TargetT>(t.target + n * t.target_stride);
  *weight = 0.0;
  if (*target == t.ignore_index) {
    return RowKind::kIgnored;
  }
  if (*target < 0 || *target >= t.classes) {
    return RowKind::kBadTarget;
  }
  *weight = t.weight == nullptr ? 1.0 : LoadAsFloat<float>(t.weight + *target * t.weight_stride);
  return RowKind::kCounted;
}

double ClassWeight(const ClassTargets& t, int64_t c) {
  return t.weight == nullptr ? 1.0 : LoadAsFloat<float>(t.weight + c * t.weight_stride);
}

// Rows longer than this (in bytes of one operand) are not copied for the vector kernels (the scalar kernel does them).
constexpr int64_t kMaxCopiedRowBytes = int64_t{4} << 20;

// A strided row as the vector kernels take it: `dense` is `rows` with a strided input gathered into a thread's
// contiguous buffer and a strided output replaced by another (ScatterRow then copies it out). False when the
// buffers are not available (a row too long, out of memory): the scalar kernel does the row.
template <typename T>
bool DenseCopyOf(const row::Rows& rows, row::Rows* dense) {
  thread_local std::unique_ptr<char[]> in_buffer;
  thread_local std::unique_ptr<char[]> out_buffer;
  thread_local int64_t capacity = 0;
  const int64_t bytes = rows.length * static_cast<int64_t>(sizeof(T));
  if (bytes > kMaxCopiedRowBytes) {
    return false;
  }
  if (bytes > capacity) {
    in_buffer.reset(new (std::nothrow) char[static_cast<size_t>(bytes)]);
    out_buffer.reset(new (std::nothrow) char[static_cast<size_t>(bytes)]);
    capacity = in_buffer != nullptr && out_buffer != nullptr ? bytes : 0;
    if (capacity == 0) {
      return false;
    }
  }
  *dense = rows;
  if (rows.in_stride[0] != static_cast<int64_t>(sizeof(T))) {
    for (int64_t j = 0; j < rows.length; ++j) {
      std::memcpy(in_buffer.get() + j * static_cast<int64_t>(sizeof(T)), rows.in[0] + j * rows.in_stride[0],
                  sizeof(T));
    }
    dense->in[0] = in_buffer.get();
    dense->in_stride[0] = sizeof(T);
  }
  if (rows.out_stride != static_cast<int64_t>(sizeof(T))) {
    dense->out = out_buffer.get();
    dense->out_stride = sizeof(T);
  }
  return true;
}

// Copies a row the vector kernel wrote into DenseCopyOf's buffer to the strided output.
template <typename T>
void ScatterRow(const row::Rows& dense, const row::Rows& rows) {
  if (dense.out == rows.out) {
    return;
  }
  for (int64_t j = 0; j < rows.length; ++j) {
    std::memcpy(rows.out + j * rows.out_stride, dense.out + j * static_cast<int64_t>(sizeof(T)), sizeof(T));
  }
}

// The sum of term(k) over k in [0, length) in 8 interleaved lanes (term k to lane k % 8, whatever the chunking)
// combined in a fixed tree, as the vector kernels take it: the same bits on every target.
template <class Term>
double EightLaneSum(int64_t length, const Term& term) {
  constexpr int kLanes = 8;
  double lanes[kLanes] = {};
  for (int64_t k = 0; k < length; ++k) lanes[k % kLanes] += term(k);
  return ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
}

// kDense: the input and output rows are contiguous, so their strides are constants the compiler can vectorize the
// loads and conversions with (the arithmetic is the same either way).
template <typename T, typename TargetT, bool kDense>
void ForwardRowBody(const row::Rows& rows, const ForwardParams& params, int64_t kernel_target, ForwardRow* result) {
  const int64_t length = rows.length;
  const int64_t in_stride = kDense ? static_cast<int64_t>(sizeof(T)) : rows.in_stride[0];
  const int64_t out_stride = kDense ? static_cast<int64_t>(sizeof(T)) : rows.out_stride;
  const char* in = rows.in[0];
  auto x = [in, in_stride](int64_t j) { return Load<T>(in + j * in_stride); };
  const bool smoothing = params.label_smoothing > 0.0;
  const ClassTargets& targets = params.targets;
  double max = 0.0;
  double log_sum = 0.0;
  double weighted_shifts = 0.0;  // With smoothing: sum_c w_c (x_c - m), in the eight-lane order.
  bool vector_row = false;
  // A vector kernel does the row's bulk with the same bits (with smoothing, when the weights are contiguous); a
  // strided row through contiguous copies.
  const VectorForwardRow vector = SelectVectorRowKernels(kDataType<T>, kernel_target).forward;
  const bool weights_contiguous =
      targets.weight == nullptr || targets.weight_stride == static_cast<int64_t>(sizeof(float));
  row::Rows dense = rows;
  if (vector != nullptr && (!smoothing || weights_contiguous) && (kDense || DenseCopyOf<T>(rows, &dense))) {
    VectorForward vector_args;
    vector_args.stream = params.stream && dense.out == rows.out;
    vector_args.smoothing = smoothing;
    vector_args.weights = reinterpret_cast<const float*>(targets.weight);
    vector_row = vector(dense, &vector_args);
    if (vector_row) {
      ScatterRow<T>(dense, rows);
    }
    max = vector_args.max;
    log_sum = vector_args.log_sum;
    weighted_shifts = vector_args.weighted_shifts;
  }
  if (!vector_row) {
    // The maximum over 8 interleaved lanes (no dependency chain through the row); NaN anywhere makes it NaN.
    constexpr int kLanes = 8;
    double lane_max[kLanes];
    bool has_nan = false;
    for (double& m : lane_max) m = -std::numeric_limits<double>::infinity();
    int64_t i = 0;
    for (; i + kLanes <= length; i += kLanes) {
      for (int l = 0; l < kLanes; ++l) {
        const double value = x(i + l);
        has_nan = has_nan || value != value;
        lane_max[l] = value > lane_max[l] ? value : lane_max[l];
      }
    }
    for (; i < length; ++i) {
      const double value = x(i);
      has_nan = has_nan || value != value;
      lane_max[0] = value > lane_max[0] ? value : lane_max[0];
    }
    max = lane_max[0];
    for (int l = 1; l < kLanes; ++l) max = lane_max[l] > max ? lane_max[l] : max;
    if (has_nan) max = std::numeric_limits<double>::quiet_NaN();
    // T = (ties - 1) + the sum of exp(x_k - max) over the k with x_k != max: the maximum's own terms, exactly 1, are
    // counted instead (none for NaN: every result is NaN then). The sum is in 8 interleaved lanes (term k to lane
    // k % 8, whatever the chunking) combined in a fixed tree: the same bits on every target. The exponentials are
    // det::ExpDiffF(x_k, m) in float (x and m are float values, so exact as float).
    double terms[kChunk];
    float values[kChunk];
    double lanes[kLanes] = {};
    int64_t ties = 0;
    const auto max_float = static_cast<float>(max);
    for (int64_t begin = 0; begin < length; begin += kChunk) {
      const int64_t count = length - begin < kChunk ? length - begin : kChunk;
      for (int64_t k = 0; k < count; ++k) {
        values[k] = static_cast<float>(x(begin + k));
      }
      ShiftedExpsInPlace(kernel_target, values, max_float, terms, count);
      for (int64_t k = 0; k < count; ++k) {
        if (x(begin + k) == max) {
          terms[k] = 0.0;
          ++ties;
        }
      }
      int64_t k = 0;
      for (; k + kLanes <= count; k += kLanes) {  // kChunk is a multiple of 8: lane = index % 8.
        for (int l = 0; l < kLanes; ++l) lanes[l] += terms[k + l];
      }
      for (; k < count; ++k) lanes[k % kLanes] += terms[k];
    }
    const double rest =
        (((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]))) +
        static_cast<double>(ties > 0 ? ties - 1 : 0);
    log_sum = StableLog1p(rest);
    // A row of -inf only, or holding +inf or NaN: every result is NaN, as the formulas give.
    const double shift = std::isfinite(max) ? log_sum : std::numeric_limits<double>::quiet_NaN();
    if constexpr (std::is_same_v<T, float>) {
      for (int64_t j = 0; j < length; ++j) {
        Store<T>(rows.out + j * out_stride, (x(j) - max) - shift);
      }
    } else {
      // DECISIONS 4: float arithmetic, one rounding to the 16-bit type.
      const auto shift_float = static_cast<float>(shift);
      for (int64_t j = 0; j < length; ++j) {
        StoreFromFloat<T>(rows.out + j * out_stride, (LoadAsFloat<T>(in + j * in_stride) - max_float) - shift_float);
      }
    }
    if (smoothing) {
      weighted_shifts = EightLaneSum(length, [&](int64_t c) { return ClassWeight(targets, c) * (x(c) - max); });
    }
  }
  // A row of -inf only, or holding +inf or NaN: every result is NaN.
  const bool finite_max = std::isfinite(max);
  const double shift = finite_max ? log_sum : std::numeric_limits<double>::quiet_NaN();
  result->lse = finite_max ? max + log_sum : std::numeric_limits<double>::quiet_NaN();
  double weight = 0.0;
  result->kind = Classify<TargetT>(targets, rows.index, &result->target, &weight);
  result->weight = weight;
  result->loss = 0.0;
  if (result->kind == RowKind::kCounted) {
    const double target_log_prob = (x(result->target) - max) - shift;
    const double nll = -(weight * target_log_prob);
    // sum_c w_c logProb_c = sum_c w_c (x_c - m) - log1p(T) W: terms of one sign for non-negative weights.
    const double smooth_sum = weighted_shifts - shift * params.weight_total;
    result->loss = smoothing ? (1.0 - params.label_smoothing) * nll +
                                   (params.label_smoothing / static_cast<double>(length)) * -smooth_sum
                             : nll;
  }
}

template <typename T, typename TargetT>
void ForwardRowOf(const row::Rows& rows, const ForwardParams& params, int64_t kernel_target, ForwardRow* result) {
  if (rows.in_stride[0] == static_cast<int64_t>(sizeof(T)) && rows.out_stride == static_cast<int64_t>(sizeof(T))) {
    ForwardRowBody<T, TargetT, true>(rows, params, kernel_target, result);
  } else {
    ForwardRowBody<T, TargetT, false>(rows, params, kernel_target, result);
  }
}

template <typename T, typename TargetT, bool kDense>
RowKind GradRowBody(const row::Rows& rows, const GradParams& p, int64_t kernel_target) {
  const int64_t length = rows.length;
  const int64_t in_stride = kDense ? static_cast<int64_t>(sizeof(T)) : rows.in_stride[0];
  const int64_t out_stride = kDense ? static_cast<int64_t>(sizeof(T)) : rows.out_stride;
  int64_t target = 0;
  double target_weight = 0.0;
  const RowKind kind = Classify<TargetT>(p.targets, rows.index, &target, &target_weight);
  if (kind == RowKind::kBadTarget) {
    // DECISIONS 8: the row contributes nothing.
    for (int64_t j = 0; j < length; ++j) {
      Store<T>(rows.out + j * out_stride, 0.0);
    }
    return kind;
  }
  // The coefficients of CANN's formula, mask 0 for an ignored row (for mean over no counted row: 0 / 0 = NaN).
  const double mask = kind == RowKind::kCounted ? 1.0 : 0.0;
  const double g = Load<T>(p.grad_loss + rows.index * p.grad_loss_stride);
  double loss_coefficient = g * p.one_minus_smoothing * mask;
  double smooth = g * p.smoothing_per_class * mask;
  if (p.mean) {
    loss_coefficient = loss_coefficient / p.loss_divisor;
    smooth = smooth / p.loss_divisor;
  }
  const double nll_grad = loss_coefficient * target_weight;
  double lse_grad = 0.0;
  if (p.grad_zloss != nullptr) {
    double zloss_grad = Load<T>(p.grad_zloss + rows.index * p.grad_zloss_stride);
    if (p.mean) {
      zloss_grad = zloss_grad / p.zloss_divisor;
    }
    lse_grad = p.twice_zloss_scale * Load<T>(p.lse + rows.index * p.lse_stride) * mask * zloss_grad;
  }
  // out_j = p_j (nllGrad + smooth * sum_c w_c + lseGrad) - smooth * w_j, minus nllGrad at j == t.
  const double shared = smooth * p.weight_total + lse_grad;
  const double coefficient = nll_grad + shared;
  const bool per_class = smooth != 0.0;  // The smoothing term varies with the class's weight.
  const bool float_products = UseFloatProducts(kDataType<T>, per_class, coefficient);
  // p_j = det::ExpF(logProb_j) in float (DECISIONS 17); the products in float (float_products) or in double.
  bool vector_row = false;
  const VectorGradRow vector = SelectVectorRowKernels(kDataType<T>, kernel_target).grad;
  const bool weights_contiguous =
      p.targets.weight == nullptr || p.targets.weight_stride == static_cast<int64_t>(sizeof(float));
  row::Rows dense = rows;
  if (vector != nullptr && (!per_class || weights_contiguous) && (kDense || DenseCopyOf<T>(rows, &dense))) {
    VectorGrad vector_args;
    vector_args.stream = p.stream && dense.out == rows.out;
    vector_args.float_products = float_products;
    vector_args.coefficient = coefficient;
    vector_args.smooth = per_class ? smooth : 0.0;
    vector_args.weights = per_class ? reinterpret_cast<const float*>(p.targets.weight) : nullptr;
    vector_row = vector(dense, vector_args);
    if (vector_row) {
      ScatterRow<T>(dense, rows);
    }
  }
  double terms[kChunk];
  float values[kChunk];
  const auto coefficient_float = static_cast<float>(coefficient);
  for (int64_t begin = 0; begin < length && !vector_row; begin += kChunk) {
    const int64_t count = length - begin < kChunk ? length - begin : kChunk;
    for (int64_t k = 0; k < count; ++k) {
      values[k] = LoadAsFloat<T>(rows.in[0] + (begin + k) * in_stride);
    }
    ExpsInPlace(kernel_target, values, terms, count);
    char* out = rows.out + begin * out_stride;
    if (float_products) {
      for (int64_t k = 0; k < count; ++k) {
        StoreFromFloat<T>(out + k * out_stride, values[k] * coefficient_float);
      }
    } else if (per_class) {
      for (int64_t k = 0; k < count; ++k) {
        Store<T>(out + k * out_stride, terms[k] * coefficient - smooth * ClassWeight(p.targets, begin + k));
      }
    } else {
      for (int64_t k = 0; k < count; ++k) {
        Store<T>(out + k * out_stride, terms[k] * coefficient);
      }
    }
  }
  if (kind == RowKind::kCounted) {
    // The target's element again: p_t nllGrad - nllGrad through expm1, so a confident row does not cancel.
    const double log_prob = Load<T>(rows.in[0] + target * in_stride);
    const double prob = cpu::det::Exp(log_prob);
    Store<T>(rows.out + target * out_stride,
             nll_grad * Expm1(log_prob) + prob * shared - smooth * ClassWeight(p.targets, target));
  }
  return kind;
}

template <typename T, typename TargetT>
RowKind GradRowOf(const row::Rows& rows, const GradParams& p, int64_t kernel_target) {
  if (rows.in_stride[0] == static_cast<int64_t>(sizeof(T)) && rows.out_stride == static_cast<int64_t>(sizeof(T))) {
    return GradRowBody<T, TargetT, true>(rows, p, kernel_target);
  }
  return GradRowBody<T, TargetT, false>(rows, p, kernel_target);
}

template <typename T>
ForwardRowKernel ForwardForTarget(aclDataType target) {
  switch (target) {
    case ACL_INT64: return &ForwardRowOf<T, int64_t>;
    case ACL_INT32: return &ForwardRowOf<T, int32_t>;
    default: return nullptr;
  }
}

template <typename T>
GradRowKernel GradForTarget(aclDataType target) {
  switch (target) {
    case ACL_INT64: return &GradRowOf<T, int64_t>;
    case ACL_INT32: return &GradRowOf<T, int32_t>;
    default: return nullptr;
  }
}

}  // namespace

RowKind ClassifyRow(const ClassTargets& targets, aclDataType target_type, int64_t n, int64_t* target,
                    double* weight) {
  return target_type == ACL_INT32 ? Classify<int32_t>(targets, n, target, weight)
                                  : Classify<int64_t>(targets, n, target, weight);
}

double ClassWeightTotal(const ClassTargets& targets) {
  double total = 0.0;
  for (int64_t c = 0; c < targets.classes; ++c) {
    total += ClassWeight(targets, c);
  }
  return total;
}

ClassTargets WithContiguousWeights(const ClassTargets& targets, std::vector<float>* storage) {
  if (targets.weight == nullptr || targets.weight_stride == static_cast<int64_t>(sizeof(float))) {
    return targets;
  }
  storage->resize(static_cast<size_t>(targets.classes));
  for (int64_t c = 0; c < targets.classes; ++c) {
    (*storage)[static_cast<size_t>(c)] = LoadAsFloat<float>(targets.weight + c * targets.weight_stride);
  }
  ClassTargets contiguous = targets;
  contiguous.weight = reinterpret_cast<const char*>(storage->data());
  contiguous.weight_stride = static_cast<int64_t>(sizeof(float));
  return contiguous;
}

bool UseFloatProducts(aclDataType type, bool per_class, double coefficient) {
  const double magnitude = std::fabs(coefficient);
  return type != ACL_FLOAT && !per_class &&
         (magnitude == 0.0 || (magnitude >= std::numeric_limits<float>::min() &&
                               magnitude <= std::numeric_limits<float>::max()));
}

ForwardRowKernel SelectForwardRowKernel(aclDataType input, aclDataType target) {
  switch (input) {
    case ACL_FLOAT: return ForwardForTarget<float>(target);
    case ACL_FLOAT16: return ForwardForTarget<Float16>(target);
    case ACL_BF16: return ForwardForTarget<BFloat16>(target);
    default: return nullptr;
  }
}

GradRowKernel SelectGradRowKernel(aclDataType input, aclDataType target) {
  switch (input) {
    case ACL_FLOAT: return GradForTarget<float>(target);
    case ACL_FLOAT16: return GradForTarget<Float16>(target);
    case ACL_BF16: return GradForTarget<BFloat16>(target);
    default: return nullptr;
  }
}

}  // namespace openaclnn::cross_entropy
