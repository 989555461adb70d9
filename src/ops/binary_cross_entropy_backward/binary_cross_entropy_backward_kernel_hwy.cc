// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_kernel_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include <cstdint>

#include "backend/cpu/hwy_convert-inl.h"
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
using D16 = convert::Bits16<DF>;

// How elements of each data type are stored and moved between memory and float vectors.
template <typename T>
struct Io;

template <>
struct Io<float> {
  using Storage = float;
  static hn::Vec<DF> Load(DF df, const Storage* p) { return hn::LoadU(df, p); }
  static void Store(DF df, hn::Vec<DF> v, Storage* p, bool stream) {
    if (stream) {
      hn::Stream(v, df, p);
    } else {
      hn::StoreU(v, df, p);
    }
  }
  static constexpr bool CanStream() { return true; }
};

template <typename T>
struct Io16 {
  using Storage = uint16_t;
  // x86 streams whole 128-bit registers: a narrower vector of 16-bit lanes must use ordinary stores.
  static constexpr bool CanStream() { return !HWY_ARCH_X86 || hn::MaxLanes(D16()) * sizeof(uint16_t) >= 16; }
  static void StoreBits(hn::Vec<D16> bits, Storage* p, bool stream) {
    if (CanStream() && stream) {
      hn::Stream(bits, D16(), p);
    } else {
      hn::StoreU(bits, D16(), p);
    }
  }
};

template <>
struct Io<Float16> : Io16<Float16> {
  static hn::Vec<DF> Load(DF df, const Storage* p) { return convert::HalfToFloat(df, hn::LoadU(D16(), p)); }
  static void Store(DF df, hn::Vec<DF> v, Storage* p, bool stream) {
    StoreBits(convert::FloatToHalf(df, v), p, stream);
  }
};

template <>
struct Io<BFloat16> : Io16<BFloat16> {
  static hn::Vec<DF> Load(DF df, const Storage* p) { return convert::Bf16ToFloat(df, hn::LoadU(D16(), p)); }
  static void Store(DF df, hn::Vec<DF> v, Storage* p, bool stream) {
    StoreBits(convert::FloatToBf16(df, v), p, stream);
  }
};

// One input operand along a run: contiguous, or one element repeated (stride 0).
template <typename In>
struct InputRun {
  using Storage = typename Io<In>::Storage;
  const Storage* data;
  bool broadcast;
  hn::Vec<DF> repeated;  // The broadcast element in every lane.

  InputRun(DF df, const char* address, bool is_broadcast)
      : data(reinterpret_cast<const Storage*>(address)),
        broadcast(is_broadcast),
        repeated(hn::Set(df, LoadAsFloat<In>(address))) {}

  hn::Vec<DF> Vector(DF df, int64_t i) const { return broadcast ? repeated : Io<In>::Load(df, data + i); }
  float Scalar(int64_t i) const {
    return LoadAsFloat<In>(reinterpret_cast<const char*>(broadcast ? data : data + i));
  }
};

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

template <typename In, typename Out, bool kWeight, bool kMean>
void RunContiguous(const char* const* inputs, const bool* broadcast, char* out_address, int64_t count,
                   float mean_scale, bool stream) {
  using OutStorage = typename Io<Out>::Storage;
  const DF df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  const InputRun<In> grad(df, inputs[0], broadcast[0]);
  const InputRun<In> self(df, inputs[1], broadcast[1]);
  const InputRun<In> target(df, inputs[2], broadcast[2]);
  const InputRun<In> weight(df, kWeight ? inputs[3] : inputs[2], kWeight ? broadcast[3] : true);
  OutStorage* out = reinterpret_cast<OutStorage*>(out_address);

  auto scalar = [&](int64_t i) {
    const float w = kWeight ? weight.Scalar(i) : 1.0f;
    StoreFromFloat<Out>(reinterpret_cast<char*>(out + i),
                        ScalarElement<kWeight, kMean>(grad.Scalar(i), self.Scalar(i), target.Scalar(i), w,
                                                      mean_scale));
  };

  // Streaming stores need whole aligned vectors: a few leading elements go one by one.
  stream = stream && Io<Out>::CanStream();
  int64_t head = 0;
  if (stream) {
    const uintptr_t vector_bytes = static_cast<uintptr_t>(lanes) * sizeof(OutStorage);
    const uintptr_t misalignment = reinterpret_cast<uintptr_t>(out) % vector_bytes;
    head = misalignment == 0 ? 0 : static_cast<int64_t>((vector_bytes - misalignment) / sizeof(OutStorage));
    head = head < count ? head : count;
  }
  for (int64_t i = 0; i < head; ++i) {
    scalar(i);
  }
  const auto one = hn::Set(df, 1.0f);
  const auto epsilon = hn::Set(df, kBceEpsilon);
  const auto scale = hn::Set(df, mean_scale);
  const auto canonical_nan = hn::BitCast(df, hn::Set(hn::RebindToUnsigned<DF>(), kCanonicalNanBits));
  int64_t i = head;
  for (; i + lanes <= count; i += lanes) {
    const auto g = grad.Vector(df, i);
    const auto x = self.Vector(df, i);
    const auto y = target.Vector(df, i);
    const auto numerator = hn::Mul(g, hn::Sub(x, y));
    auto denominator = hn::Mul(x, hn::Sub(one, x));
    // Compare and select like ClampDenominator: a NaN denominator stays NaN (a vector Max may not keep it).
    denominator = hn::IfThenElse(hn::Lt(denominator, epsilon), epsilon, denominator);
    auto result = hn::Div(numerator, denominator);
    if (kWeight) {
      result = hn::Mul(result, weight.Vector(df, i));
    }
    if (kMean) {
      result = hn::Mul(result, scale);
    }
    result = hn::IfThenElse(hn::IsNaN(result), canonical_nan, result);  // As core/nan.h.
    Io<Out>::Store(df, result, out + i, stream);
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
      iter::Block one_row = block;
      for (int k = 0; k < kMaxBceOperands; ++k) {
        one_row.data[k] = block.data[k] + row * block.outer_stride[k];
      }
      one_row.outer_size = 1;
      BceBlockReference(one_row, params);
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
