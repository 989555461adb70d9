// The argument checks the pointwise losses build their CANN check order from, each returning CANN's code
// (161001 null, 161002 invalid) with a message naming the API and the argument. Operators call them in their
// own order; none of them reads tensor data.
#ifndef OPENACLNN_OPS_POINTWISE_CHECKS_H_
#define OPENACLNN_OPS_POINTWISE_CHECKS_H_

#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "core/tensor.h"
#include "core/tensor_checks.h"

namespace openaclnn::pointwise {

// The largest rank these operators accept (CANN's limit).
inline constexpr int64_t kMaxRank = 8;

// The data types of every pointwise loss here (CANN's list for Atlas A2/A3).
inline constexpr std::string_view kFloatTypeNames = "FLOAT, FLOAT16, BFLOAT16";

Status CheckNotNull(std::string_view api, const void* pointer, std::string_view arg);
Status CheckFloatType(std::string_view api, const aclTensor& tensor, std::string_view arg);
// `tensor` has the data type of `other` (no promotion).
Status CheckSameType(std::string_view api, const aclTensor& tensor, std::string_view arg, const aclTensor& other,
                     std::string_view other_arg);
Status CheckRank(std::string_view api, const aclTensor& tensor, std::string_view arg);
Status CheckReduction(std::string_view api, int64_t reduction);

// `tensor` broadcasts with `shape` (right-aligned, each pair equal or one of them 1); `with` names what the shape
// is (e.g. "self's shape" or "the broadcast of gradOutput and self").
Status CheckBroadcastsWith(std::string_view api, const aclTensor& tensor, std::string_view arg,
                           const std::vector<int64_t>& shape, std::string_view with);
// The broadcast `shape` has an element count within int64 (the inputs' own counts may be while their broadcast
// is not); 161002 naming `arg` otherwise.
Status CheckShapeCount(std::string_view api, const std::vector<int64_t>& shape, std::string_view arg);
// `tensor`'s view shape is exactly `shape`.
Status CheckShapeIs(std::string_view api, const aclTensor& tensor, std::string_view arg,
                    const std::vector<int64_t>& shape, std::string_view what);

// The layouts of what phase 2 touches: inputs read (each element count within int64 and every element
// addressable) and the output written (addressable, no element reached twice), then checked memory mode.
// Call only when the call reads its inputs (none of them empty); `out` may be the only tensor touched.
Status CheckReadLayouts(std::string_view api, std::initializer_list<TensorArg> inputs);
Status CheckWriteLayout(std::string_view api, const aclTensor& out, std::string_view arg);

}  // namespace openaclnn::pointwise

#endif  // OPENACLNN_OPS_POINTWISE_CHECKS_H_
