// The gradient of aclnnBinaryCrossEntropy, vector form: the operations of binary_cross_entropy_term.h in the same
// order on float lanes. The forward has no vector form (binary_cross_entropy_kernels.h).
// Per-target header (Highway's toggle convention): include after hwy/highway.h in a foreach_target.h file.
#if defined(OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_TERM_INL_H_
#undef OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_TERM_INL_H_
#else
#define OPENACLNN_OPS_BINARY_CROSS_ENTROPY_BINARY_CROSS_ENTROPY_TERM_INL_H_
#endif

#include "hwy/highway.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_term.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::binary_cross_entropy {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// g * (x - y) / max(x * (1 - x), 1e-12f), with Max for the clamp: one instruction instead of two, with the same
// result (binary_cross_entropy_term.h).
template <class DF>
HWY_INLINE hn::Vec<DF> Quotient(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y) {
  const auto numerator = hn::Mul(g, hn::Sub(x, y));
  const auto denominator = hn::Max(hn::Mul(x, hn::Sub(hn::Set(df, 1.0f), x)), hn::Set(df, kEpsilon));
  return hn::Div(numerator, denominator);
}

struct BinaryCrossEntropyNoWeightVecTerm : BinaryCrossEntropyNoWeightTerm {
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> s,
                                            const pointwise::TermParams&) {
    return hn::Mul(Quotient(df, g, x, y), s);
  }
};

struct BinaryCrossEntropyVecTerm : BinaryCrossEntropyTerm {
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
