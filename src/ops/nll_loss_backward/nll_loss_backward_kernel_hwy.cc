// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/nll_loss_backward/nll_loss_backward_kernel_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "backend/cpu/hwy_convert-inl.h"
#include "backend/cpu/hwy_store-inl.h"
#include "core/element.h"
#include "core/half.h"
#include "core/nan.h"
#include "hwy/cache_control.h"
#include "hwy/highway.h"
#include "ops/nll_loss_backward/nll_loss_backward_kernel.h"
#include "ops/nll_loss_backward/nll_loss_backward_kernel_hwy.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::nll {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace convert = cpu::HWY_NAMESPACE;

// out's elements handled as raw bits: +0.0 is all-zero bits in every float format, and the one value per row is
// converted with the scalar conversions of core/half.h, so the bits equal the reference kernel's.
template <typename OutT>
struct OutBits;
template <>
struct OutBits<float> {
  using Type = uint32_t;
  static Type From(float value) { return FloatBits(value); }
};
template <>
struct OutBits<Float16> {
  using Type = uint16_t;
  static Type From(float value) { return FloatToHalf(value); }
};
template <>
struct OutBits<BFloat16> {
  using Type = uint16_t;
  static Type From(float value) { return FloatToBf16(value); }
};

using cpu::HWY_NAMESPACE::PutVector;

// Zeros `vectors` whole vectors from `at` (vector-aligned when streaming).
template <class D, typename T = hn::TFromD<D>>
HWY_INLINE void ZeroVectors(D d, T* HWY_RESTRICT at, int64_t vectors, bool stream) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto zero = hn::Zero(d);
  int64_t v = 0;
  if (stream) {
    for (; v + 4 <= vectors; v += 4) {
      hn::Stream(zero, d, at + (v + 0) * lanes);
      hn::Stream(zero, d, at + (v + 1) * lanes);
      hn::Stream(zero, d, at + (v + 2) * lanes);
      hn::Stream(zero, d, at + (v + 3) * lanes);
    }
    for (; v < vectors; ++v) {
      hn::Stream(zero, d, at + v * lanes);
    }
  } else {
    for (; v + 4 <= vectors; v += 4) {
      hn::StoreU(zero, d, at + (v + 0) * lanes);
      hn::StoreU(zero, d, at + (v + 1) * lanes);
      hn::StoreU(zero, d, at + (v + 2) * lanes);
      hn::StoreU(zero, d, at + (v + 3) * lanes);
    }
    for (; v < vectors; ++v) {
      hn::StoreU(zero, d, at + v * lanes);
    }
  }
}

// Writes a contiguous row of `count` elements: hit_bits at index `hit` (none when hit is outside the row), zero
// bits everywhere else, each element once. Streaming stores need vector alignment, so a few leading elements
// may be written one by one first.
template <typename T>
HWY_INLINE void WriteContiguousRow(T* HWY_RESTRICT row, int64_t count, int64_t hit, T hit_bits, bool stream) {
  const hn::ScalableTag<T> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t head = 0;
  if (stream) {
    const uintptr_t vector_bytes = static_cast<uintptr_t>(lanes) * sizeof(T);
    const uintptr_t misalignment = reinterpret_cast<uintptr_t>(row) % vector_bytes;
    head = misalignment == 0 ? 0 : static_cast<int64_t>((vector_bytes - misalignment) / sizeof(T));
    head = head < count ? head : count;
  }
  const int64_t body_end = head + (count - head) / lanes * lanes;
  for (int64_t i = 0; i < head; ++i) {
    row[i] = i == hit ? hit_bits : T{0};
  }
  if (hit >= head && hit < body_end) {
    const int64_t hit_vector = head + (hit - head) / lanes * lanes;
    ZeroVectors(d, row + head, (hit_vector - head) / lanes, stream);
    const auto lane_is_hit = hn::Eq(hn::Iota(d, 0), hn::Set(d, static_cast<T>(hit - hit_vector)));
    PutVector(d, hn::IfThenElseZero(lane_is_hit, hn::Set(d, hit_bits)), row + hit_vector, stream);
    ZeroVectors(d, row + hit_vector + lanes, (body_end - hit_vector - lanes) / lanes, stream);
  } else {
    ZeroVectors(d, row + head, (body_end - head) / lanes, stream);
  }
  for (int64_t i = body_end; i < count; ++i) {
    row[i] = i == hit ? hit_bits : T{0};
  }
}

