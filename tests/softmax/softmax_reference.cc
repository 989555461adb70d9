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

}  // namespace openaclnn::test
