// Runs one aclnnNLLLossBackward case through the library and checks it against PyTorch and the fp64 reference.
#ifndef OPENACLNN_TESTS_CONFORMANCE_NLL_CHECK_H_
#define OPENACLNN_TESTS_CONFORMANCE_NLL_CHECK_H_

#include <string>

#include "acl/acl.h"
#include "conformance_stats.h"
#include "nll_case.h"

namespace openaclnn::test {

// How a case is judged (docs/TESTING.md has the table and the reasoning behind each bound).
enum class NllOracle {
  kTorchNative,   // PyTorch supports the combination: FLOAT or BF16 throughout, INT64 or UINT8 target.
  kTorchUpcast,   // FLOAT16, INT32 target or out of another type: PyTorch in float on the same values, its
                  // result converted by PyTorch to out's type.
  kLibraryOnly,   // A target outside [0, C): PyTorch raises or writes out of bounds; fp64 reference only.
};

// "" when the case passes, else a report of what differed. With `details`, the results of every side are
// appended there too (for replays).
std::string CheckNllCase(const NllCase& c, aclrtStream stream, ConformanceStats* stats,
                         std::string* details = nullptr);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_NLL_CHECK_H_
