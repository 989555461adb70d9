// Checks on a tensor's memory layout that every operator applies before touching its data.
#ifndef OPENACLNN_CORE_TENSOR_CHECKS_H_
#define OPENACLNN_CORE_TENSOR_CHECKS_H_

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "core/tensor.h"

namespace openaclnn {

// The tensor's data is read or written: it needs a data pointer, a non-negative offset and strides, and an
// extent (offset + sum of (dim - 1) * stride, in bytes) that fits in 64 bits and in the address space.
// 161001 for a NULL data pointer, 161002 otherwise. Call only for non-empty tensors.
Status CheckAddressableLayout(std::string_view api, std::string_view arg, const aclTensor& tensor);

// A tensor whose every element a call visits (the input of a reduction) needs an element count (the product of
// its dims) within int64: with zero strides its extent stays small while the count does not, and the count would
// wrap. 161002 otherwise. Call only for non-empty tensors.
Status CheckElementCount(std::string_view api, std::string_view arg, const aclTensor& tensor);

// `tensor` has the storage format of `other` (161002 naming `arg` otherwise); formats are compared as the caller's
// ints, so values outside aclFormat's enumerators compare too.
Status CheckSameFormat(std::string_view api, std::string_view arg, const aclTensor& tensor, std::string_view other_arg,
                       const aclTensor& other);

// An output written element by element must not reach one element twice: no zero stride on a dimension of
// size > 1, and no interleaving (sorted by stride, each stride clears the extent of the smaller ones).
Status CheckNoSelfOverlap(std::string_view api, std::string_view arg, const aclTensor& tensor);

// One tensor argument of an operator call, for checks that cover several at once.
struct TensorArg {
  std::string_view name;
  const aclTensor* tensor;  // nullptr: the call will not touch this argument.
};

// Checked memory mode's question about one byte range: Ok when [begin, begin + bytes) lies inside ONE live
// aclrtMalloc or aclrtMallocHost block, otherwise 161002 naming `api` and `arg` (msg::OutsideLiveMemory). The
// registry of blocks belongs to the runtime, a layer above core, so the check is handed in: the two-phase
// framework passes the runtime's when a phase 1 in checked memory mode begins (BeginCheckedExtents).
using LiveExtentCheck = Status (*)(std::string_view api, std::string_view arg, uintptr_t begin, uint64_t bytes);

namespace internal {
// The check of the checked phase 1 running on this thread; null outside checked memory mode.
LiveExtentCheck ActiveLiveExtentCheck();
Status VerifyTensorsInLiveMemory(std::string_view api, std::initializer_list<TensorArg> tensors,
                                 LiveExtentCheck check);
}  // namespace internal

// Checked memory mode (OPENACLNN_CHECKED_MEMORY=1, docs/ARCHITECTURE.md): every operator's validation calls this
// last, with each tensor the call will read or write. Each non-empty tensor's bytes, from data + offset over its
// dims and strides, must lie inside ONE live aclrtMalloc or aclrtMallocHost block; otherwise 161002 names the
// argument, its byte extent and the nearest block (or the released block, for a use after free). Requires
// CheckAddressableLayout to have passed for those tensors. Without the mode this is one call and a branch.
inline Status CheckTensorsInLiveMemory(std::string_view api, std::initializer_list<TensorArg> tensors) {
  const LiveExtentCheck check = internal::ActiveLiveExtentCheck();
  if (check == nullptr) {
    return Status::Ok();
  }
  return internal::VerifyTensorsInLiveMemory(api, tensors, check);
}

// A byte extent CheckTensorsInLiveMemory verified, kept by the executor so that every later run re-verifies it
// (memory may be released between phase 1 and phase 2, or between runs of a repeatable executor).
struct CheckedExtent {
  std::string arg;
  uintptr_t begin;
  uint64_t bytes;
};

// Bookkeeping of the two-phase framework in checked memory mode: phase 1 starts a fresh list for the calling
// thread and makes `check` the one CheckTensorsInLiveMemory uses, CheckTensorsInLiveMemory appends to the list,
// and the executor takes it (which ends the phase: the thread has no active check until the next begins).
void BeginCheckedExtents(LiveExtentCheck check);
std::vector<CheckedExtent> TakeCheckedExtents();

// Phase 2 in checked memory mode: 161002 (same message as phase 1) unless `check` finds every extent still
// inside one live block.
Status RecheckExtents(std::string_view api, const std::vector<CheckedExtent>& extents, LiveExtentCheck check);

}  // namespace openaclnn

#endif  // OPENACLNN_CORE_TENSOR_CHECKS_H_
