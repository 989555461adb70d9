// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_kernel_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "backend/cpu/hwy_convert-inl.h"
#include "backend/cpu/hwy_store-inl.h"
#include "core/element.h"
#include "core/nan.h"
#include "hwy/cache_control.h"
#include "hwy/highway.h"
#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_kernel.h"
#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_kernel_hwy.h"
#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_math.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::bce {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace convert = cpu::HWY_NAMESPACE;

using DF = hn::ScalableTag<float>;
using DU = hn::RebindToUnsigned<DF>;
using V = hn::Vec<DF>;
using cpu::HWY_NAMESPACE::PutVector;

// How elements of each data type move between memory and float vectors, two vectors' worth per step.
// kPacked (16-bit types on both sides, not the one-lane target): element 2k sits in the low half of 32-bit lane k
// of a full vector and element 2k + 1 in its high half; the computation is element-wise, so it runs on the even
// and the odd elements as two float vectors with no shuffle at all, and StorePair puts them back. Otherwise
// the two vectors hold consecutive elements. StorePair requires canonical NaNs (core/nan.h), which the kernel
// produces.
template <typename T>
struct Io;

template <>
struct Io<float> {
  using Storage = float;
  template <bool kPacked>
  static HWY_INLINE void LoadPair(DF df, const Storage* p, V& a, V& b) {
    static_assert(!kPacked, "FLOAT runs are never packed");
    a = hn::LoadU(df, p);
    b = hn::LoadU(df, p + hn::Lanes(df));
  }
  template <bool kPacked>
  static HWY_INLINE void StorePair(DF df, V a, V b, Storage* p, bool stream) {
    static_assert(!kPacked, "FLOAT runs are never packed");
    PutVector(df, a, p, stream);
    PutVector(df, b, p + hn::Lanes(df), stream);
  }
};

// BFLOAT16 and FLOAT16 share the moves and differ in the conversions.
template <typename Convert>
struct Io16 {
  using Storage = uint16_t;
  using D16h = convert::Bits16<DF>;  // One 16-bit lane per float lane.

  template <bool kPacked>
  static HWY_INLINE void LoadPair(DF df, const Storage* p, V& a, V& b) {
#if HWY_TARGET != HWY_SCALAR
    if constexpr (kPacked) {
      Convert::FromPairs(df, hn::BitCast(DU(), hn::LoadU(hn::Repartition<uint16_t, DF>(), p)), a, b);
      return;
    }
#endif
    a = Convert::FromLanes(df, hn::LoadU(D16h(), p));
    b = Convert::FromLanes(df, hn::LoadU(D16h(), p + hn::Lanes(df)));
  }

  template <bool kPacked>
  static HWY_INLINE void StorePair(DF df, V a, V b, Storage* p, bool stream) {
#if HWY_TARGET == HWY_SCALAR
    PutVector(D16h(), Convert::ToLanes(df, a), p, stream);
    PutVector(D16h(), Convert::ToLanes(df, b), p + 1, stream);
#else
    const hn::Repartition<uint16_t, DF> d16;
    if constexpr (kPacked) {
      PutVector(d16, hn::BitCast(d16, Convert::ToPairs(df, a, b)), p, stream);
    } else {
      // One full vector: x86 streams whole registers, so a half-width 16-bit vector must not be streamed.
      PutVector(d16, hn::Combine(d16, Convert::ToLanes(df, b), Convert::ToLanes(df, a)), p, stream);
    }
#endif
  }
};

// Packed pairs (see Io): `low` holds the even elements, `high` the odd ones. Vector shifts issue on fewer
// execution ports than other integer operations, so the BFLOAT16 moves use as few as they can.
struct Bf16Convert {
  static HWY_INLINE V FromLanes(DF df, hn::Vec<convert::Bits16<DF>> bits) { return convert::Bf16ToFloat(df, bits); }
  // A BFLOAT16 pattern is the top half of its float: shifting the low element up, or clearing the low element
  // under the high one, gives each float directly.
  static HWY_INLINE void FromPairs(DF df, hn::Vec<DU> pairs, V& low, V& high) {
    low = hn::BitCast(df, hn::ShiftLeft<16>(pairs));
    high = hn::BitCast(df, hn::And(pairs, hn::Set(DU(), 0xffff0000u)));
  }
  static HWY_INLINE hn::Vec<DU> ToPairs(DF df, V low, V high) {
    (void)df;
    return hn::Or(hn::ShiftRight<16>(Rounded(low)), hn::And(Rounded(high), hn::Set(DU(), 0xffff0000u)));
  }
  static HWY_INLINE hn::Vec<convert::Bits16<DF>> ToLanes(DF df, V value) {
    (void)df;
    return hn::TruncateTo(convert::Bits16<DF>(), hn::ShiftRight<16>(Rounded(value)));
  }

