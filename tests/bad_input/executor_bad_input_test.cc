// Phase 2 of the NLL and BCE pairs and of every pointwise loss of the test registry, and the executor functions, with
// bad arguments: NULL, released, foreign and garbage executors, dead or never-created streams, workspaces where none
// is needed. Nothing may be written, and an executor that was not run stays destroyable (no leak).
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "bad_input_harness.h"
#include "pointwise_registry.h"

namespace openaclnn::test {
namespace {

constexpr int kRuntime = 361001;
constexpr int kInnerNull = 561103;
constexpr int kInner = 561000;

// One operator's phase 2 under test: the NLL and BCE pairs, then every pointwise loss of the test registry in each
// direction (tests/support/pointwise_registry.h), so a loss added there gets these tests with no change here.
enum class OperatorKind { kNllLossBackward, kBinaryCrossEntropyBackward, kNllLoss, kBinaryCrossEntropy, kPointwise };

struct Operator {
  OperatorKind kind;
  const PointwiseLoss* loss = nullptr;  // kPointwise: the registry entry, and which of its phases.
  bool backward = false;
};

std::vector<Operator> AllOperators() {
  std::vector<Operator> operators = {{OperatorKind::kNllLossBackward},
                                     {OperatorKind::kBinaryCrossEntropyBackward},
                                     {OperatorKind::kNllLoss},
                                     {OperatorKind::kBinaryCrossEntropy}};
  for (const PointwiseLoss& loss : PointwiseLosses()) {
    operators.push_back({OperatorKind::kPointwise, &loss, false});
    if (loss.backward_phase1 != nullptr) {
      operators.push_back({OperatorKind::kPointwise, &loss, true});
    }
  }
  return operators;
}

std::string RunApi(const Operator& op) {
  switch (op.kind) {
    case OperatorKind::kNllLossBackward: return "aclnnNLLLossBackward";
    case OperatorKind::kBinaryCrossEntropyBackward: return "aclnnBinaryCrossEntropyBackward";
    case OperatorKind::kNllLoss: return "aclnnNLLLoss";
    case OperatorKind::kBinaryCrossEntropy: return "aclnnBinaryCrossEntropy";
    case OperatorKind::kPointwise: return "aclnn" + op.loss->name + (op.backward ? "Backward" : "");
  }
  return "";
}

// The test name: the API without its prefix.
std::string OperatorName(const Operator& op) { return RunApi(op).substr(5); }

void PrintTo(const Operator& op, std::ostream* os) { *os << OperatorName(op); }

Phase2 Phase2Of(const Operator& op) {
  switch (op.kind) {
    case OperatorKind::kNllLossBackward: return aclnnNLLLossBackward;
    case OperatorKind::kBinaryCrossEntropyBackward: return aclnnBinaryCrossEntropyBackward;
    case OperatorKind::kNllLoss: return aclnnNLLLoss;
    case OperatorKind::kBinaryCrossEntropy: return aclnnBinaryCrossEntropy;
    case OperatorKind::kPointwise: return op.backward ? op.loss->backward_phase2 : op.loss->forward_phase2;
  }
  return nullptr;
}

// Valid arguments of one operator (reduction none), in signature order, ready for phase 1 any number of times.
std::vector<TensorArg> ValidTensors(const Operator& op) {
  switch (op.kind) {
    case OperatorKind::kNllLossBackward:
      return {
          {true, {2}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 2}},                   // gradOutput
          {true, {2, 3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0, 0, 0, 0, 0, 0}},     // self
          {true, {2}, ACL_INT64, {}, 0, ACL_FORMAT_ND, false, {0, 2}},                   // target
          {true, {3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 1, 1}},                // weight
          {true, {1}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {2}},                      // totalWeight
          {true, {2, 3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}},                    // out
      };
    case OperatorKind::kBinaryCrossEntropyBackward:
      return {
          {true, {}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1}},                       // gradOutput
          {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0.2, 0.4, 0.6, 0.8}},     // self
          {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0, 1, 0, 1}},             // target
          {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}},                       // out
      };
    case OperatorKind::kNllLoss:
      return {
          {true, {2, 3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {-1, -2, -3, -4, -5, -6}},  // self
          {true, {2}, ACL_INT64, {}, 0, ACL_FORMAT_ND, false, {0, 2}},                       // target
          {true, {3}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, 1, 1}},                    // weight
          {true, {2}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}},                           // out
          {true, {1}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}},                           // totalWeightOut
      };
    case OperatorKind::kBinaryCrossEntropy:
      return {
          {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0.2, 0.4, 0.6, 0.8}},     // self
          {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0, 1, 0, 1}},             // target
          {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}},                       // out
      };
    case OperatorKind::kPointwise: {
      // [gradOutput,] self, target, out; reduction none, so out has the operands' shape (forward and backward).
      std::vector<TensorArg> args = {
          {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0.2, 0.4, 0.6, 0.8}},  // self
          {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {0, 1, 0, 1}},          // target
          {true, ForwardOutDims(*op.loss, {4}, 0), ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {}},  // out
      };
      if (op.backward) {
        args.insert(args.begin(), {true, {4}, ACL_FLOAT, {}, 0, ACL_FORMAT_ND, false, {1, -1, 0.5, 2}});
      }
      return args;
    }
  }
  return {};
}

