#include "nll_fill.h"

namespace openaclnn::test {

void FillNll(const NllCall& call, const std::vector<double>& target, const std::vector<double>& grad,
             const std::vector<double>& weight, double total_weight) {
  call.target().Fill(target);
  call.grad().Fill(grad);
  call.weight().Fill(weight);
  call.total_weight().Fill({total_weight});
}

void FillNllPattern(const NllCall& call, int variant) {
  const int64_t classes = call.classes();
  std::vector<double> target(static_cast<size_t>(call.target().numel()));
  for (size_t n = 0; n < target.size(); ++n) {
    target[n] = static_cast<double>((static_cast<int64_t>(n) * 7 + variant) % classes);
  }
  std::vector<double> grad(static_cast<size_t>(call.grad().numel()));
  for (size_t n = 0; n < grad.size(); ++n) {
    grad[n] = static_cast<double>(static_cast<int64_t>(n % 13) - 6 + variant) / 8.0;
  }
  std::vector<double> weight(static_cast<size_t>(call.weight().numel()));
  for (size_t c = 0; c < weight.size(); ++c) {
    weight[c] = static_cast<double>(static_cast<int64_t>(c % 11) + 1 + variant) / 8.0;
  }
  FillNll(call, target, grad, weight, 2.0 + variant);
}

}  // namespace openaclnn::test