 private:
  // The float rounded to nearest even at bit 16, so its top half is the BFLOAT16 pattern. With NaNs canonical
  // (0x7fc00000 rounds to 0x7fc0, the pattern the full conversion gives it), this alone equals FloatToBf16,
  // without its NaN test.
  static HWY_INLINE hn::Vec<DU> Rounded(V value) {
    const DU du;
    const auto bits = hn::BitCast(du, value);
    return hn::Add(bits, hn::Add(hn::Set(du, 0x7fffu), hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 1u))));
  }
};

struct HalfConvert {
  static HWY_INLINE V FromLanes(DF df, hn::Vec<convert::Bits16<DF>> bits) { return convert::HalfToFloat(df, bits); }
  static HWY_INLINE hn::Vec<convert::Bits16<DF>> ToLanes(DF df, V value) { return convert::FloatToHalf(df, value); }
  static HWY_INLINE void FromPairs(DF df, hn::Vec<DU> pairs, V& low, V& high) {
    low = FromLowBits(df, hn::And(pairs, hn::Set(DU(), 0xffffu)));
    high = FromLowBits(df, hn::ShiftRight<16>(pairs));
  }
  static HWY_INLINE hn::Vec<DU> ToPairs(DF df, V low, V high) {
    return hn::Or(ToLowBits(df, low), hn::ShiftLeft<16>(ToLowBits(df, high)));
  }

 private:
  // One FLOAT16 pattern in the low 16 bits of each lane.
  static HWY_INLINE V FromLowBits(DF df, hn::Vec<DU> bits) {
#if OPENACLNN_HWY_HARDWARE_F16
    return convert::HalfToFloat(df, hn::TruncateTo(convert::Bits16<DF>(), bits));
#else
    return convert::HalfBitsToFloat(df, bits);
#endif
  }
  static HWY_INLINE hn::Vec<DU> ToLowBits(DF df, V value) {
#if OPENACLNN_HWY_HARDWARE_F16
    return hn::PromoteTo(DU(), convert::FloatToHalf(df, value));
#else
    return convert::FloatToHalfBits(df, value);
#endif
  }
};

template <>
struct Io<BFloat16> : Io16<Bf16Convert> {};
template <>
struct Io<Float16> : Io16<HalfConvert> {};

// The reference formula for one element (head and tail of a run).
template <bool kWeight, bool kMean>
HWY_INLINE float ScalarElement(float g, float x, float y, float w, float mean_scale) {
  float out = BceGradient(g, x, y);
  if (kWeight) {
    out = out * w;
  }
  if (kMean) {
    out = out * mean_scale;
  }
  return CanonicalizeNan(out);
}