// One operator's valid tensors in an arena, and its two phases.
class OperatorFixture {
 public:
  explicit OperatorFixture(const Operator& op) : op_(op), args_(ValidTensors(op)) {
    std::vector<const TensorArg*> pointers;
    for (const TensorArg& arg : args_) {
      pointers.push_back(&arg);
    }
    tensors_ = std::make_unique<TensorSet>(arena_, pointers);
  }

  // Phase 1 with reduction none (no weight for BCE, beta 1 where the operator takes one); the workspace size it
  // returns is kept.
  aclOpExecutor* Prepare() {
    aclOpExecutor* executor = nullptr;
    const TensorSet& t = *tensors_;
    int code = -1;
    switch (op_.kind) {
      case OperatorKind::kNllLossBackward:
        code = aclnnNLLLossBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), t.at(3), 0, -100, t.at(4), t.at(5),
                                                    &workspace_size_, &executor);
        break;
      case OperatorKind::kBinaryCrossEntropyBackward:
        code = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), nullptr, 0, t.at(3),
                                                               &workspace_size_, &executor);
        break;
      case OperatorKind::kNllLoss:
        code = aclnnNLLLossGetWorkspaceSize(t.at(0), t.at(1), t.at(2), 0, -100, t.at(3), t.at(4), &workspace_size_,
                                            &executor);
        break;
      case OperatorKind::kBinaryCrossEntropy:
        code = aclnnBinaryCrossEntropyGetWorkspaceSize(t.at(0), t.at(1), nullptr, 0, t.at(2), &workspace_size_,
                                                       &executor);
        break;
      case OperatorKind::kPointwise:
        code = op_.backward ? op_.loss->backward_phase1(t.at(0), t.at(1), t.at(2), 0, 1.0f, t.at(3),
                                                        &workspace_size_, &executor)
                            : op_.loss->forward_phase1(t.at(0), t.at(1), 0, 1.0f, t.at(2), &workspace_size_,
                                                       &executor);
        break;
    }
    EXPECT_EQ(code, 0) << TakeErrorMessage();
    return executor;
  }

  int Run(aclOpExecutor* executor, aclrtStream stream, void* workspace = nullptr,
          uint64_t workspace_size = 0) const {
    return Phase2Of(op_)(workspace, workspace_size, executor, stream);
  }
  std::string run_api() const { return RunApi(op_); }
  uint64_t workspace_size() const { return workspace_size_; }
  std::vector<uint8_t> Snapshot() const { return arena_.Snapshot(); }

 private:
  Operator op_;
  Arena arena_;
  std::vector<TensorArg> args_;
  std::unique_ptr<TensorSet> tensors_;
  uint64_t workspace_size_ = 0;
};

class ExecutorBadInputTest : public ::testing::TestWithParam<Operator> {};

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

