#include "nll_loss2d_reference.h"

#include "test_numeric.h"

namespace openaclnn::test {
namespace {

int64_t SelfIndex(const Nll2dInputs& in, int64_t p, int64_t cls) {
  const int64_t hw = in.h * in.w;
  const int64_t n = p / hw;
  const int64_t spatial = p % hw;
  return (n * in.c + cls) * hw + spatial;
}

}  // namespace

bool Nll2dCounts(const Nll2dInputs& in, int64_t p) {
  const int64_t t = in.target[static_cast<size_t>(p)];
  return t != in.ignore_index && t >= 0 && t < in.c;
}

Nll2dForwardResult Nll2dForward(const Nll2dInputs& in) {
  Nll2dForwardResult result;
  const int64_t positions = in.n * in.h * in.w;
  CompensatedSum loss;
  CompensatedSum weight;
  for (int64_t p = 0; p < positions; ++p) {
    double value = 0.0;
    if (Nll2dCounts(in, p)) {
      const int64_t t = in.target[static_cast<size_t>(p)];
      const double w = in.weight[static_cast<size_t>(t)];
      value = -(w * in.self[static_cast<size_t>(SelfIndex(in, p, t))]);
      loss.Add(value);
      weight.Add(w);
    }
    result.none.push_back(value);
  }
  result.sum = loss.Total();
  result.total_weight = weight.Total();
  return result;
}

std::vector<double> Nll2dBackward(const Nll2dInputs& in, const std::vector<double>& grad, int64_t reduction,
                                  double total_weight) {
  std::vector<double> out(static_cast<size_t>(in.n * in.c * in.h * in.w), 0.0);
  const int64_t positions = in.n * in.h * in.w;
  for (int64_t p = 0; p < positions; ++p) {
    if (!Nll2dCounts(in, p)) {
      continue;
    }
    const int64_t t = in.target[static_cast<size_t>(p)];
    const double w = in.weight[static_cast<size_t>(t)];
    double value = 0.0;
    if (reduction == 0) {
      value = -(grad[static_cast<size_t>(p)] * w);
    } else if (reduction == 2) {
      value = -(grad[0] * w);
    } else {
      value = -(grad[0] / total_weight) * w;
    }
    out[static_cast<size_t>(SelfIndex(in, p, t))] = value;
  }
  return out;
}

}  // namespace openaclnn::test
