// Vector conversions between float and the 16-bit float formats for the Highway kernels, bit-identical to the
// scalar conversions of core/half.h on every target: round to nearest even, NaNs quieted with their sign and top
// payload bits kept. Targets with a hardware converter that behaves exactly so (x86 F16C from the AVX2 target
// up; AArch64 FCVT under Linux's default FPCR: round to nearest, no default-NaN, no flush-to-zero) use it; the
// others use integer arithmetic. Highway's own emulated conversions truncate, so they are not
// used. Per-target header: include it after hwy/highway.h in a file compiled through foreach_target.h.

// Re-included once per target (Highway's toggle convention), hence no classic include guard.
#if defined(OPENACLNN_BACKEND_CPU_HWY_CONVERT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_BACKEND_CPU_HWY_CONVERT_INL_H_
#undef OPENACLNN_BACKEND_CPU_HWY_CONVERT_INL_H_
#else
#define OPENACLNN_BACKEND_CPU_HWY_CONVERT_INL_H_
#endif

#include <cstdint>
#include <type_traits>

#include "core/element.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::cpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

#undef OPENACLNN_HWY_HARDWARE_F16
#if (HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2 && !defined(HWY_DISABLE_F16C)) || \
    (HWY_ARCH_ARM_A64 && HWY_TARGET != HWY_SCALAR && HWY_TARGET != HWY_EMU128)
#define OPENACLNN_HWY_HARDWARE_F16 1
#else
#define OPENACLNN_HWY_HARDWARE_F16 0
#endif

// Raw 16-bit lanes, as many as DF has float lanes.
template <class DF>
using Bits16 = hn::Rebind<uint16_t, DF>;

// The conversions work on 32-bit lanes holding a 16-bit pattern in their low half, so kernels can also feed
// them two 16-bit elements per 32-bit lane (even and odd halves) without any cross-lane shuffle.

// bits: a BFLOAT16 pattern in the low 16 bits of each lane.
template <class DF>
HWY_INLINE hn::Vec<DF> Bf16BitsToFloat(DF df, hn::Vec<hn::RebindToUnsigned<DF>> bits) {
  return hn::BitCast(df, hn::ShiftLeft<16>(bits));
}

// The BFLOAT16 pattern of each lane, in its low 16 bits (upper bits zero).
template <class DF>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<DF>> FloatToBf16Bits(DF df, hn::Vec<DF> value) {
  (void)df;
  const hn::RebindToUnsigned<DF> du;
  const hn::RebindToSigned<DF> di;
  const auto bits = hn::BitCast(du, value);
  const auto magnitude = hn::BitCast(di, hn::And(bits, hn::Set(du, 0x7fffffffu)));
  const auto is_nan = hn::RebindMask(du, hn::Gt(magnitude, hn::Set(di, 0x7f800000)));
  const auto upper = hn::ShiftRight<16>(bits);
  const auto rounding = hn::Add(hn::Set(du, 0x7fffu), hn::And(upper, hn::Set(du, 1u)));
  const auto rounded = hn::ShiftRight<16>(hn::Add(bits, rounding));
  const auto quiet_nan = hn::Or(upper, hn::Set(du, 0x0040u));
  return hn::IfThenElse(is_nan, quiet_nan, rounded);
}

// bits: a FLOAT16 pattern in the low 16 bits of each lane.
template <class DF>
HWY_INLINE hn::Vec<DF> HalfBitsToFloat(DF df, hn::Vec<hn::RebindToUnsigned<DF>> half) {
  const hn::RebindToUnsigned<DF> du;
  const hn::RebindToSigned<DF> di;
  const auto sign = hn::ShiftLeft<16>(hn::And(half, hn::Set(du, 0x8000u)));
  const auto exponent = hn::And(hn::ShiftRight<10>(half), hn::Set(du, 0x1fu));
  const auto mantissa = hn::And(half, hn::Set(du, 0x3ffu));
  const auto normal = hn::Or(hn::ShiftLeft<23>(hn::Add(exponent, hn::Set(du, 112u))), hn::ShiftLeft<13>(mantissa));
  // Infinity keeps a zero mantissa; a NaN comes back quiet.
  const auto quiet = hn::IfThenZeroElse(hn::Eq(mantissa, hn::Zero(du)), hn::Set(du, 0x00400000u));
  const auto special = hn::Or(hn::Or(hn::Set(du, 0x7f800000u), quiet), hn::ShiftLeft<13>(mantissa));
  // Zero and subnormal halves are mantissa * 2^-24, exactly representable as normal floats.
  const auto small = hn::BitCast(du, hn::Mul(hn::ConvertTo(df, hn::BitCast(di, mantissa)), hn::Set(df, 0x1p-24f)));
  auto magnitude = hn::IfThenElse(hn::Eq(exponent, hn::Set(du, 0x1fu)), special, normal);
  magnitude = hn::IfThenElse(hn::Eq(exponent, hn::Zero(du)), small, magnitude);
  return hn::BitCast(df, hn::Or(sign, magnitude));
}

