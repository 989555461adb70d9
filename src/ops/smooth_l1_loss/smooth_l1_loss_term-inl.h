// The element term of the smooth L1 loss, vector form: the operations of smooth_l1_loss_term.h, in the same order
// (both branches are evaluated and one is selected per lane). Per-target header (Highway's toggle convention).
#if defined(OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_INL_H_
#undef OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_INL_H_
#else
#define OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_INL_H_
#endif

#include <limits>

#include "hwy/highway.h"
#include "ops/pointwise/float_term-inl.h"
#include "ops/smooth_l1_loss/smooth_l1_loss_term.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::smooth_l1_loss {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

struct SmoothL1VecTerm : SmoothL1Term {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y, const pointwise::TermParams& p) {
    const auto beta = hn::Set(dd, static_cast<double>(p.beta));
    const auto half = hn::Set(dd, 0.5);
    const auto d = hn::Sub(x, y);
    const auto magnitude = hn::Abs(d);
    const auto half_square = hn::Mul(hn::Mul(half, d), d);
    const auto quadratic = p.exact_inverse_beta != 0.0
                               ? hn::Mul(half_square, hn::Set(dd, p.exact_inverse_beta))
                               : hn::Div(half_square, beta);
    const auto linear = hn::Sub(magnitude, hn::Mul(half, beta));
    return hn::IfThenElse(hn::Lt(magnitude, beta), quadratic, linear);
  }
  // beta, beta / 2 and 1 / (2 beta) where the float form may use them, NaN where not (see below).
  struct FloatConstants {
    float beta;
    float half_beta;
    float scale;
  };
  static FloatConstants FloatConstantsOf(const pointwise::TermParams& p) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const bool half_beta_exact = p.beta == 0.0f || p.beta >= 0x1p-125f;
    const bool scale_exact = p.exact_inverse_beta != 0.0 && p.beta >= 0x1p-125f && p.beta <= 0x1p125f;
    return {p.beta, half_beta_exact ? 0.5f * p.beta : nan,
            scale_exact ? static_cast<float>(0.5 * p.exact_inverse_beta) : nan};
  }
  // The float form (ops/pointwise/float_term-inl.h), where fl(x - y) is exact. The linear part |d| - beta / 2 is
  // one rounding in float as in double when beta / 2 is exact in float (beta 0 or at least 2^-125), and exact where
  // fast two-sum says so (|d| >= beta > beta / 2 there). The quadratic part takes fl(d * d) times the power of two
  // 1 / (2 beta) (beta a power of two in [2^-125, 2^125]): d^2 rounded once and scaled exactly where the square and
  // the result are normal floats (or d is 0), as the double's (0.5 d) d / beta; exact there where d has at most 12
  // significant bits (a normal square of such a d is exact). Other betas make the quadratic lanes NaN, which sends
  // their vectors to the double term, whose division rounds a second time; a beta below 2^-125 sends every vector.
  template <class DF>
  static HWY_INLINE hn::Vec<DF> ValueFloatVec(DF df, hn::Vec<DF> x, hn::Vec<DF> y, const FloatConstants& c,
                                              hn::Mask<DF>& once, hn::Mask<DF>& exact) {
    namespace fp = pointwise::HWY_NAMESPACE;
    const hn::RebindToUnsigned<DF> du;
    const auto beta = hn::Set(df, c.beta);
    const auto half_beta = hn::Set(df, c.half_beta);
    const auto scale = hn::Set(df, c.scale);
    const auto d = hn::Sub(x, y);
    const auto magnitude = hn::Abs(d);
    const auto square = hn::Mul(d, d);
    const auto quadratic = hn::Mul(square, scale);
    const auto linear = hn::Sub(magnitude, half_beta);
    const auto in_quadratic = hn::Lt(magnitude, beta);
    // Square and result at least 2^-126, or both 0 with d: the bound is 2^-126, or 0 for d = 0 (2^23 |d| reaches
    // 2^-126 from the smallest subnormal up).
    const auto bound = hn::Min(hn::Mul(magnitude, hn::Set(df, 0x1p23f)), hn::Set(df, 0x1p-126f));
    const auto quadratic_once = hn::Ge(hn::Min(square, quadratic), bound);
    // What the exact term needs beyond an exact d, as one float per lane that is zero where it holds: the linear
    // part's fast two-sum error, or the quadratic part's low 12 bits of d (zero bits read as +0, any other as a
    // nonzero float).
    const auto linear_error = hn::Sub(hn::Sub(magnitude, linear), half_beta);
    const auto d_low_bits = hn::BitCast(df, hn::And(hn::BitCast(du, d), hn::Set(du, 0xfffu)));
    const auto part_error = hn::IfThenElse(in_quadratic, d_low_bits, linear_error);
    once = hn::AndNot(hn::AndNot(quadratic_once, in_quadratic), fp::DifferenceIsExact(df, x, y, d));
    exact = hn::And(once, hn::Eq(part_error, hn::Zero(df)));
    return hn::IfThenElse(in_quadratic, quadratic, linear);
  }
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> s,
                                            const pointwise::TermParams& p) {
    const auto one = hn::Set(df, 1.0f);
    const auto beta = hn::Set(df, p.beta);
    const auto d = hn::Sub(x, y);
    const auto sign = hn::Sub(hn::IfThenElseZero(hn::Gt(x, y), one), hn::IfThenElseZero(hn::Lt(x, y), one));
    const auto use_sign = hn::Or(hn::Gt(hn::Abs(d), beta), hn::Eq(beta, hn::Zero(df)));
    const auto t = hn::IfThenElse(use_sign, sign, hn::Div(d, beta));
    return hn::Mul(hn::Mul(t, g), s);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::smooth_l1_loss
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_SMOOTH_L1_LOSS_SMOOTH_L1_LOSS_TERM_INL_H_
