// Runs one aclnnNLLLoss case through the library and checks it against PyTorch (in double) and the fp64
// reference.
#ifndef OPENACLNN_TESTS_CONFORMANCE_NLL_FORWARD_CHECK_H_
#define OPENACLNN_TESTS_CONFORMANCE_NLL_FORWARD_CHECK_H_

#include <string>

#include "acl/acl.h"
#include "conformance_stats.h"
#include "nll_forward_case.h"

namespace openaclnn::test {

// "" when the case passes, else a report of what differed. With `details`, the results of every side are
// appended there too (for replays).
std::string CheckNllForwardCase(const NllForwardCase& c, aclrtStream stream, ConformanceStats* stats,
                                std::string* details = nullptr);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_NLL_FORWARD_CHECK_H_
