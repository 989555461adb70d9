// The terms of aclnnBinaryCrossEntropy and its backward, vector form: the operations of binary_cross_entropy_term.h
// in the same order, the loss on double lanes (det_math_for_float's LogForFloatVec and Log1pForFloatVec), the gradient on float lanes.
// Per-target header (Highway's toggle convention): include after hwy/highway.h in a foreach_target.h file.
#if defined(OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_TERM_INL_H_
#undef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_TERM_INL_H_
#else
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_TERM_INL_H_
#endif

#include "backend/cpu/det_math_for_float-inl.h"
#include "hwy/highway.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_term.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::binary_cross_entropy {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace det = cpu::HWY_NAMESPACE;

#if HWY_HAVE_FLOAT64  // The loss is in double (DECISIONS 17); every target the library compiles has double lanes.
// ClampLog on double lanes: a comparison and a select, as the scalar form, so a NaN lane stays NaN (a vector Max
// may return the bound instead).
template <class DD>
HWY_INLINE hn::Vec<DD> ClampLogVec(DD dd, hn::Vec<DD> v) {
  const auto clamp = hn::Set(dd, kLogClamp);
  return hn::IfThenElse(hn::Lt(v, clamp), clamp, v);
}

// -(y * max(log(x), -100) + (1 - y) * max(log1p(-x), -100)), the scalar Value's operations in its order.
template <class DD>
HWY_INLINE hn::Vec<DD> LossVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y) {
  const auto log_x = ClampLogVec(dd, det::LogForFloatVec(dd, x));
  const auto log_one_minus_x = ClampLogVec(dd, det::Log1pForFloatVec(dd, hn::Neg(x)));
  return hn::Neg(hn::Add(hn::Mul(y, log_x), hn::Mul(hn::Sub(hn::Set(dd, 1.0), y), log_one_minus_x)));
}
#endif  // HWY_HAVE_FLOAT64

// g * (x - y) / max(x * (1 - x), 1e-12f), with Max for the clamp: one instruction instead of two, with the same
// result (binary_cross_entropy_term.h).
template <class DF>
HWY_INLINE hn::Vec<DF> Quotient(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y) {
  const auto numerator = hn::Mul(g, hn::Sub(x, y));
  const auto denominator = hn::Max(hn::Mul(x, hn::Sub(hn::Set(df, 1.0f), x)), hn::Set(df, kEpsilon));
  return hn::Div(numerator, denominator);
}

struct BinaryCrossEntropyNoWeightVecTerm : BinaryCrossEntropyNoWeightTerm {
#if HWY_HAVE_FLOAT64
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y, const pointwise::TermParams&) {
    return LossVec(dd, x, y);
  }
#endif
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> s,
                                            const pointwise::TermParams&) {
    return hn::Mul(Quotient(df, g, x, y), s);
  }
};

struct BinaryCrossEntropyVecTerm : BinaryCrossEntropyTerm {
#if HWY_HAVE_FLOAT64
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y, hn::Vec<DD> w,
                                         const pointwise::TermParams&) {
    return hn::Mul(LossVec(dd, x, y), w);
  }
#endif
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> w,
                                            hn::Vec<DF> s, const pointwise::TermParams&) {
    return hn::Mul(hn::Mul(Quotient(df, g, x, y), w), s);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::binary_cross_entropy
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_TERM_INL_H_
