// Shapes, data types and tensor specs the conformance case generators share: draws fully determined by the
// case's generator (case_rng.h).
#ifndef OPENACLNN_TESTS_CONFORMANCE_CASE_SHAPES_H_
#define OPENACLNN_TESTS_CONFORMANCE_CASE_SHAPES_H_

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "case_rng.h"
#include "tensor_spec.h"

namespace openaclnn::test {

// FLOAT (40%), FLOAT16 (30%) or BFLOAT16 (30%).
aclDataType DrawFloatType(CaseRng& rng);

int64_t NumelOf(const std::vector<int64_t>& dims);

// A spec with dims and dtype, no values and a contiguous layout.
TensorSpec Spec(std::vector<int64_t> dims, aclDataType dtype);

// Ranks 0-8 (mostly 1-3), dimensions of 1 to 6 (1 to 3 above rank 4), now and then a long last dimension (several
// kernel chunks per row) or a dimension of 0.
std::vector<int64_t> DrawSelfDims(CaseRng& rng);

// Rank 1 to 4 with at least `elements` elements: short leading dimensions and one long one, usually the last.
std::vector<int64_t> DrawLargeDims(CaseRng& rng, int64_t elements);

// A shape that broadcasts to self's: the same, a scalar, or the trailing dimensions with some set to 1.
std::vector<int64_t> DrawBroadcastDims(CaseRng& rng, const std::vector<int64_t>& self_dims);

// A scalar, or self's shape with its longest dimension 1.
std::vector<int64_t> DrawSmallBroadcastDims(CaseRng& rng, const std::vector<int64_t>& self_dims);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_CASE_SHAPES_H_
