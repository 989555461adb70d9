// Phase 2 of both operators and the executor functions with bad arguments: NULL, released, foreign and garbage
// executors, dead or never-created streams. Nothing may be written, and an executor that was not run stays
// destroyable (no leak).
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "bad_input_harness.h"

namespace openaclnn::test {
namespace {

constexpr int kNull = 161001;
constexpr int kInvalid = 161002;
constexpr int kRuntime = 361001;
constexpr int kInnerNull = 561103;
constexpr int kInner = 561000;

constexpr const char* kNllRun = "aclnnNLLLossBackward";
constexpr const char* kBceRun = "aclnnBinaryCrossEntropyBackward";

// Valid arguments of one operator, ready for phase 1 any number of times.
class OperatorFixture {
 public:
  explicit OperatorFixture(bool nll) : nll_(nll) {
    if (nll_) {
      args_ = {
          {true, {2}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 2}},                   // gradOutput
          {true, {2, 3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0, 0, 0, 0, 0, 0}},     // self
          {true, {2}, ACL_INT64, {}, 0, ACL_FORMAT_ND, false, {0, 2}},                   // target
          {true, {3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 1, 1}},                // weight
          {true, {1}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {2}},                      // totalWeight
          {true, {2, 3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}},                    // out
      };
    } else {
      args_ = {
          {true, {}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1}},                       // gradOutput
          {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0.2, 0.4, 0.6, 0.8}},     // self
          {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0, 1, 0, 1}},             // target
          {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}},                       // out
      };
    }
    std::vector<const TensorArg*> pointers;
    for (const TensorArg& arg : args_) {
      pointers.push_back(&arg);
    }
    tensors_ = std::make_unique<TensorSet>(arena_, pointers);
  }

  aclOpExecutor* Prepare() {
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    const TensorSet& t = *tensors_;
    const int code =
        nll_ ? aclnnNLLLossBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), t.at(3), 0, -100, t.at(4), t.at(5),
                                                    &workspace_size, &executor)
             : aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), nullptr, 0, t.at(3),
                                                               &workspace_size, &executor);
    EXPECT_EQ(code, 0) << TakeErrorMessage();
    return executor;
  }

  int Run(aclOpExecutor* executor, aclrtStream stream) const {
    return nll_ ? aclnnNLLLossBackward(nullptr, 0, executor, stream)
                : aclnnBinaryCrossEntropyBackward(nullptr, 0, executor, stream);
  }
  const char* run_api() const { return nll_ ? kNllRun : kBceRun; }
  std::vector<uint8_t> Snapshot() const { return arena_.Snapshot(); }

 private:
  bool nll_;
  Arena arena_;
  std::vector<TensorArg> args_;
  std::unique_ptr<TensorSet> tensors_;
};

class ExecutorBadInputTest : public ::testing::TestWithParam<bool> {};

TEST_P(ExecutorBadInputTest, NullExecutor) {
  OperatorFixture op(GetParam());
  ScopedStream stream;
  EXPECT_EQ(CheckFailure(op.Run(nullptr, stream.get()), kNull, op.run_api(), {"executor"}), "");
}

TEST_P(ExecutorBadInputTest, ReleasedExecutorIsRejectedNotReused) {
  OperatorFixture op(GetParam());
  ScopedStream stream;
  aclOpExecutor* executor = op.Prepare();
  ASSERT_EQ(op.Run(executor, stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  const std::vector<uint8_t> after_run = op.Snapshot();
  // Single-use: the first run released it.
  EXPECT_EQ(CheckFailure(op.Run(executor, stream.get()), kInvalid, op.run_api(), {"executor"}), "");
  EXPECT_EQ(CheckFailure(aclSetAclOpExecutorRepeatable(executor), kInner, "aclSetAclOpExecutorRepeatable",
                         {"executor"}),
            "");
  EXPECT_EQ(CheckFailure(aclDestroyAclOpExecutor(executor), kInner, "aclDestroyAclOpExecutor", {"executor"}), "");
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_TRUE(op.Snapshot() == after_run);
}

TEST_P(ExecutorBadInputTest, ForeignExecutor) {
  OperatorFixture op(GetParam());
  OperatorFixture other(!GetParam());
  ScopedStream stream;
  aclOpExecutor* executor = other.Prepare();
  const std::vector<uint8_t> before = op.Snapshot();
  EXPECT_EQ(CheckFailure(op.Run(executor, stream.get()), kInvalid, op.run_api(), {"executor"}), "");
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_TRUE(op.Snapshot() == before);
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0) << "the rejected executor must still be destroyable";
}

TEST_P(ExecutorBadInputTest, GarbageExecutor) {
  OperatorFixture op(GetParam());
  ScopedStream stream;
  int64_t not_an_executor[8] = {};
  auto* garbage = reinterpret_cast<aclOpExecutor*>(not_an_executor);
  EXPECT_EQ(CheckFailure(op.Run(garbage, stream.get()), kInvalid, op.run_api(), {"executor"}), "");
  EXPECT_EQ(CheckFailure(aclSetAclOpExecutorRepeatable(garbage), kInner, "aclSetAclOpExecutorRepeatable",
                         {"executor"}),
            "");
  EXPECT_EQ(CheckFailure(aclDestroyAclOpExecutor(garbage), kInner, "aclDestroyAclOpExecutor", {"executor"}), "");
}

TEST_P(ExecutorBadInputTest, DeadOrUnknownStream) {
  OperatorFixture op(GetParam());
  const std::vector<uint8_t> before = op.Snapshot();
  aclrtStream dead = nullptr;
  ASSERT_EQ(aclrtCreateStream(&dead), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(dead), ACL_SUCCESS);
  int unknown = 0;
  for (aclrtStream stream : {dead, static_cast<aclrtStream>(&unknown)}) {
    aclOpExecutor* executor = op.Prepare();
    EXPECT_EQ(CheckFailure(op.Run(executor, stream), kRuntime, op.run_api(), {"stream"}), "");
    // Not run, so not released: the caller can still destroy it (no leak) ...
    EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0) << TakeErrorMessage();
  }
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
  EXPECT_TRUE(op.Snapshot() == before);
}

TEST(ExecutorFunctionsBadInputTest, NullExecutor) {
  EXPECT_EQ(CheckFailure(aclSetAclOpExecutorRepeatable(nullptr), kInnerNull, "aclSetAclOpExecutorRepeatable",
                         {"executor"}),
            "");
  EXPECT_EQ(CheckFailure(aclDestroyAclOpExecutor(nullptr), kInnerNull, "aclDestroyAclOpExecutor", {"executor"}), "");
}

TEST(ExecutorFunctionsBadInputTest, DestroyedTwice) {
  OperatorFixture op(true);
  aclOpExecutor* executor = op.Prepare();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), 0);
  ASSERT_EQ(aclDestroyAclOpExecutor(executor), 0);
  EXPECT_EQ(CheckFailure(aclDestroyAclOpExecutor(executor), kInner, "aclDestroyAclOpExecutor", {"executor"}), "");
  ScopedStream stream;
  EXPECT_EQ(CheckFailure(op.Run(executor, stream.get()), kInvalid, op.run_api(), {"executor"}), "");
}

INSTANTIATE_TEST_SUITE_P(BothOperators, ExecutorBadInputTest, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& param_info) {
                           return std::string(param_info.param ? "NllLossBackward" : "BinaryCrossEntropyBackward");
                         });

}  // namespace
}  // namespace openaclnn::test