// A run of `count` elements: out contiguous, each input contiguous or one element repeated (broadcast).
template <typename In, typename Out, bool kWeight, bool kMean>
void RunContiguous(const char* const* inputs, const bool* broadcast, char* out_address, int64_t count,
                   float mean_scale, bool stream) {
  using InStorage = typename Io<In>::Storage;
  using OutStorage = typename Io<Out>::Storage;
  constexpr int kInputs = kWeight ? 4 : 3;  // gradOutput, self, target, weight
  // Packed (even/odd) steps when both sides are 16-bit; with hardware FLOAT16 conversions only for BFLOAT16,
  // since the hardware converts consecutive elements anyway.
  constexpr bool kSixteen = sizeof(InStorage) == 2 && sizeof(OutStorage) == 2;
  constexpr bool kHardwareHalf = OPENACLNN_HWY_HARDWARE_F16 != 0;
  constexpr bool kPacked = HWY_TARGET != HWY_SCALAR && kSixteen &&
                           !(kHardwareHalf && (std::is_same_v<In, Float16> || std::is_same_v<Out, Float16>));
  const DF df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  const int64_t step = 2 * lanes;
  OutStorage* out = reinterpret_cast<OutStorage*>(out_address);

  auto element = [&](int k, int64_t i) {
    return LoadAsFloat<In>(inputs[k] + (broadcast[k] ? 0 : i * static_cast<int64_t>(sizeof(InStorage))));
  };
  auto scalar = [&](int64_t i) {
    const float w = kWeight ? element(3, i) : 1.0f;
    StoreFromFloat<Out>(reinterpret_cast<char*>(out + i),
                        ScalarElement<kWeight, kMean>(element(0, i), element(1, i), element(2, i), w, mean_scale));
  };

  // Streaming stores need aligned vectors: a few leading elements go one by one.
  int64_t head = 0;
  if (stream) {
    const uintptr_t vector_bytes = static_cast<uintptr_t>(lanes) * sizeof(float);
    const uintptr_t misalignment = reinterpret_cast<uintptr_t>(out) % vector_bytes;
    if (misalignment % sizeof(OutStorage) == 0 && misalignment != 0) {
      head = static_cast<int64_t>((vector_bytes - misalignment) / sizeof(OutStorage));
    }
    head = head < count ? head : count;
    stream = misalignment % sizeof(OutStorage) == 0;
  }
  for (int64_t i = 0; i < head; ++i) {
    scalar(i);
  }

  // A broadcast operand reads a step's worth of copies of its element that never advances, so one loop serves
  // every broadcast pattern.
  HWY_ALIGN InStorage repeated[kInputs][2 * HWY_MAX_BYTES / sizeof(float)];
  const InStorage* source[kInputs];
  int64_t advance[kInputs];
  for (int k = 0; k < kInputs; ++k) {
    if (broadcast[k]) {
      InStorage value;
      std::memcpy(&value, inputs[k], sizeof(value));
      for (int64_t i = 0; i < step; ++i) {
        repeated[k][i] = value;
      }
      source[k] = repeated[k];
      advance[k] = 0;
    } else {
      source[k] = reinterpret_cast<const InStorage*>(inputs[k]) + head;
      advance[k] = step;
    }
  }

  const auto one = hn::Set(df, 1.0f);
  const auto epsilon = hn::Set(df, kBceEpsilon);
  const auto scale = hn::Set(df, mean_scale);
  const auto canonical_nan = hn::BitCast(df, hn::Set(DU(), kCanonicalNanBits));
  auto formula = [&](V g, V x, V y, V w) {
    const auto numerator = hn::Mul(g, hn::Sub(x, y));
    // A vector Max may turn a NaN denominator into the epsilon where ClampDenominator keeps it, but the
    // denominator is NaN only when x is, and then the numerator is NaN too: the quotient is NaN either way.
    const auto denominator = hn::Max(hn::Mul(x, hn::Sub(one, x)), epsilon);
    auto result = hn::Div(numerator, denominator);
    if (kWeight) {
      result = hn::Mul(result, w);
    }
    if (kMean) {
      result = hn::Mul(result, scale);
    }
    return hn::IfThenElse(hn::IsNaN(result), canonical_nan, result);  // As core/nan.h.
  };

  int64_t i = head;
  for (; i + step <= count; i += step) {
    V g0, g1, x0, x1, y0, y1;
    V w0 = one;
    V w1 = one;
    Io<In>::template LoadPair<kPacked>(df, source[0], g0, g1);
    Io<In>::template LoadPair<kPacked>(df, source[1], x0, x1);
    Io<In>::template LoadPair<kPacked>(df, source[2], y0, y1);
    source[0] += advance[0];
    source[1] += advance[1];
    source[2] += advance[2];
    if (kWeight) {
      Io<In>::template LoadPair<kPacked>(df, source[kInputs - 1], w0, w1);
      source[kInputs - 1] += advance[kInputs - 1];
    }
    Io<Out>::template StorePair<kPacked>(df, formula(g0, x0, y0, w0), formula(g1, x1, y1, w1), out + i, stream);
  }
  for (; i < count; ++i) {
    scalar(i);
  }
}

