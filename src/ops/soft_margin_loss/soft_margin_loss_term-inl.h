// The element term of the soft margin loss, vector form: the operations of soft_margin_loss_term.h, in the same
// order on float lanes (the engine runs the forward's ValueInFloatVec at the full float width; ValueVec gives the
// same values on double lanes), and a vector with a lane outside the float form's range through double lanes there.
// Per-target header
// (Highway's toggle convention).
#if defined(OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_INL_H_
#undef OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_INL_H_
#else
#define OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_INL_H_
#endif

#include "backend/cpu/det_math-inl.h"
#include "backend/cpu/det_math_float-inl.h"
#include "backend/cpu/det_math_for_float-inl.h"
#include "hwy/highway.h"
#include "ops/pointwise/double_lanes-inl.h"
#include "ops/soft_margin_loss/soft_margin_loss_term.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::soft_margin_loss {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

struct SoftMarginVecTerm : SoftMarginTerm {
  // The loss in float (SoftMarginTerm::ValueInFloat), and the lanes where it holds (the engine's float term).
  template <class DF>
  static HWY_INLINE hn::Vec<DF> ValueInFloatVec(DF df, hn::Vec<DF> x, hn::Vec<DF> y, const pointwise::TermParams&,
                                                hn::Mask<DF>& in_float) {
    namespace det = cpu::HWY_NAMESPACE;
    const auto z = hn::Mul(y, x);
    const auto minus_z = hn::Neg(z);
    const auto loss = hn::Add(hn::IfThenElseZero(hn::Gt(minus_z, hn::Zero(df)), minus_z),
                              det::SoftplusTailSumFVec(df, minus_z, hn::Neg(det::ProductErrorFVec(df, y, x, z))));
    in_float = det::NormalFVec(df, loss);
    return loss;
  }
  // The double form (SoftMarginTerm::ValueInDouble), for the lanes outside the float one.
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueInDoubleVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y) {
    const auto minus_z = hn::Neg(hn::Mul(y, x));
    return hn::Add(hn::IfThenElseZero(hn::Gt(minus_z, hn::Zero(dd)), minus_z),
                   cpu::HWY_NAMESPACE::SoftplusTailForFloatVec(dd, minus_z));
  }
  template <class DD>
  static HWY_INLINE hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y, const pointwise::TermParams& p) {
    return pointwise::HWY_NAMESPACE::FloatTermOnDoubleLanes(
        dd, [&p](auto df, auto xf, auto yf, auto& mask) HWY_ATTR { return ValueInFloatVec(df, xf, yf, p, mask); },
        [](auto d, auto xd, auto yd) HWY_ATTR { return ValueInDoubleVec(d, xd, yd); }, x, y);
  }
  template <class DF>
  static HWY_INLINE hn::Vec<DF> GradientVec(DF df, hn::Vec<DF> g, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> s,
                                            const pointwise::TermParams&) {
    namespace det = cpu::HWY_NAMESPACE;
    const auto one = hn::Set(df, 1.0f);
    const auto z = hn::Mul(y, x);
    const auto z_error = det::ProductErrorFVec(df, y, x, z);
    const auto non_negative = hn::Ge(z, hn::Zero(df));
    const auto e = det::ExpSumFVec(df, hn::IfThenElse(non_negative, hn::Neg(z), z),
                                   hn::IfThenElse(non_negative, hn::Neg(z_error), z_error));
    const auto sigmoid = hn::Div(hn::IfThenElse(non_negative, e, one), hn::Add(one, e));
    const auto minus_y_sigmoid = hn::Mul(hn::Neg(y), sigmoid);
    const auto scaled = hn::Mul(minus_y_sigmoid, g);
    const auto result = hn::Mul(scaled, s);
    const auto in_float = hn::And(hn::And(hn::Ge(sigmoid, hn::Set(df, cpu::det::kMinNormalF)),
                                          det::ZeroOrNormalFVec(df, minus_y_sigmoid)),
                                  hn::And(det::ZeroOrNormalFVec(df, scaled), det::ZeroOrNormalFVec(df, result)));
    if (HWY_LIKELY(hn::AllTrue(df, in_float))) {
      return result;
    }
    const auto in_double =
        pointwise::HWY_NAMESPACE::InDoubleLanes(df, g, x, y, s, [](auto dd, auto gd, auto xd, auto yd, auto sd) {
          const auto one_d = hn::Set(dd, 1.0);
          const auto zd = hn::Mul(yd, xd);
          const auto ed = cpu::HWY_NAMESPACE::ExpForFloatVec(dd, hn::Neg(hn::Abs(zd)));
          // The scalar form divides e or 1 by 1 + e: dividing the selected numerator is the same division.
          const auto sigmoid_d = hn::Div(hn::IfThenElse(hn::Ge(zd, hn::Zero(dd)), ed, one_d), hn::Add(one_d, ed));
          return hn::Mul(hn::Mul(hn::Mul(hn::Neg(yd), sigmoid_d), gd), sd);
        });
    return hn::IfThenElse(in_float, result, in_double);
  }
};

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::soft_margin_loss
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_SOFT_MARGIN_LOSS_SOFT_MARGIN_LOSS_TERM_INL_H_
