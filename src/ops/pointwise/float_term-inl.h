// The forward term in float lanes, for 16-bit inputs and outputs: what a term's optional ValueFloatVec must
// promise, and the exactness tests it is built from. Per-target header (Highway's toggle convention): include
// after hwy/highway.h in a file compiled through foreach_target.h.
//
// Why a float form is allowed at all: the forward rounds its double term D once to FLOAT16 or BFLOAT16
// (DECISIONS 17). Where the float result F and D are both the exact term e rounded once (to float and to double),
// RN16(F) equals RN16(D) unless F is a 16-bit tie (exactly halfway between two 16-bit values) that e is not: every
// tie is a float and a double, rounding is monotonic, so e, F and D lie on the same side of each tie; and where F
// is e itself, F, D and e are one number. So a term supplies
//   template <class DF>
//   static hn::Vec<DF> ValueFloatVec(DF df, hn::Vec<DF> x, hn::Vec<DF> y, const FloatConstants& c,
//                                    hn::Mask<DF>& once, hn::Mask<DF>& exact);
// with `once` the lanes where F and ValueVec's double are both e rounded once, and `exact` (a subset) those where F
// is e. FloatConstants is the term's own struct of floats, made once per run from the parameters by its
//   static FloatConstants FloatConstantsOf(const TermParams& p);
// (the loops then hold them in registers instead of deriving them from the parameters per vector); a term without
// parameters leaves FloatConstantsOf out and takes pointwise::NoFloatConstants. The engine (engine-inl.h) stores
// RN16(F) for a vector whose every lane is finite and either exact or once and not a tie; any other vector goes
// through the double term, as before. Same bits either way.

#ifndef OPENACLNN_OPS_POINTWISE_NO_FLOAT_CONSTANTS_
#define OPENACLNN_OPS_POINTWISE_NO_FLOAT_CONSTANTS_
namespace openaclnn::pointwise {
struct NoFloatConstants {};
}  // namespace openaclnn::pointwise
#endif

#if defined(OPENACLNN_OPS_POINTWISE_FLOAT_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_POINTWISE_FLOAT_TERM_INL_H_
#undef OPENACLNN_OPS_POINTWISE_FLOAT_TERM_INL_H_
#else
#define OPENACLNN_OPS_POINTWISE_FLOAT_TERM_INL_H_
#endif

#include <cstdint>
#include <type_traits>

#include "core/element.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::pointwise {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Lanes where d = fl(x - y) is the exact difference: Knuth's two-sum error of x + (-y), zero exactly then (NaN for
// infinite operands, so never exact there).
template <class DF>
HWY_INLINE hn::Mask<DF> DifferenceIsExact(DF df, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> d) {
  const auto minus_y = hn::Neg(y);
  const auto x_part = hn::Add(d, y);             // d - (-y)
  const auto y_part = hn::Sub(d, x_part);        // d - x_part
  const auto x_error = hn::Sub(x, x_part);
  const auto y_error = hn::Sub(minus_y, y_part);
  return hn::Eq(hn::Add(x_error, y_error), hn::Zero(df));
}

// Lanes where d * d is exact in float: d has at most 12 significant bits (the lowest 12 of its 23 stored ones
// clear) and |d| >= 2^-63, so that the square is a normal float; or d is zero.
template <class DF>
HWY_INLINE hn::Mask<DF> SquareIsExact(DF df, hn::Vec<DF> d) {
  const hn::RebindToUnsigned<DF> du;
  const auto short_mantissa = hn::RebindMask(df, hn::Eq(hn::And(hn::BitCast(du, d), hn::Set(du, 0xfffu)),
                                                        hn::Zero(du)));
  const auto large_enough = hn::Ge(hn::Abs(d), hn::Set(df, 0x1p-63f));
  return hn::Or(hn::And(short_mantissa, large_enough), hn::Eq(d, hn::Zero(df)));
}

// Lanes of v (finite) that are no 16-bit tie, a value exactly halfway between two 16-bit ones, where RN16(v)
// needs nothing more than v rounded once. BFLOAT16 keeps float's exponent, so its ties are the floats whose
// lowest 16 bits are 0x8000 (subnormals too). FLOAT16 drops 13 bits from floats of magnitude 2^-14 and above (its
// normals, and its overflow point 65520); below that it drops more, and every nonzero lane there counts as a tie.
// Compared as bits with "not equal", so no negation follows.
template <typename Out, class DF>
HWY_INLINE hn::Mask<DF> NoSixteenBitTie(DF df, hn::Vec<DF> v) {
  const hn::RebindToUnsigned<DF> du;
  const auto bits = hn::BitCast(du, v);
  if constexpr (std::is_same_v<Out, BFloat16>) {
    return hn::RebindMask(df, hn::Ne(hn::And(bits, hn::Set(du, 0xffffu)), hn::Set(du, 0x8000u)));
  } else {
    const auto no_tie = hn::RebindMask(df, hn::Ne(hn::And(bits, hn::Set(du, 0x1fffu)), hn::Set(du, 0x1000u)));
    const auto zero_or_normal = hn::Or(hn::Ge(hn::Abs(v), hn::Set(df, 0x1p-14f)), hn::Eq(v, hn::Zero(df)));
    return hn::And(no_tie, zero_or_normal);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::pointwise
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_POINTWISE_FLOAT_TERM_INL_H_
