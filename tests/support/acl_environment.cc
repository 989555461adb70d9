#include "acl_environment.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "openaclnn/openaclnn.h"

namespace openaclnn::test {
namespace {

class AclEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  }
  void TearDown() override {
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  }
};

// Registered before main() runs, as GoogleTest allows.
[[maybe_unused]] ::testing::Environment* const kEnvironment =
    ::testing::AddGlobalTestEnvironment(new AclEnvironment());

}  // namespace

std::string TakeErrorMessage() {
  const char* message = aclGetRecentErrMsg();
  return message == nullptr ? std::string() : std::string(message);
}

ScopedStream::ScopedStream() {
  if (aclrtCreateStream(&stream_) != ACL_SUCCESS) {
    throw std::runtime_error("aclrtCreateStream failed: " + TakeErrorMessage());
  }
}

ScopedStream::~ScopedStream() {
  aclrtSynchronizeStream(stream_);
  aclrtDestroyStream(stream_);
}

ScopedStrictMode::ScopedStrictMode() {
  if (openaclnnSetStrictMode(1) != 0) {
    throw std::runtime_error("openaclnnSetStrictMode(1) failed: " + TakeErrorMessage());
  }
}

ScopedStrictMode::~ScopedStrictMode() { openaclnnSetStrictMode(-1); }

}  // namespace openaclnn::test