// An executor of any other operator, forward or backward.
TEST_P(ExecutorBadInputTest, ForeignExecutor) {
  OperatorFixture op(GetParam());
  ScopedStream stream;
  for (const Operator& other_op : AllOperators()) {
    if (Phase2Of(other_op) == Phase2Of(GetParam())) {
      continue;
    }
    SCOPED_TRACE("an executor of " + OperatorName(other_op));
    OperatorFixture other(other_op);
    aclOpExecutor* executor = other.Prepare();
    const std::vector<uint8_t> before = op.Snapshot();
    const std::vector<uint8_t> other_before = other.Snapshot();
    EXPECT_EQ(CheckFailure(op.Run(executor, stream.get()), kInvalid, op.run_api(), {"executor"}), "");
    ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
    EXPECT_TRUE(op.Snapshot() == before);
    EXPECT_TRUE(other.Snapshot() == other_before) << "the foreign executor's tensors must not be written either";
    EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0) << "the rejected executor must still be destroyable";
  }
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
    // Phase 2's rule: a single-use executor goes with its run, failed or not, so nothing leaks ...
    EXPECT_EQ(CheckFailure(aclDestroyAclOpExecutor(executor), kInner, "aclDestroyAclOpExecutor", {"executor"}), "");
  }
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
  EXPECT_TRUE(op.Snapshot() == before);
}

// ... while a repeatable executor survives a failed run and runs again.
TEST_P(ExecutorBadInputTest, RepeatableExecutorSurvivesAFailedRun) {
  OperatorFixture op(GetParam());
  ScopedStream stream;
  aclrtStream dead = nullptr;
  ASSERT_EQ(aclrtCreateStream(&dead), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(dead), ACL_SUCCESS);
  aclOpExecutor* executor = op.Prepare();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), 0);
  EXPECT_EQ(CheckFailure(op.Run(executor, dead), kRuntime, op.run_api(), {"stream"}), "");
  EXPECT_EQ(op.Run(executor, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0) << TakeErrorMessage();
}

// Phase 1 asks for no workspace (DECISIONS 12), so phase 2 never touches one: a NULL workspace with a size, or a
// pointer that is no memory at all, is accepted and the operator runs.
TEST_P(ExecutorBadInputTest, WorkspaceIsIgnoredWhenNoneIsNeeded) {
  OperatorFixture op(GetParam());
  ScopedStream stream;
  int not_a_workspace = 0;
  for (void* workspace : {static_cast<void*>(nullptr), static_cast<void*>(&not_a_workspace)}) {
    for (uint64_t workspace_size : {uint64_t{0}, uint64_t{1} << 20, ~uint64_t{0}}) {
      const std::vector<uint8_t> before = op.Snapshot();
      aclOpExecutor* executor = op.Prepare();
      ASSERT_EQ(op.workspace_size(), 0u);
      ASSERT_EQ(op.Run(executor, stream.get(), workspace, workspace_size), 0) << TakeErrorMessage();
      ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
      EXPECT_EQ(not_a_workspace, 0);
      if (workspace == nullptr && workspace_size == 0) {
        EXPECT_FALSE(op.Snapshot() == before) << "the first run must write out";
      }
    }
  }
}

TEST(ExecutorFunctionsBadInputTest, NullExecutor) {
  EXPECT_EQ(CheckFailure(aclSetAclOpExecutorRepeatable(nullptr), kInnerNull, "aclSetAclOpExecutorRepeatable",
                         {"executor"}),
            "");
  EXPECT_EQ(CheckFailure(aclDestroyAclOpExecutor(nullptr), kInnerNull, "aclDestroyAclOpExecutor", {"executor"}), "");
}

TEST(ExecutorFunctionsBadInputTest, DestroyedTwice) {
  OperatorFixture op(Operator{OperatorKind::kNllLossBackward});
  aclOpExecutor* executor = op.Prepare();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), 0);
  ASSERT_EQ(aclDestroyAclOpExecutor(executor), 0);
  EXPECT_EQ(CheckFailure(aclDestroyAclOpExecutor(executor), kInner, "aclDestroyAclOpExecutor", {"executor"}), "");
  ScopedStream stream;
  EXPECT_EQ(CheckFailure(op.Run(executor, stream.get()), kInvalid, op.run_api(), {"executor"}), "");
}

INSTANTIATE_TEST_SUITE_P(AllOperators, ExecutorBadInputTest, ::testing::ValuesIn(AllOperators()),
                         [](const ::testing::TestParamInfo<Operator>& param_info) {
                           return OperatorName(param_info.param);
                         });

}  // namespace
}  // namespace openaclnn::test
