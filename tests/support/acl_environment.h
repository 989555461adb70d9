// GoogleTest environment: aclInit + aclrtSetDevice(0) once per test binary, aclFinalize at the end.
// Tests create their own streams.
#ifndef OPENACLNN_TESTS_SUPPORT_ACL_ENVIRONMENT_H_
#define OPENACLNN_TESTS_SUPPORT_ACL_ENVIRONMENT_H_

#include <string>

#include "acl/acl.h"

namespace openaclnn::test {

// aclGetRecentErrMsg() as a string ("" when nothing is pending); clears the pending messages.
std::string TakeErrorMessage();

// A stream for one test, destroyed (after synchronising) at scope exit.
class ScopedStream {
 public:
  ScopedStream();
  ~ScopedStream();
  ScopedStream(const ScopedStream&) = delete;
  ScopedStream& operator=(const ScopedStream&) = delete;
  aclrtStream get() const { return stream_; }

 private:
  aclrtStream stream_ = nullptr;
};

// Strict mode (openaclnnSetStrictMode) on for one scope: tolerated data faults fail the run instead; the default is
// restored at scope exit.
class ScopedStrictMode {
 public:
  ScopedStrictMode();
  ~ScopedStrictMode();
  ScopedStrictMode(const ScopedStrictMode&) = delete;
  ScopedStrictMode& operator=(const ScopedStrictMode&) = delete;
};

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SUPPORT_ACL_ENVIRONMENT_H_
