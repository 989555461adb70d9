#include "cross_entropy_reference.h"

#include <cmath>
#include <limits>

namespace openaclnn::test {
namespace {

using Real = long double;

bool Counts(int64_t target, int64_t classes, int64_t ignore_index) {
  return target != ignore_index && target >= 0 && target < classes;
}

Real WeightOf(const std::vector<double>& weight, int64_t c) {
  return weight.empty() ? 1.0L : static_cast<Real>(weight[static_cast<size_t>(c)]);
}

}  // namespace

CeForwardResult CrossEntropyForwardReference(const CeForwardInputs& in) {
  CeForwardResult r;
  r.log_prob.resize(static_cast<size_t>(in.n * in.c));
  r.lse.resize(static_cast<size_t>(in.n));
  std::vector<Real> losses(static_cast<size_t>(in.n), 0.0L);
  std::vector<Real> zlosses(static_cast<size_t>(in.n), 0.0L);
  std::vector<Real> lse_scales(static_cast<size_t>(in.n), 0.0L);
  Real loss_sum = 0.0L, weight_sum = 0.0L, zloss_sum = 0.0L, counted = 0.0L, lse_scale_sum = 0.0L;
  const Real ls = in.label_smoothing;
  for (int64_t n = 0; n < in.n; ++n) {
    const double* x = &in.input[static_cast<size_t>(n * in.c)];
    // log(sum exp(x)) = m + log1p(sum over k != argmax of exp(x_k - m)).
    int64_t arg = 0;
    for (int64_t k = 1; k < in.c; ++k) {
      if (x[k] > x[arg] || std::isnan(x[k])) arg = k;
    }
    const Real m = x[arg];
    Real rest = 0.0L;
    for (int64_t k = 0; k < in.c; ++k) {
      if (k != arg) rest += std::exp(static_cast<Real>(x[k]) - m);
    }
    const Real log_sum = std::log1p(rest);
    const bool finite = std::isfinite(static_cast<double>(m));
    Real smooth = 0.0L;
    for (int64_t k = 0; k < in.c; ++k) {
      const Real lp = finite ? (static_cast<Real>(x[k]) - m) - log_sum : std::numeric_limits<Real>::quiet_NaN();
      r.log_prob[static_cast<size_t>(n * in.c + k)] = static_cast<double>(lp);
      smooth += WeightOf(in.weight, k) * lp;
    }
    const Real lse = finite ? m + log_sum : std::numeric_limits<Real>::quiet_NaN();
    r.lse[static_cast<size_t>(n)] = static_cast<double>(lse);
    const int64_t t = in.target[static_cast<size_t>(n)];
    if (!Counts(t, in.c, in.ignore_index)) continue;
    const Real wt = WeightOf(in.weight, t);
    const Real lp_t = finite ? (static_cast<Real>(x[t]) - m) - log_sum : std::numeric_limits<Real>::quiet_NaN();
    Real loss = -(wt * lp_t);
    if (ls > 0) loss = (1 - ls) * loss + (ls / static_cast<Real>(in.c)) * -smooth;
    losses[static_cast<size_t>(n)] = loss;
    zlosses[static_cast<size_t>(n)] = static_cast<Real>(in.zloss_scale) * lse * lse;
    loss_sum += loss;
    weight_sum += wt;
    zloss_sum += zlosses[static_cast<size_t>(n)];
    lse_scales[static_cast<size_t>(n)] = 2 * std::fabs(static_cast<Real>(in.zloss_scale) * lse);
    lse_scale_sum += lse_scales[static_cast<size_t>(n)];
    counted += 1;
  }
  if (in.reduction == "none") {
    for (int64_t n = 0; n < in.n; ++n) {
      r.loss.push_back(static_cast<double>(losses[static_cast<size_t>(n)]));
      r.zloss.push_back(static_cast<double>(zlosses[static_cast<size_t>(n)]));
      r.zloss_lse_scale.push_back(static_cast<double>(lse_scales[static_cast<size_t>(n)]));
    }
  } else if (in.reduction == "sum") {
    r.loss.push_back(static_cast<double>(loss_sum));
    r.zloss.push_back(static_cast<double>(zloss_sum));
    r.zloss_lse_scale.push_back(static_cast<double>(lse_scale_sum));
  } else {
    r.loss.push_back(static_cast<double>(loss_sum / weight_sum));
    r.zloss.push_back(static_cast<double>(zloss_sum / counted));
    r.zloss_lse_scale.push_back(static_cast<double>(lse_scale_sum / counted));
  }
  return r;
}

std::vector<double> CrossEntropyGradReference(const CeGradInputs& in, std::vector<double>* exp_term_scale) {
  std::vector<double> out(static_cast<size_t>(in.n * in.c), 0.0);
  std::vector<double> scale(out.size(), 0.0);
  const bool none = in.reduction == "none";
  const bool mean = in.reduction == "mean";
  Real weight_sum = 0.0L, counted = 0.0L, class_weights = 0.0L;
  for (int64_t n = 0; n < in.n; ++n) {
    const int64_t t = in.target[static_cast<size_t>(n)];
    if (Counts(t, in.c, in.ignore_index)) {
      weight_sum += WeightOf(in.weight, t);
      counted += 1;
    }
  }
  for (int64_t k = 0; k < in.c; ++k) class_weights += WeightOf(in.weight, k);
  const Real ls = in.label_smoothing;
  for (int64_t n = 0; n < in.n; ++n) {
    const int64_t t = in.target[static_cast<size_t>(n)];
    const bool bad = t != in.ignore_index && (t < 0 || t >= in.c);
    if (bad) continue;  // The row stays zero.
    const Real mask = Counts(t, in.c, in.ignore_index) ? 1.0L : 0.0L;
    const Real tw = mask != 0 ? WeightOf(in.weight, t) : 0.0L;
    const Real g = in.grad_loss[static_cast<size_t>(none ? n : 0)];
    Real coefficient = g * (1 - ls) * mask;
    Real smooth = g * (ls / static_cast<Real>(in.c)) * mask;
    if (mean) {
      coefficient /= weight_sum;
      smooth /= weight_sum;
    }
    const Real nll_grad = coefficient * tw;
    Real lse_grad = 0.0L;
    if (!in.grad_zloss.empty()) {
      Real gz = in.grad_zloss[static_cast<size_t>(none ? n : 0)];
      if (mean) gz /= counted;
      lse_grad = 2 * static_cast<Real>(in.zloss_scale) * static_cast<Real>(in.lse[static_cast<size_t>(n)]) * mask * gz;
    }
    for (int64_t k = 0; k < in.c; ++k) {
      const Real lp = in.log_prob[static_cast<size_t>(n * in.c + k)];
      const Real p = std::exp(lp);
      Real value = p * nll_grad + p * (smooth * class_weights + lse_grad) - smooth * WeightOf(in.weight, k);
      if (mask != 0 && k == t) {
        value = nll_grad * std::expm1(lp) + p * (smooth * class_weights + lse_grad) - smooth * WeightOf(in.weight, k);
      } else {
        scale[static_cast<size_t>(n * in.c + k)] =
            static_cast<double>(std::fabs(p * (nll_grad + smooth * class_weights + lse_grad)));
      }
      out[static_cast<size_t>(n * in.c + k)] = static_cast<double>(value);
    }
  }
  if (exp_term_scale != nullptr) *exp_term_scale = scale;
  return out;
}

}  // namespace openaclnn::test