// The FLOAT16 pattern of each lane, in its low 16 bits (upper bits zero).
template <class DF>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<DF>> FloatToHalfBits(DF df, hn::Vec<DF> value) {
  const hn::RebindToUnsigned<DF> du;
  const hn::RebindToSigned<DF> di;
  const auto bits = hn::BitCast(du, value);
  const auto sign = hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 0x8000u));
  const auto magnitude = hn::And(bits, hn::Set(du, 0x7fffffffu));
  const auto signed_magnitude = hn::BitCast(di, magnitude);
  // Normal range: rebias the exponent and round the 13 dropped mantissa bits to nearest even.
  auto normal = hn::Sub(magnitude, hn::Set(du, 0x38000000u));
  normal = hn::Add(normal, hn::Add(hn::Set(du, 0x0fffu), hn::And(hn::ShiftRight<13>(normal), hn::Set(du, 1u))));
  normal = hn::ShiftRight<13>(normal);
  // Below 2^-14: adding 0.5f rounds |value| to a multiple of 2^-24 (the subnormal half spacing) to nearest even,
  // and the low bits of the sum count those multiples. Values below 2^-25 round to zero the same way.
  const auto subnormal =
      hn::Sub(hn::BitCast(du, hn::Add(hn::BitCast(df, magnitude), hn::Set(df, 0.5f))), hn::Set(du, 0x3f000000u));
  const auto nan = hn::Or(hn::Set(du, 0x7e00u), hn::And(hn::ShiftRight<13>(magnitude), hn::Set(du, 0x3ffu)));
  auto result = hn::IfThenElse(hn::RebindMask(du, hn::Lt(signed_magnitude, hn::Set(di, 0x38800000))), subnormal,
                               normal);
  // At or above 65520 rounds to infinity.
  result = hn::IfThenElse(hn::RebindMask(du, hn::Gt(signed_magnitude, hn::Set(di, 0x477fefff))),
                          hn::Set(du, 0x7c00u), result);
  result = hn::IfThenElse(hn::RebindMask(du, hn::Gt(signed_magnitude, hn::Set(di, 0x7f800000))), nan, result);
  return hn::Or(sign, result);
}

// Vectors of 16-bit elements, one per float lane.

template <class DF>
HWY_INLINE hn::Vec<DF> Bf16ToFloat(DF df, hn::Vec<Bits16<DF>> bits) {
  return Bf16BitsToFloat(df, hn::PromoteTo(hn::RebindToUnsigned<DF>(), bits));
}

template <class DF>
HWY_INLINE hn::Vec<Bits16<DF>> FloatToBf16(DF df, hn::Vec<DF> value) {
  return hn::TruncateTo(Bits16<DF>(), FloatToBf16Bits(df, value));
}

template <class DF>
HWY_INLINE hn::Vec<DF> HalfToFloat(DF df, hn::Vec<Bits16<DF>> bits) {
#if OPENACLNN_HWY_HARDWARE_F16
  const hn::Rebind<hwy::float16_t, DF> dh;
  return hn::PromoteTo(df, hn::BitCast(dh, bits));
#else
  return HalfBitsToFloat(df, hn::PromoteTo(hn::RebindToUnsigned<DF>(), bits));
#endif
}

template <class DF>
HWY_INLINE hn::Vec<Bits16<DF>> FloatToHalf(DF df, hn::Vec<DF> value) {
#if OPENACLNN_HWY_HARDWARE_F16
  (void)df;
  const hn::Rebind<hwy::float16_t, DF> dh;
  return hn::BitCast(Bits16<DF>(), hn::DemoteTo(dh, value));
#else
  return hn::TruncateTo(Bits16<DF>(), FloatToHalfBits(df, value));
#endif
}

// One float per lane of DF from `p` (T: float, or core/element.h's Float16 or BFloat16 storage): the scalar
// conversions' values.
template <typename T, class DF>
HWY_INLINE hn::Vec<DF> LoadAsFloats(DF df, const T* HWY_RESTRICT p) {
  if constexpr (std::is_same_v<T, float>) {
    return hn::LoadU(df, p);
  } else {
    const auto bits = hn::LoadU(Bits16<DF>(), reinterpret_cast<const uint16_t*>(p));
    if constexpr (std::is_same_v<T, BFloat16>) {
      return Bf16ToFloat(df, bits);
    } else {
      return HalfToFloat(df, bits);
    }
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::cpu
HWY_AFTER_NAMESPACE();

#endif  // toggle guard