template <typename TargetT, typename InT, typename OutT>
void NllBlockSimd(const iter::Block& block, const NllKernelParams& params, class_index::TargetFault* fault) {
  using Bits = typename OutBits<OutT>::Type;
  const int64_t first_column = block.inner_index;
  const int64_t out_stride = block.inner_stride[kOutOperand];
  const bool contiguous = out_stride == static_cast<int64_t>(sizeof(Bits));
  const bool stream = params.streaming_stores && contiguous;
  for (int64_t r = 0; r < block.outer_size; ++r) {
    // The row's value, exactly as the reference kernel computes it.
    const int64_t target = LoadAsIndex<TargetT>(block.data[kTargetOperand] + r * block.outer_stride[kTargetOperand]);
    const bool ignored = target == params.ignore_index;
    const bool in_range = target >= 0 && target < params.classes;
    if (!ignored && !in_range) {
      fault->Note(block.linear_index / params.classes + r, target);  // Rows of C elements.
    }
    int64_t hit = -1;  // Relative to the block.
    float value = 0.0f;
    if (!ignored && in_range && target >= first_column && target < first_column + block.inner_size) {
      hit = target - first_column;
      const float weight = LoadAsFloat<InT>(block.data[kWeightOperand] + hit * block.inner_stride[kWeightOperand]);
      if (params.mean) {
        value = params.mean_scale * weight;
      } else {
        const float grad = LoadAsFloat<InT>(block.data[kGradOperand] + r * block.outer_stride[kGradOperand]);
        value = -(grad * weight);
      }
      value = CanonicalizeNan(value);  // As the reference kernel: same NaN bits on every path.
    }
    const Bits hit_bits = OutBits<OutT>::From(value);
    char* row = block.data[kOutOperand] + r * block.outer_stride[kOutOperand];
    if (contiguous && reinterpret_cast<uintptr_t>(row) % sizeof(Bits) == 0) {
      WriteContiguousRow(reinterpret_cast<Bits*>(row), block.inner_size, hit, hit_bits, stream);
    } else {
      const Bits zero = 0;
      for (int64_t i = 0; i < block.inner_size; ++i) {
        std::memcpy(row + i * out_stride, i == hit ? &hit_bits : &zero, sizeof(Bits));
      }
    }
  }
  if (stream) {
    hwy::FlushStream();  // Streaming stores are weakly ordered: make them visible before the launch completes.
  }
}


// The planes form of the scatter kernels (an NCHW gradient): the plan iterates the positions, and for each run of
// positions every class's plane is written in full, the run's values where the target is that class and zeros
// elsewhere, so each element of out is written exactly once, with no zero fill first. Values are computed exactly
// as NllScatterReference does (for mean, and for a one-element gradOutput, once per class: they depend on the
// class alone).
constexpr int64_t kPlaneChunk = 256;  // Positions whose values and classes are staged at once.

