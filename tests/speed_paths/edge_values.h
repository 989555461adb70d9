// Element bit patterns for the path tests: seeded random values in an operand's useful range, with edge values
// (zeros of both signs, subnormals, the largest finite values, infinities, quiet and signalling NaNs with
// payloads) mixed in, for FLOAT, FLOAT16 and BFLOAT16.
#ifndef OPENACLNN_TESTS_SPEED_PATHS_EDGE_VALUES_H_
#define OPENACLNN_TESTS_SPEED_PATHS_EDGE_VALUES_H_

#include <cstdint>
#include <random>
#include <vector>

#include "acl/acl_base.h"

namespace openaclnn::test {

// Raw edge patterns of a float dtype.
const std::vector<uint64_t>& EdgeBits(aclDataType dtype);

// The bits of `value` rounded once to dtype.
uint64_t FloatBitsOf(aclDataType dtype, double value);

// count values uniform in [low, high), each replaced by an edge pattern with probability edge_fraction.
std::vector<uint64_t> MixedBits(aclDataType dtype, int64_t count, double low, double high, double edge_fraction,
                                std::mt19937_64& rng);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SPEED_PATHS_EDGE_VALUES_H_
