#include "case_shapes.h"

#include <algorithm>
#include <utility>

namespace openaclnn::test {

aclDataType DrawFloatType(CaseRng& rng) {
  const double draw = rng.Real(0.0, 1.0);
  return draw < 0.4 ? ACL_FLOAT : (draw < 0.7 ? ACL_FLOAT16 : ACL_BF16);
}

int64_t NumelOf(const std::vector<int64_t>& dims) {
  int64_t count = 1;
  for (int64_t dim : dims) {
    count *= dim;
  }
  return count;
}

std::vector<int64_t> DrawSelfDims(CaseRng& rng) {
  const double draw = rng.Real(0.0, 1.0);
  const int64_t rank = draw < 0.08 ? 0 : (draw < 0.3 ? 1 : (draw < 0.6 ? 2 : (draw < 0.8 ? 3 : (draw < 0.94 ? 4
                                                                                                : rng.Int(5, 8)))));
  std::vector<int64_t> dims(static_cast<size_t>(rank));
  for (int64_t& dim : dims) {
    dim = rank > 4 ? rng.Int(1, 3) : rng.Int(1, 6);
  }
  if (rank > 0 && rng.Chance(0.12)) {
    dims.back() = rng.Int(50, rank <= 2 ? 600 : 80);  // Long rows: several kernel chunks per row.
  }
  if (rank > 0 && rng.Chance(0.05)) {
    dims[static_cast<size_t>(rng.Int(0, rank - 1))] = 0;
  }
  return dims;
}

std::vector<int64_t> DrawLargeDims(CaseRng& rng, int64_t elements) {
  std::vector<int64_t> dims(static_cast<size_t>(rng.Int(1, 4)));
  int64_t leading = 1;
  for (size_t d = 0; d + 1 < dims.size(); ++d) {
    dims[d] = rng.Int(1, 8);
    leading *= dims[d];
  }
  dims.back() = (elements + leading - 1) / leading;
  if (dims.size() > 1 && rng.Chance(0.25)) {
    std::swap(dims.front(), dims.back());
  }
  return dims;
}

std::vector<int64_t> DrawBroadcastDims(CaseRng& rng, const std::vector<int64_t>& self_dims) {
  const double draw = rng.Real(0.0, 1.0);
  if (draw < 0.45) {
    return self_dims;
  }
  if (draw < 0.6) {
    return {};
  }
  const auto rank = static_cast<int64_t>(self_dims.size());
  const int64_t kept = rank == 0 ? 0 : rng.Int(1, rank);
  std::vector<int64_t> dims(self_dims.end() - kept, self_dims.end());
  for (int64_t& dim : dims) {
    if (rng.Chance(0.4)) {
      dim = 1;
    }
  }
  return dims;
}

std::vector<int64_t> DrawSmallBroadcastDims(CaseRng& rng, const std::vector<int64_t>& self_dims) {
  if (self_dims.empty() || rng.Chance(0.3)) {
    return {};
  }
  std::vector<int64_t> dims = self_dims;
  *std::max_element(dims.begin(), dims.end()) = 1;
  return dims;
}

TensorSpec Spec(std::vector<int64_t> dims, aclDataType dtype) {
  TensorSpec spec;
  spec.dims = std::move(dims);
  spec.dtype = dtype;
  return spec;
}

}  // namespace openaclnn::test
