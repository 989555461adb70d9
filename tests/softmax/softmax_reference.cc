#include "softmax_reference.h"

#include <cmath>
#include <limits>

namespace openaclnn::test {

std::vector<double> SoftmaxReference(const std::vector<double>& x, const std::vector<int64_t>& dims, int64_t dim,
                                     bool log) {
  int64_t length = dims.empty() ? 1 : dims[static_cast<size_t>(dim)];
  int64_t inner = 1;  // Elements between consecutive elements of a row (row-major).
  for (size_t d = static_cast<size_t>(dim) + 1; d < dims.size(); ++d) inner *= dims[d];
  std::vector<double> out(x.size());
  if (length == 0) return out;
  const int64_t rows = static_cast<int64_t>(x.size()) / length;
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t base = (r / inner) * inner * length + r % inner;
    long double m = -std::numeric_limits<long double>::infinity();
    bool nan = false;
    for (int64_t j = 0; j < length; ++j) {
      const long double v = x[static_cast<size_t>(base + j * inner)];
      nan = nan || std::isnan(v);
      m = v > m ? v : m;
    }
    if (nan) m = std::numeric_limits<long double>::quiet_NaN();
    long double s = 0;
    for (int64_t j = 0; j < length; ++j) s += std::exp(x[static_cast<size_t>(base + j * inner)] - m);
    for (int64_t j = 0; j < length; ++j) {
      const long double shifted = x[static_cast<size_t>(base + j * inner)] - m;
      out[static_cast<size_t>(base + j * inner)] =
          static_cast<double>(log ? shifted - std::log(s) : std::exp(shifted) / s);
    }
  }
  return out;
}

std::vector<double> SoftmaxBackwardReference(const std::vector<double>& g, const std::vector<double>& y,
                                             const std::vector<int64_t>& dims, int64_t dim, bool log,
                                             std::vector<double>* scale) {
  const int64_t length = dims.empty() ? 1 : dims[static_cast<size_t>(dim)];
  int64_t inner = 1;
  for (size_t d = static_cast<size_t>(dim) + 1; d < dims.size(); ++d) inner *= dims[d];
  std::vector<double> out(g.size());
  if (scale != nullptr) scale->assign(g.size(), 0.0);
  if (length == 0) return out;
  const int64_t rows = static_cast<int64_t>(g.size()) / length;
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t base = (r / inner) * inner * length + r % inner;
    long double sum = 0;
    long double magnitude = 0;
    for (int64_t j = 0; j < length; ++j) {
      const auto i = static_cast<size_t>(base + j * inner);
      const long double term = log ? static_cast<long double>(g[i]) : static_cast<long double>(g[i]) * y[i];
      sum += term;
      magnitude += std::fabs(term);
    }
    for (int64_t j = 0; j < length; ++j) {
      const auto i = static_cast<size_t>(base + j * inner);
      const long double gi = g[i];
      const long double yi = y[i];
      out[i] = static_cast<double>(log ? gi - std::exp(yi) * sum : gi * yi - sum * yi);
      if (scale != nullptr) {
        (*scale)[i] = static_cast<double>(log ? std::fabs(gi) + std::exp(yi) * magnitude
                                              : std::fabs(gi * yi) + std::fabs(yi) * magnitude);
      }
    }
  }
  return out;
}

}  // namespace openaclnn::test
