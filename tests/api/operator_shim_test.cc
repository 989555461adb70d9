// api::Phase1 and api::Phase2, the two C entry points every operator's shim is made of: whatever the operator's
// phase 1 does (succeeds, fails with a status, throws std::bad_alloc, another std::exception or anything else),
// the caller gets a status code and a message naming the API, never an exception; phase 2 is the framework's
// executor checks under the same guard.
#include <gtest/gtest.h>

#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>

#include "acl/acl.h"
#include "api/operator_shim.h"
#include "core/status.h"

namespace openaclnn::api {
namespace {

constexpr int kNull = 161001;
constexpr int kInvalid = 161002;
constexpr int kInner = 561000;
constexpr const char* kApi = "aclnnShimProbeGetWorkspaceSize";

std::string RecentMessage() {
  const char* message = aclGetRecentErrMsg();
  return message == nullptr ? std::string() : std::string(message);
}

TEST(OperatorShimTest, Phase1PassesSuccessAndStatusesThrough) {
  EXPECT_EQ(Phase1(kApi, [] { return Status::Ok(); }), 0);
  EXPECT_EQ(Phase1(kApi, [] { return Status(kInvalid, "the probe's own message"); }), kInvalid);
  EXPECT_NE(RecentMessage().find("the probe's own message"), std::string::npos);
}

TEST(OperatorShimTest, Phase1TurnsEveryExceptionIntoACode) {
  EXPECT_EQ(Phase1(kApi, []() -> Status { throw std::bad_alloc(); }), kInner);
  std::string message = RecentMessage();
  EXPECT_NE(message.find(kApi), std::string::npos) << message;
  EXPECT_NE(message.find("out of host memory"), std::string::npos) << message;

  EXPECT_EQ(Phase1(kApi, []() -> Status { throw std::runtime_error("probe failure"); }), kInner);
  message = RecentMessage();
  EXPECT_NE(message.find(kApi), std::string::npos) << message;
  EXPECT_NE(message.find("probe failure"), std::string::npos) << message;

  EXPECT_EQ(Phase1(kApi, []() -> Status { throw 42; }), kInner);
  message = RecentMessage();
  EXPECT_NE(message.find(kApi), std::string::npos) << message;
  EXPECT_NE(message.find("internal error"), std::string::npos) << message;
}

TEST(OperatorShimTest, Phase2ChecksTheExecutor) {
  constexpr const char* kRunApi = "aclnnShimProbe";
  EXPECT_EQ(Phase2(kRunApi, nullptr, 0, nullptr, nullptr), kNull);
  std::string message = RecentMessage();
  EXPECT_NE(message.find(kRunApi), std::string::npos) << message;
  EXPECT_NE(message.find("'executor'"), std::string::npos) << message;

  int64_t not_an_executor[8] = {};
  EXPECT_EQ(Phase2(kRunApi, nullptr, 0, reinterpret_cast<aclOpExecutor*>(not_an_executor), nullptr), kInvalid);
  message = RecentMessage();
  EXPECT_NE(message.find("'executor'"), std::string::npos) << message;
}

// Both are declared noexcept, so an exception that escaped them would terminate the program instead of reaching
// a C caller; the tests above show none escapes.
struct ThrowingPhase1 {
  Status operator()() const { throw 1; }
};
static_assert(noexcept(Phase1(nullptr, ThrowingPhase1{})));
static_assert(noexcept(Phase2(nullptr, nullptr, 0, nullptr, nullptr)));

}  // namespace
}  // namespace openaclnn::api