// The classes of `count` positions of contiguous targets (INT64; INT32 and UINT8 are widened to INT64 first) into
// classes[] (no_class where the target is ignoreIndex), a vector of targets at a time; false when a target is
// outside [0, C) and not ignoreIndex (then the caller's scalar loop redoes the chunk and notes the fault).
template <typename Bits>
HWY_INLINE bool StageClasses(const int64_t* HWY_RESTRICT target, int64_t count, const NllKernelParams& params,
                             Bits no_class, Bits* HWY_RESTRICT classes) {
  const hn::ScalableTag<int64_t> d;
  const hn::Rebind<Bits, decltype(d)> d_bits;
  const hn::RebindToUnsigned<decltype(d)> du;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto zero = hn::Zero(d);
  const auto ignore = hn::Set(d, params.ignore_index);
  const auto class_count = hn::Set(d, params.classes);
  const auto none = hn::Set(d, static_cast<int64_t>(no_class));
  int64_t k = 0;
  for (; k + lanes <= count; k += lanes) {
    const auto t = hn::LoadU(d, target + k);
    const auto in_range = hn::AndNot(hn::Lt(t, zero), hn::Lt(t, class_count));
    const auto ignored = hn::Eq(t, ignore);
    if (!hn::AllFalse(d, hn::AndNot(ignored, hn::Not(in_range)))) {
      return false;
    }
    const auto counting = hn::AndNot(ignored, in_range);
    hn::StoreU(hn::TruncateTo(d_bits, hn::BitCast(du, hn::IfThenElse(counting, t, none))), d_bits, classes + k);
  }
  for (; k < count; ++k) {
    const int64_t t = target[k];
    if (t == params.ignore_index) {
      classes[k] = no_class;
    } else if (t < 0 || t >= params.classes) {
      return false;
    } else {
      classes[k] = static_cast<Bits>(t);
    }
  }
  return true;
}

// A chunk's contiguous targets as INT64 for StageClasses: INT64 ones in place, narrower ones widened into `wide`.
template <typename TargetT>
HWY_INLINE const int64_t* WideTargets(const char* run, int64_t count, int64_t* HWY_RESTRICT wide) {
  if constexpr (std::is_same_v<TargetT, int64_t>) {
    (void)count;
    (void)wide;
    return reinterpret_cast<const int64_t*>(run);
  } else {
    const auto* narrow = reinterpret_cast<const TargetT*>(run);
    for (int64_t k = 0; k < count; ++k) {
      wide[k] = narrow[k];
    }
    return wide;
  }
}

// The values -(g * w[class]) of `count` positions whose classes are staged (reduction none: one gradOutput element
// per position, contiguous), a vector of floats at a time: the weight from a float table of the classes (exact
// conversions), the product, its negation and its NaN canonicalized as the reference kernel computes them, and
// one conversion to out's format. Lanes of ignored positions get a value that the plane writer never reads (their
// class is no_class).
template <typename InT, typename OutT, typename Bits>
HWY_INLINE void StageValues(const InT* HWY_RESTRICT grad, const Bits* HWY_RESTRICT classes,
                            const float* HWY_RESTRICT weights, int64_t count, Bits no_class,
                            Bits* HWY_RESTRICT values) {
  const hn::ScalableTag<float> df;
  const hn::RebindToSigned<decltype(df)> di;
  const hn::RebindToUnsigned<decltype(df)> du;
  const hn::Rebind<Bits, decltype(df)> d_bits;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  const auto none = hn::Set(du, static_cast<uint32_t>(no_class));
  const auto canonical_nan = hn::BitCast(df, hn::Set(du, kCanonicalNanBits));
  int64_t k = 0;
  for (; k + lanes <= count; k += lanes) {
    hn::Vec<decltype(du)> cls;
    if constexpr (sizeof(Bits) == sizeof(uint32_t)) {
      cls = hn::LoadU(du, reinterpret_cast<const uint32_t*>(classes + k));
    } else {
      cls = hn::PromoteTo(du, hn::LoadU(d_bits, classes + k));
    }
    const auto index = hn::BitCast(di, hn::IfThenZeroElse(hn::Eq(cls, none), cls));
    const auto weight = hn::GatherIndex(df, weights, index);
    auto value = hn::Neg(hn::Mul(convert::LoadAsFloats(df, grad + k), weight));
    value = hn::IfThenElse(hn::IsNaN(value), canonical_nan, value);
    if constexpr (std::is_same_v<OutT, float>) {
      hn::StoreU(hn::BitCast(du, value), du, reinterpret_cast<uint32_t*>(values + k));
    } else if constexpr (std::is_same_v<OutT, Float16>) {
      hn::StoreU(convert::FloatToHalf(df, value), d_bits, values + k);
    } else {
      hn::StoreU(convert::FloatToBf16(df, value), d_bits, values + k);
    }
  }
  for (; k < count; ++k) {
    const float weight = classes[k] == no_class ? 0.0f : weights[classes[k]];
    values[k] = OutBits<OutT>::From(CanonicalizeNan(-(LoadAsFloat<InT>(reinterpret_cast<const char*>(grad + k)) *
                                                      weight)));
  }
}

