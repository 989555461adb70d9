#include "edge_values.h"

#include <cstring>

#include "test_numeric.h"

namespace openaclnn::test {

const std::vector<uint64_t>& EdgeBits(aclDataType dtype) {
  static const std::vector<uint64_t> kFloat = {
      0x00000000, 0x80000000,              // +0, -0
      0x3f800000, 0xbf800000, 0x3f000000,  // 1, -1, 0.5
      0x40000000, 0x0da24260,              // 2, 1e-30
      0x00000001, 0x807fffff, 0x00800000,  // subnormals, smallest normal
      0x7f7fffff, 0xff7fffff,              // largest finite
      0x477fe000, 0x477ff000, 0x33800000,  // 65504, 65520, 2^-24
      0x3f7fffff,                          // 1 - 2^-24
      0x7f800000, 0xff800000,              // infinities
      0x7fc00000, 0xffc12345, 0x7f800001,  // quiet NaNs with payloads, a signalling NaN
  };
  static const std::vector<uint64_t> kHalf = {
      0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x4000,  // +-0, +-1, 0.5, 2
      0x0001, 0x83ff, 0x0400,                          // subnormals, smallest normal
      0x7bff, 0xfbff, 0x7c00, 0xfc00,                  // largest finite, infinities
      0x7e00, 0xfe3f, 0x7c01, 0x7d55,                  // quiet and signalling NaNs with payloads
  };
  static const std::vector<uint64_t> kBf16 = {
      0x0000, 0x8000, 0x3f80, 0xbf80, 0x3f00, 0x4000,  // +-0, +-1, 0.5, 2
      0x0001, 0x807f, 0x0080,                          // subnormals, smallest normal
      0x7f7f, 0xff7f, 0x7f80, 0xff80,                  // largest finite, infinities
      0x7fc0, 0xffc5, 0x7f81, 0x7fa5,                  // quiet and signalling NaNs with payloads
  };
  switch (dtype) {
    case ACL_FLOAT16: return kHalf;
    case ACL_BF16: return kBf16;
    default: return kFloat;
  }
}

uint64_t FloatBitsOf(aclDataType dtype, double value) {
  switch (dtype) {
    case ACL_FLOAT16: return ToHalfBits(value);
    case ACL_BF16: return ToBf16Bits(value);
    default: {
      const float single = static_cast<float>(value);
      uint32_t bits;
      std::memcpy(&bits, &single, sizeof(bits));
      return bits;
    }
  }
}

std::vector<uint64_t> MixedBits(aclDataType dtype, int64_t count, double low, double high, double edge_fraction,
                                std::mt19937_64& rng) {
  std::uniform_real_distribution<double> uniform(low, high);
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  const std::vector<uint64_t>& edges = EdgeBits(dtype);
  std::uniform_int_distribution<size_t> pick(0, edges.size() - 1);
  std::vector<uint64_t> bits(static_cast<size_t>(count));
  for (uint64_t& element : bits) {
    element = coin(rng) < edge_fraction ? edges[pick(rng)] : FloatBitsOf(dtype, uniform(rng));
  }
  return bits;
}

}  // namespace openaclnn::test
