// The central table of user-facing error messages. Every failure the library reports is worded here,
// so messages stay consistent: they name the API, the argument, what was expected and what was given.
#ifndef OPENACLNN_CORE_MESSAGES_H_
#define OPENACLNN_CORE_MESSAGES_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "acl/acl_base.h"

namespace openaclnn::msg {

// "[1, 2, 3]"
std::string ShapeText(const int64_t* dims, int64_t rank);

// Parameter errors of aclnn phase 1 and 2 (CANN's "AclNN_Parameter_Error(EZ1001)" family).
std::string NullArgument(std::string_view api, std::string_view arg);
std::string InvalidArgument(std::string_view api, std::string_view arg, std::string_view expected,
                            std::string_view got);
std::string UnsupportedDtype(std::string_view api, std::string_view arg, aclDataType got,
                             std::string_view supported);
std::string DtypeMismatch(std::string_view api, std::string_view arg, aclDataType got, std::string_view other_arg,
                          aclDataType expected);
std::string BadReduction(std::string_view api, int64_t reduction);
std::string FormatMismatch(std::string_view api, std::string_view arg, int32_t got, std::string_view other_arg,
                           int32_t expected);
std::string RankTooLarge(std::string_view api, std::string_view arg, const int64_t* dims, int64_t rank,
                         int64_t max_rank);

// Errors of the ACL runtime calls (aclrt*, aclInit, tensors and executors).
std::string RuntimeError(std::string_view api, std::string_view what);

// Failures found while a launched task ran; reported by the next synchronisation.
std::string ExecutionError(std::string_view op, std::string_view what);

// Data faults phase 1 could not see (framework/tolerated_fault.h): the fault's own words, which ExecutionError
// (strict mode) or ToleratedFault (the default's warning) put after the operator's name.
std::string ToleratedFault(std::string_view op, std::string_view fault);
// A target outside [0, classes) and not ignoreIndex (DECISIONS 8). `index` is the first such position's index
// ("[n]", "[n][h][w]"; empty for a 0-D target, named as `target` alone); `consequence` says what the operator did
// with that position.
std::string TargetOutOfRange(std::string_view index, int64_t value, int64_t classes, int64_t ignore_index,
                             std::string_view consequence);
// A reduced result that is finite before its final rounding but beyond the range of its output's data type.
std::string ReducedOverflow(std::string_view arg, double value, aclDataType dtype);

// Checked memory mode (OPENACLNN_CHECKED_MEMORY): a tensor's bytes [begin, begin + bytes) are not inside one live
// aclrtMalloc / aclrtMallocHost block. `freed` (may be null) is a released block that held them (a use after
// free); `nearest` (may be null) is the live block closest to them.
struct MemoryBlockText {
  bool device;  // aclrtMalloc (true) or aclrtMallocHost (false).
  uintptr_t begin;
  uint64_t bytes;
};
std::string OutsideLiveMemory(std::string_view api, std::string_view arg, uintptr_t begin, uint64_t bytes,
                              const MemoryBlockText* freed, const MemoryBlockText* nearest);

}  // namespace openaclnn::msg

#endif  // OPENACLNN_CORE_MESSAGES_H_
