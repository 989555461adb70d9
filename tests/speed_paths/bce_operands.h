// What the BCE path tests draw for both operators: the labels and the weight's shape.
#ifndef OPENACLNN_TESTS_SPEED_PATHS_BCE_OPERANDS_H_
#define OPENACLNN_TESTS_SPEED_PATHS_BCE_OPERANDS_H_

#include <cstdint>
#include <random>
#include <vector>

#include "acl/acl_base.h"

namespace openaclnn::test {

enum class BceWeight { kNone, kSameShape, kPerChannel, kScalar };

// count labels: seeded values in [0, 1) with edge patterns (edge_values.h), two in three then replaced by a hard
// label 0 or 1.
std::vector<uint64_t> LabelBits(aclDataType dtype, int64_t count, std::mt19937_64& rng);

// The weight's shape for `mode` against self's dims (kNone: the [1] tensor the call then leaves out).
std::vector<int64_t> BceWeightDims(const std::vector<int64_t>& dims, BceWeight mode);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SPEED_PATHS_BCE_OPERANDS_H_
