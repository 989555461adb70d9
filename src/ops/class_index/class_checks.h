// The null, data-type and shape checks the NLL family shares (aclnnNLLLoss, aclnnNLLLoss2d and their backwards),
// each with CANN's code (161001 null, 161002 invalid) and a message naming the phase-1 API and the argument. Every
// operator calls them in its own CANN order; the ranks of self and target are checked first (they differ: (C) or
// (N, C) for the NLL pair, (N, C, H, W) for the NLL2d pair).
#ifndef OPENACLNN_OPS_CLASS_INDEX_CLASS_CHECKS_H_
#define OPENACLNN_OPS_CLASS_INDEX_CLASS_CHECKS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "core/status.h"
#include "core/tensor.h"

namespace openaclnn::class_index {

// 161001 naming `arg` when `pointer` is NULL.
Status CheckNotNull(std::string_view api, const void* pointer, std::string_view arg);

// self's data types (FLOAT, FLOAT16, BFLOAT16), and the types every float output is computed in.
Status CheckLossFloat(std::string_view api, std::string_view arg, const aclTensor& tensor);
// target's data types: INT64, UINT8, INT32.
Status CheckClassTargetDtype(std::string_view api, const aclTensor& target);
// `tensor` has self's data type.
Status CheckSameDtypeAsSelf(std::string_view api, std::string_view arg, const aclTensor& tensor, const aclTensor& self);
// self's data type can be cast to `tensor`'s (CANN's CanCast).
Status CheckCastableFromSelf(std::string_view api, std::string_view arg, const aclTensor& tensor,
                             const aclTensor& self);

// 161002 for `arg` of `api`: expected ..., got ....
Status InvalidShape(std::string_view api, std::string_view arg, std::string_view expected, const aclTensor& got);
std::string DimsOf(const aclTensor& tensor);

// target has self's shape without its class dimension: () for self (C), (N) for (N, C), (N, H, W) for
// (N, C, H, W).
Status CheckTargetShape(std::string_view api, const aclTensor& target, const aclTensor& self);

// weight is (C): one weight per class of self.
Status CheckClassWeight(std::string_view api, const aclTensor& weight, const aclTensor& self);

// The 2-D NLL pair's shapes, in CANN's order: self (C) or (N, C), target () or (N) (no multi-target), weight (C).
Status CheckRowsSelfTargetWeight(std::string_view api, const aclTensor& self, const aclTensor& target,
                                 const aclTensor& weight);

// A per-position tensor (out of reduction none, gradOutput of reduction none) has target's shape; otherwise (mean,
// sum, or a 0-D target: a self with a single position) it has exactly one element and a rank of at most
// `max_one_rank` (-1: any rank).
Status CheckLikeTargetOrOne(std::string_view api, std::string_view arg, const aclTensor& tensor, bool per_position,
                            const aclTensor& target, int64_t max_one_rank);

// Exactly one element, any rank (totalWeightOut, totalWeight).
Status CheckOneElement(std::string_view api, std::string_view arg, const aclTensor& tensor);

}  // namespace openaclnn::class_index

#endif  // OPENACLNN_OPS_CLASS_INDEX_CLASS_CHECKS_H_