template <typename In, typename Out, bool kWeight, bool kMean>
void BceBlockSimd(const iter::Block& block, const BceKernelParams& params) {
  constexpr int64_t kInBytes = sizeof(typename Io<In>::Storage);
  constexpr int64_t kOutBytes = sizeof(typename Io<Out>::Storage);
  constexpr int kInputs = kWeight ? 4 : 3;
  const int slots[4] = {kGradOperand, kSelfOperand, kTargetOperand, kWeightOperand};
  bool fast = block.inner_stride[kOutOperand] == kOutBytes;
  bool broadcast[4] = {false, false, false, false};
  for (int k = 0; k < kInputs; ++k) {
    const int64_t stride = block.inner_stride[slots[k]];
    broadcast[k] = stride == 0;
    fast = fast && (stride == 0 || stride == kInBytes);
  }
  if (!fast) {
    BceBlockReference(block, params);
    return;
  }
  const bool stream = params.streaming_stores;
  for (int64_t row = 0; row < block.outer_size; ++row) {
    const char* inputs[4] = {};
    bool aligned = true;
    for (int k = 0; k < kInputs; ++k) {
      inputs[k] = block.data[slots[k]] + row * block.outer_stride[slots[k]];
      aligned = aligned && reinterpret_cast<uintptr_t>(inputs[k]) % kInBytes == 0;
    }
    char* out = block.data[kOutOperand] + row * block.outer_stride[kOutOperand];
    aligned = aligned && reinterpret_cast<uintptr_t>(out) % kOutBytes == 0;
    if (!aligned) {
      // Elements not aligned to their size (a data pointer off by a byte): the reference handles any address.
      BceBlockReference(iter::RowOf(block, row), params);
      continue;
    }
    RunContiguous<In, Out, kWeight, kMean>(inputs, broadcast, out, block.inner_size, params.mean_scale, stream);
  }
  if (stream) {
    hwy::FlushStream();  // Streaming stores are weakly ordered: make them visible before the launch completes.
  }
}

template <typename In, typename Out>
BceBlockKernel ForFlags(bool weight, bool mean) {
  if (weight) {
    return mean ? &BceBlockSimd<In, Out, true, true> : &BceBlockSimd<In, Out, true, false>;
  }
  return mean ? &BceBlockSimd<In, Out, false, true> : &BceBlockSimd<In, Out, false, false>;
}

template <typename In>
BceBlockKernel ForOut(const BceKernelParams& params) {
  switch (params.dtype[kOutOperand]) {
    case ACL_FLOAT: return ForFlags<In, float>(params.has_weight, params.mean);
    case ACL_FLOAT16: return ForFlags<In, Float16>(params.has_weight, params.mean);
    case ACL_BF16: return ForFlags<In, BFloat16>(params.has_weight, params.mean);
    default: return nullptr;
  }
}

BceBlockKernel SelectKernel(const BceKernelParams& params) {
  const aclDataType input = params.dtype[kSelfOperand];
  if (params.dtype[kGradOperand] != input || params.dtype[kTargetOperand] != input ||
      (params.has_weight && params.dtype[kWeightOperand] != input)) {
    return nullptr;  // Mixed input types: the reference kernel converts each operand on its own.
  }
  switch (input) {
    case ACL_FLOAT: return ForOut<float>(params);
    case ACL_FLOAT16: return ForOut<Float16>(params);
    case ACL_BF16: return ForOut<BFloat16>(params);
    default: return nullptr;
  }
}

int64_t CompiledTarget() { return HWY_TARGET; }

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::bce
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "backend/cpu/hwy_dispatch.h"
#include "backend/cpu/kernel_target.h"

namespace openaclnn::bce {
namespace {

using SelectFunction = BceBlockKernel (*)(const BceKernelParams&);
using TargetFunction = int64_t (*)();
const TargetFunction kCompiledTargets[] = OPENACLNN_HWY_TABLE(CompiledTarget);
const SelectFunction kSelectors[] = OPENACLNN_HWY_TABLE(SelectKernel);

}  // namespace

BceBlockKernel SelectBceBlockKernelSimd(int64_t simd_target, const BceKernelParams& params) {
  const SelectFunction select = cpu::ForTarget(kCompiledTargets, kSelectors, simd_target);
  return select != nullptr ? select(params) : nullptr;
}

BceBlockKernel ChooseBceBlockKernel(const BceKernelParams& params) {
  const int64_t simd_target = cpu::ActiveKernelTarget();
  if (simd_target != cpu::kReferenceKernels) {
    if (BceBlockKernel kernel = SelectBceBlockKernelSimd(simd_target, params)) {
      return kernel;
    }
  }
  return SelectBceBlockKernel(params);
}

}  // namespace openaclnn::bce
#endif  // HWY_ONCE
