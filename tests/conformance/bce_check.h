// Runs one aclnnBinaryCrossEntropyBackward case through the library and checks it against PyTorch and the fp64
// reference.
#ifndef OPENACLNN_TESTS_CONFORMANCE_BCE_CHECK_H_
#define OPENACLNN_TESTS_CONFORMANCE_BCE_CHECK_H_

#include <string>

#include "acl/acl.h"
#include "bce_case.h"
#include "conformance_stats.h"

namespace openaclnn::test {

// "" when the case passes, else a report of what differed. With `details`, the results of every side are
// appended there too (for replays).
std::string CheckBceCase(const BceCase& c, aclrtStream stream, ConformanceStats* stats,
                         std::string* details = nullptr);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_BCE_CHECK_H_
