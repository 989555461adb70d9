// The element terms of BCE with logits, vector form: the operations of bce_with_logits_term.h in the same order,
// on double lanes with det_math_for_float's vector exp and softplus tail. The gradients arrive as float lanes (the engine's backward
// kernels) and are computed through double lanes, Lanes(double) at a time.
// Per-target header (Highway's toggle convention): include after hwy/highway.h in a foreach_target.h file.
#if defined(OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_TERM_INL_H_
#undef OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_TERM_INL_H_
#else
#define OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_TERM_INL_H_
#endif

#include "backend/cpu/det_math_float-inl.h"
#include "backend/cpu/det_math_for_float-inl.h"
#include "hwy/highway.h"
#include "ops/bce_with_logits/bce_with_logits_term.h"
#include "ops/pointwise/double_lanes-inl.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::bce_with_logits {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace det = cpu::HWY_NAMESPACE;

#if !HWY_HAVE_FLOAT64
#error "BCE with logits computes in double lanes: every compiled target needs them"
#endif

template <class DD>
HWY_INLINE hn::Vec<DD> ExpMinusAbs(DD dd, hn::Vec<DD> x) {
  return det::ExpForFloatVec(dd, hn::Neg(hn::Abs(x)));
}

struct BceWithLogitsVecTerm : BceWithLogitsTerm {
  // BceWithLogitsTerm::ValueInFloat, and the lanes where it holds (the engine's float term).
  template <class DF>
  static HWY_INLINE hn::Vec<DF> ValueInFloatVec(DF df, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> w, hn::Vec<DF> pw,
                                                const pointwise::TermParams&, hn::Mask<DF>& in_float) {
    const auto zero = hn::Zero(df);
    const auto positive = hn::IfThenElseZero(hn::Gt(x, zero), x);
    const auto negative = hn::IfThenElseZero(hn::Lt(x, zero), x);
    const auto complement = hn::Sub(hn::Set(df, 1.0f), y);
    const auto pw_y = hn::Mul(pw, y);
    const auto sum = hn::Add(hn::Sub(hn::Mul(complement, positive), hn::Mul(pw_y, negative)),
                             hn::Mul(hn::Add(complement, pw_y), det::SoftplusTailFVec(df, x)));
    const auto result = hn::Mul(w, sum);
    in_float = hn::And(det::ZeroOrNormalFVec(df, sum), det::ZeroOrNormalFVec(df, result));
    return result;
  }
  // BceWithLogitsTerm::ValueInDouble.
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueInDoubleVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y, hn::Vec<DD> w, hn::Vec<DD> pw) {
    const auto zero = hn::Zero(dd);
    const auto one = hn::Set(dd, 1.0);
    const auto positive = hn::IfThenElseZero(hn::Gt(x, zero), x);
    const auto negative = hn::IfThenElseZero(hn::Lt(x, zero), x);
    const auto log_weight = hn::Add(one, hn::Mul(hn::Sub(pw, one), y));
    const auto sum = hn::Add(hn::Sub(hn::Mul(hn::Sub(one, y), positive), hn::Mul(hn::Mul(pw, y), negative)),
                             hn::Mul(log_weight, det::SoftplusTailForFloatVec(dd, x)));
    return hn::Mul(w, sum);
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y, hn::Vec<DD> w, hn::Vec<DD> pw,
                                         const pointwise::TermParams& p) {
    return pointwise::HWY_NAMESPACE::FloatTermOnDoubleLanes(
        dd,
        [&p](auto df, auto xf, auto yf, auto wf, auto pwf, auto& mask)
            HWY_ATTR { return ValueInFloatVec(df, xf, yf, wf, pwf, p, mask); },
        [](auto d, auto xd, auto yd, auto wd, auto pwd) HWY_ATTR { return ValueInDoubleVec(d, xd, yd, wd, pwd); }, x,
        y, w, pw);
  }
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> w,
                                            hn::Vec<DF> pw, hn::Vec<DF> s, const pointwise::TermParams&) {
    return pointwise::HWY_NAMESPACE::InDoubleLanesOf(
        df,
        [](auto dd, auto gd, auto xd, auto yd, auto wd, auto pwd, auto sd) HWY_ATTR {
          const auto one = hn::Set(dd, 1.0);
          const auto e = ExpMinusAbs(dd, xd);
          const auto sigmoid_abs = hn::Div(one, hn::Add(one, e));
          const auto sigmoid_minus_abs = hn::Mul(e, sigmoid_abs);
          const auto non_negative = hn::Ge(xd, hn::Zero(dd));
          const auto sigmoid = hn::IfThenElse(non_negative, sigmoid_abs, sigmoid_minus_abs);
          const auto sigmoid_minus = hn::IfThenElse(non_negative, sigmoid_minus_abs, sigmoid_abs);
          const auto term = hn::Sub(hn::Mul(hn::Sub(one, yd), sigmoid), hn::Mul(hn::Mul(pwd, yd), sigmoid_minus));
          return hn::Mul(hn::Mul(hn::Mul(term, wd), gd), sd);
        },
        g, x, y, w, pw, s);
  }
};

struct BceWithLogitsTargetVecTerm : BceWithLogitsTargetTerm {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y, hn::Vec<DD> w, hn::Vec<DD> pw,
                                         const pointwise::TermParams& p) {
    return BceWithLogitsVecTerm::ValueVec(dd, x, y, w, pw, p);
  }

  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF>, hn::Vec<DF> w,
                                            hn::Vec<DF> pw, hn::Vec<DF> s, const pointwise::TermParams&) {
    return pointwise::HWY_NAMESPACE::InDoubleLanesOf(
        df,
        [](auto dd, auto gd, auto xd, auto wd, auto pwd, auto sd) HWY_ATTR {
          const auto one = hn::Set(dd, 1.0);
          const auto linear = hn::IfThenElse(hn::Ge(xd, hn::Zero(dd)), xd, hn::Mul(pwd, xd));
          const auto term = hn::Sub(hn::Mul(hn::Sub(pwd, one), det::SoftplusTailForFloatVec(dd, xd)), linear);
          return hn::Mul(hn::Mul(hn::Mul(term, wd), gd), sd);
        },
        g, x, w, pw, s);
  }
};

struct BceWithLogitsTargetNoPosWeightVecTerm : BceWithLogitsTargetNoPosWeightTerm {
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y, hn::Vec<DD> w,
                                         const pointwise::TermParams& p) {
    return BceWithLogitsVecTerm::ValueVec(dd, x, y, w, hn::Set(dd, 1.0), p);
  }

  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF>, hn::Vec<DF> w,
                                            hn::Vec<DF> s, const pointwise::TermParams&) {
    return pointwise::HWY_NAMESPACE::InDoubleLanesOf(
        df,
        [](auto, auto gd, auto xd, auto wd, auto sd)
            HWY_ATTR { return hn::Mul(hn::Mul(hn::Mul(hn::Neg(xd), wd), gd), sd); },
        g, x, w, s);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::bce_with_logits
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_BCE_WITH_LOGITS_BCE_WITH_LOGITS_TERM_INL_H_