// StageValues reads the weights from a table of at most this many classes (more: the position-by-position loop).
constexpr int64_t kWeightTableClasses = 1024;

// GCC 12 for AArch64 stops with an internal compiler error on the planes kernel with StageValues for the SVE
// targets; there the values of reduction none are formed position by position (the same values, as the tests that
// compare every target's bytes check).
#if HWY_TARGET == HWY_SVE || HWY_TARGET == HWY_SVE2 || HWY_TARGET == HWY_SVE_256 || HWY_TARGET == HWY_SVE2_128
constexpr bool kValuesByVector = false;
#else
constexpr bool kValuesByVector = true;
#endif

template <typename TargetT, typename InT, typename OutT>
void NllPlanesSimd(const iter::Block& block, const NllKernelParams& params, class_index::TargetFault* fault) {
  using Bits = typename OutBits<OutT>::Type;
  const hn::ScalableTag<Bits> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto vector_bytes = static_cast<uintptr_t>(lanes) * sizeof(Bits);
  const int64_t out_stride = block.inner_stride[kOutOperand];
  const bool contiguous = out_stride == static_cast<int64_t>(sizeof(Bits));
  constexpr Bits kNoClass = static_cast<Bits>(~Bits{0});  // Never a class: the plan requires classes < kNoClass.
  HWY_ALIGN Bits classes[kPlaneChunk];
  HWY_ALIGN Bits values[kPlaneChunk];
  HWY_ALIGN int64_t wide_targets[std::is_same_v<TargetT, int64_t> ? 1 : kPlaneChunk];
  // mean, and sum with its one gradOutput element (broadcast: both strides 0), give a value that depends on the
  // class alone: taken once per class below, as NllScatterReference computes it per position.
  const bool per_class = params.mean || (block.inner_stride[kGradOperand] == 0 &&
                                         block.outer_stride[kGradOperand] == 0);
  const float one_grad = per_class && !params.mean ? LoadAsFloat<InT>(block.data[kGradOperand]) : 0.0f;
  // Per-position values (reduction none) are staged a vector at a time from contiguous gradOutput runs, with the
  // weights of every class converted to float once per block.
  const bool values_by_vector = kValuesByVector && !per_class && params.classes > 0 &&
                                params.classes <= kWeightTableClasses &&
                                block.inner_stride[kGradOperand] == static_cast<int64_t>(sizeof(InT));
  HWY_ALIGN float weights[kWeightTableClasses];
  for (int64_t c = 0; values_by_vector && c < params.classes; ++c) {
    weights[c] = LoadAsFloat<InT>(params.weight + c * params.weight_stride);
  }
  bool streamed = false;
  for (int64_t j = 0; j < block.outer_size; ++j) {
    // A block may start anywhere in a plane (threads split the positions): a short first chunk up to the next
    // vector boundary of out lets every later chunk's planes start aligned, so they can be streamed.
    const auto first_misalignment =
        reinterpret_cast<uintptr_t>(block.data[kOutOperand] + j * block.outer_stride[kOutOperand]) % vector_bytes;
    const int64_t head = contiguous && first_misalignment % sizeof(Bits) == 0 && first_misalignment != 0
                             ? static_cast<int64_t>((vector_bytes - first_misalignment) / sizeof(Bits))
                             : 0;
    for (int64_t begin = 0, count = 0; begin < block.inner_size; begin += count) {
      count = block.inner_size - begin < kPlaneChunk ? block.inner_size - begin : kPlaneChunk;
      count = begin == 0 && head > 0 && head < count ? head : count;
      // The classes from contiguous targets a vector at a time, then (reduction none) the values; anything else, or
      // a chunk with a target outside [0, C), position by position.
      const char* target_run = block.data[kTargetOperand] + j * block.outer_stride[kTargetOperand] +
                               begin * block.inner_stride[kTargetOperand];
      const bool stageable = (per_class || values_by_vector) &&
                             block.inner_stride[kTargetOperand] == static_cast<int64_t>(sizeof(TargetT)) &&
                             reinterpret_cast<uintptr_t>(target_run) % sizeof(TargetT) == 0;
      bool staged = stageable && StageClasses(WideTargets<TargetT>(target_run, count, wide_targets), count, params,
                                              kNoClass, classes);
      if constexpr (kValuesByVector) {
        if (staged && !per_class) {
          const char* grad_run = block.data[kGradOperand] + j * block.outer_stride[kGradOperand] +
                                 begin * block.inner_stride[kGradOperand];
          StageValues<InT, OutT>(reinterpret_cast<const InT*>(grad_run), classes, weights, count, kNoClass, values);
        }
      }
      for (int64_t k = 0; k < count && !staged; ++k) {
        const int64_t i = begin + k;
        const int64_t target = LoadAsIndex<TargetT>(block.data[kTargetOperand] +
                                                    j * block.outer_stride[kTargetOperand] +
                                                    i * block.inner_stride[kTargetOperand]);
        classes[k] = kNoClass;
        values[k] = 0;
        if (target == params.ignore_index) {
          continue;
        }
        if (target < 0 || target >= params.classes) {
          fault->Note(block.linear_index + j * block.inner_size + i, target);
          continue;
        }
        classes[k] = static_cast<Bits>(target);
        if (!per_class) {
          const float weight = LoadAsFloat<InT>(params.weight + target * params.weight_stride);
          const float grad = LoadAsFloat<InT>(block.data[kGradOperand] + j * block.outer_stride[kGradOperand] +
                                              i * block.inner_stride[kGradOperand]);
          values[k] = OutBits<OutT>::From(CanonicalizeNan(-(grad * weight)));
        }
      }
      char* run = block.data[kOutOperand] + j * block.outer_stride[kOutOperand] + begin * out_stride;
      for (int64_t c = 0; c < params.classes; ++c) {
        char* plane = run + c * params.class_stride;
        const auto cls = static_cast<Bits>(c);
        // mean: -(g / totalWeight) * w[c]; sum: -(g * w[c]).
        const float class_weight = per_class ? LoadAsFloat<InT>(params.weight + c * params.weight_stride) : 0.0f;
        const Bits class_bits =
            !per_class ? Bits{0}
            : params.mean ? OutBits<OutT>::From(CanonicalizeNan(params.mean_scale * class_weight))
                          : OutBits<OutT>::From(CanonicalizeNan(-(one_grad * class_weight)));
        int64_t k = 0;
        if (contiguous && reinterpret_cast<uintptr_t>(plane) % sizeof(Bits) == 0) {
          auto* to = reinterpret_cast<Bits*>(plane);
          const bool stream = params.streaming_stores && reinterpret_cast<uintptr_t>(plane) % vector_bytes == 0;
          streamed = streamed || stream;
          const auto class_vector = hn::Set(d, cls);
          const auto class_value = hn::Set(d, class_bits);
          for (; k + lanes <= count; k += lanes) {
            const auto hit = hn::Eq(hn::Load(d, classes + k), class_vector);
            const auto value = per_class ? class_value : hn::Load(d, values + k);
            PutVector(d, hn::IfThenElseZero(hit, value), to + k, stream);
          }
        }
        for (; k < count; ++k) {
          const Bits bits = classes[k] != cls ? Bits{0} : per_class ? class_bits : values[k];
          std::memcpy(plane + k * out_stride, &bits, sizeof(Bits));
        }
      }
    }
  }
  if (streamed) {
    hwy::FlushStream();  // Streaming stores are weakly ordered: make them visible before the launch completes.
  }
}

