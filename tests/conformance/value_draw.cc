#include "value_draw.h"

#include <cmath>

#include "test_numeric.h"

namespace openaclnn::test {

double DrawPositive(CaseRng& rng, aclDataType dtype, double min_exponent, double max_exponent) {
  return RoundTo(dtype, std::exp2(rng.Real(min_exponent, max_exponent)));
}

double DrawSigned(CaseRng& rng, aclDataType dtype, double min_exponent, double max_exponent) {
  const double magnitude = DrawPositive(rng, dtype, min_exponent, max_exponent);
  return rng.Chance(0.5) ? -magnitude : magnitude;
}

double DrawOrEdge(CaseRng& rng, aclDataType dtype, double edge_chance, const std::vector<double>& edges) {
  if (rng.Chance(edge_chance)) {
    return RoundTo(dtype, rng.Pick(edges));
  }
  return DrawSigned(rng, dtype, -8.0, 8.0);
}

std::vector<double> DrawValues(CaseRng& rng, int64_t count, bool pooled, const std::function<double()>& draw) {
  std::vector<double> values;
  if (count <= 0) {
    return values;
  }
  values.reserve(static_cast<size_t>(count));
  if (!pooled || count <= kValuePoolSize) {
    for (int64_t i = 0; i < count; ++i) {
      values.push_back(draw());
    }
    return values;
  }
  const std::vector<double> pool = DrawValues(rng, kValuePoolSize, /*pooled=*/false, draw);
  for (int64_t i = 0; i < count; ++i) {
    values.push_back(pool[static_cast<size_t>(rng.Next() % pool.size())]);
  }
  return values;
}

}  // namespace openaclnn::test
