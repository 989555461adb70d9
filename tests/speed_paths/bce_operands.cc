#include "bce_operands.h"

#include "edge_values.h"

namespace openaclnn::test {

std::vector<uint64_t> LabelBits(aclDataType dtype, int64_t count, std::mt19937_64& rng) {
  std::vector<uint64_t> bits = MixedBits(dtype, count, 0.0, 1.0, 0.02, rng);
  std::uniform_int_distribution<int> pick(0, 2);
  for (uint64_t& b : bits) {
    const int roll = pick(rng);
    if (roll < 2) {
      b = FloatBitsOf(dtype, roll);  // Mostly hard labels 0 and 1.
    }
  }
  return bits;
}

std::vector<int64_t> BceWeightDims(const std::vector<int64_t>& dims, BceWeight mode) {
  std::vector<int64_t> weight_dims;
  switch (mode) {
    case BceWeight::kNone:
    case BceWeight::kScalar: weight_dims = {1}; break;
    case BceWeight::kSameShape: weight_dims = dims; break;
    case BceWeight::kPerChannel:
      // (C, 1, ..., 1) right-aligned against dims: dimension 1 of self (or its only dimension).
      weight_dims.assign(dims.size() > 1 ? dims.size() - 1 : 1, 1);
      weight_dims[0] = dims.size() > 1 ? dims[1] : dims[0];
      break;
  }
  return weight_dims;
}

}  // namespace openaclnn::test