template <bool kPlanes, typename TargetT, typename InT>
NllBlockKernel ForOut(aclDataType out) {
  switch (out) {
    case ACL_FLOAT: return kPlanes ? &NllPlanesSimd<TargetT, InT, float> : &NllBlockSimd<TargetT, InT, float>;
    case ACL_FLOAT16: return kPlanes ? &NllPlanesSimd<TargetT, InT, Float16> : &NllBlockSimd<TargetT, InT, Float16>;
    case ACL_BF16: return kPlanes ? &NllPlanesSimd<TargetT, InT, BFloat16> : &NllBlockSimd<TargetT, InT, BFloat16>;
    default: return nullptr;
  }
}

template <bool kPlanes, typename TargetT>
NllBlockKernel ForInput(aclDataType input, aclDataType out) {
  switch (input) {
    case ACL_FLOAT: return ForOut<kPlanes, TargetT, float>(out);
    case ACL_FLOAT16: return ForOut<kPlanes, TargetT, Float16>(out);
    case ACL_BF16: return ForOut<kPlanes, TargetT, BFloat16>(out);
    default: return nullptr;
  }
}

template <bool kPlanes>
NllBlockKernel SelectForm(aclDataType target, aclDataType input, aclDataType out) {
  switch (target) {
    case ACL_INT64: return ForInput<kPlanes, int64_t>(input, out);
    case ACL_INT32: return ForInput<kPlanes, int32_t>(input, out);
    case ACL_UINT8: return ForInput<kPlanes, uint8_t>(input, out);
    default: return nullptr;
  }
}

