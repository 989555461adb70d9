// The argument checks the pointwise losses build their CANN check order from, each returning CANN's code
// (161001 null, 161002 invalid) with a message naming the API and the argument. Operators call them in their
// own order; none of them reads tensor data.
#ifndef OPENACLNN_OPS_POINTWISE_CHECKS_H_
#define OPENACLNN_OPS_POINTWISE_CHECKS_H_

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "core/tensor.h"
#include "core/tensor_checks.h"
#include "ops/pointwise/loss_args.h"

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

// Part of a check's message given as up to three pieces ("the broadcast of ", gradOutput's name, " and self"),
// joined only when the check fails: a passing check, the common case, builds no text.
class Phrase {
 public:
  Phrase(const char* text) : pieces_{text, {}, {}} {}              // NOLINT(google-explicit-constructor)
  Phrase(std::string_view text) : pieces_{text, {}, {}} {}         // NOLINT(google-explicit-constructor)
  Phrase(const std::string& text) : pieces_{text, {}, {}} {}       // NOLINT(google-explicit-constructor)
  Phrase(std::string_view first, std::string_view second, std::string_view third)
      : pieces_{first, second, third} {}

  std::string Join() const;

 private:
  std::string_view pieces_[3];
};

// `tensor` broadcasts with `shape` (right-aligned, each pair equal or one of them 1); `with` names what the shape
// is (e.g. "self's shape" or "the broadcast of gradOutput and self").
Status CheckBroadcastsWith(std::string_view api, const aclTensor& tensor, std::string_view arg,
                           const std::vector<int64_t>& shape, const Phrase& with);
// The broadcast `shape` has an element count within int64 (the inputs' own counts may be while their broadcast
// is not); 161002 naming `arg` otherwise.
Status CheckShapeCount(std::string_view api, const std::vector<int64_t>& shape, std::string_view arg);
// `tensor`'s view shape is exactly `shape`.
Status CheckShapeIs(std::string_view api, const aclTensor& tensor, std::string_view arg,
                    const std::vector<int64_t>& shape, const Phrase& what);

// The layouts of what phase 2 touches: inputs read (each element count within int64 and every element
// addressable) and the output written (addressable, no element reached twice), then checked memory mode.
// Call only when the call reads its inputs (none of them empty); `out` may be the only tensor touched.
Status CheckReadLayouts(std::string_view api, std::initializer_list<TensorArg> inputs);
Status CheckWriteLayout(std::string_view api, const aclTensor& out, std::string_view arg);

// What a forward's out must be under mean and sum: 0-D; any shape of one element (smooth L1, whose CANN check
// leaves the shape open); or the broadcast without its first dimension (aclnnMseLossOut, whose empty inputs then
// write nothing at all).
enum class ReducedOut { kScalar, kOneElement, kWithoutDim0 };

// The checks a (self, target, reduction, out) forward runs after its own NULL, data type and reduction checks, in
// CANN's order: ranks of self and target, target broadcasting with self, the broadcast's element count, out's
// shape, `late_check` (an operator's own last check, or empty), then the layouts the call touches. out_arg is
// CANN's name of out.
Status CheckForwardShapesAndLayouts(std::string_view api, const ForwardArgs& a, ReducedOut reduced_out,
                                    std::string_view out_arg = "out",
                                    const std::function<Status()>& late_check = nullptr);

// The same for a (gradOutput, self, target, reduction, out) backward: ranks (out's too when check_out_rank),
// gradOutput broadcasting with self, target with their broadcast, out (CANN's name out_arg) equal to the broadcast
// of all three, then the layouts unless an input is empty (nothing is touched then). grad_arg and out_arg are
// CANN's names of gradOutput and out.
Status CheckBackwardShapesAndLayouts(std::string_view api, const BackwardArgs& a, std::string_view grad_arg,
                                     std::string_view out_arg, bool check_out_rank);

// `tensor` broadcasts to `shape` without enlarging it (right-aligned, rank at most shape's, each dim equal or 1):
// an operand walked over `shape` at zero strides where it is 1. `what` names the shape.
Status CheckBroadcastsTo(std::string_view api, const aclTensor& tensor, std::string_view arg,
                         const std::vector<int64_t>& shape, std::string_view what);

}  // namespace openaclnn::pointwise

#endif  // OPENACLNN_OPS_POINTWISE_CHECKS_H_
