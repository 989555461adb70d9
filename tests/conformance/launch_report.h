// What went wrong in an operator's two phases, for a conformance case's report.
#ifndef OPENACLNN_TESTS_CONFORMANCE_LAUNCH_REPORT_H_
#define OPENACLNN_TESTS_CONFORMANCE_LAUNCH_REPORT_H_

#include <cstdint>
#include <string>

#include "aclnn/acl_meta.h"

namespace openaclnn::test {

// "" when phase 1 did what the library promises for a valid case (status 0, workspace size 0, an executor);
// otherwise a line saying what it did instead, with the library's message.
std::string Phase1Problem(aclnnStatus status, uint64_t workspace_size, const aclOpExecutor* executor);

// A line with phase 2's non-zero status and the library's message.
std::string Phase2Problem(aclnnStatus status);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_LAUNCH_REPORT_H_