NllBlockKernel SelectKernel(aclDataType target, aclDataType input, aclDataType out) {
  return SelectForm<false>(target, input, out);
}

NllBlockKernel SelectPlanesKernel(aclDataType target, aclDataType input, aclDataType out) {
  return SelectForm<true>(target, input, out);
}

int64_t CompiledTarget() { return HWY_TARGET; }

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::nll
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "backend/cpu/hwy_dispatch.h"
#include "backend/cpu/kernel_target.h"

namespace openaclnn::nll {
namespace {

using SelectFunction = NllBlockKernel (*)(aclDataType, aclDataType, aclDataType);
using TargetFunction = int64_t (*)();
const TargetFunction kCompiledTargets[] = OPENACLNN_HWY_TABLE(CompiledTarget);
const SelectFunction kSelectors[] = OPENACLNN_HWY_TABLE(SelectKernel);
const SelectFunction kPlanesSelectors[] = OPENACLNN_HWY_TABLE(SelectPlanesKernel);

}  // namespace

NllBlockKernel SelectNllBlockKernelSimd(int64_t simd_target, aclDataType target, aclDataType input,
                                        aclDataType out) {
  const SelectFunction select = cpu::ForTarget(kCompiledTargets, kSelectors, simd_target);
  return select != nullptr ? select(target, input, out) : nullptr;
}

NllBlockKernel ChooseNllPlanesKernel(aclDataType target, aclDataType input, aclDataType out, int64_t classes) {
  const int64_t simd_target = cpu::ActiveKernelTarget();
  const int64_t no_class = out == ACL_FLOAT ? int64_t{0xFFFFFFFF} : int64_t{0xFFFF};
  if (simd_target == cpu::kReferenceKernels || classes >= no_class) {
    return nullptr;
  }
  const SelectFunction select = cpu::ForTarget(kCompiledTargets, kPlanesSelectors, simd_target);
  return select != nullptr ? select(target, input, out) : nullptr;
}

NllBlockKernel ChooseNllBlockKernel(aclDataType target, aclDataType input, aclDataType out) {
  const int64_t simd_target = cpu::ActiveKernelTarget();
  if (simd_target != cpu::kReferenceKernels) {
    if (NllBlockKernel kernel = SelectNllBlockKernelSimd(simd_target, target, input, out)) {
      return kernel;
    }
  }
  return SelectNllBlockKernel(target, input, out);
}

}  // namespace openaclnn::nll
#endif  // HWY_ONCE
