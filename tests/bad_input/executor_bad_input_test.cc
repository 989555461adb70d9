// Phase 2 of every operator, and the executor functions, with bad arguments: NULL, released, foreign and garbage
// executors, dead or never-created streams, workspaces where none is needed. Nothing may be written, and an
// executor that was not run stays destroyable (no leak). The operators come from one table (AllOperators): every
// phase-2 function of the library, the pointwise losses through their test registry.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_target_backward.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "aclnnop/aclnn_kl_div.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_kl_div_target_backward.h"
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "bad_input_harness.h"
#include "pointwise_registry.h"

namespace openaclnn::test {
namespace {

constexpr int kRuntime = 361001;
constexpr int kInnerNull = 561103;
constexpr int kInner = 561000;

// One operator's phase 2 under test: its name, and valid arguments (small, reduction none where the operator has
// one) to make executors for it with.
struct Operator {
  std::string run_api;             // "aclnnKlDiv"
  Phase2 phase2;
  std::vector<TensorArg> tensors;  // In signature order.
  Phase1Call phase1;               // Binds the other arguments.
};

// The test name: the API without its prefix.
std::string OperatorName(const Operator& op) { return op.run_api.substr(5); }

void PrintTo(const Operator& op, std::ostream* os) { *os << OperatorName(op); }

TensorArg Arg(std::vector<int64_t> dims, std::vector<double> values = {}, aclDataType dtype = ACL_FLOAT) {
  return {true, std::move(dims), dtype, {}, 0, ACL_FORMAT_ND, false, std::move(values)};
}

const std::vector<double> kProbabilities = {0.2, 0.4, 0.6, 0.8};
const std::vector<double> k3x4 = {-2, -1, 0, 1, 2, 3, -3, 0.5, -0.5, 4, -4, 0.25};

std::vector<Operator> NllOperators() {
  const TensorArg self = Arg({2, 3}, {-1, -2, -3, -4, -5, -6});
  const TensorArg target = Arg({2}, {0, 2}, ACL_INT64);
  const TensorArg weight = Arg({3}, {1, 1, 1});
  const TensorArg map = Arg({2, 3, 2, 2}, std::vector<double>(24, -0.5));
  const TensorArg map_target = Arg({2, 2, 2}, {0, 2, 1, -100, 2, 2, 0, 1}, ACL_INT64);
  return {
      {"aclnnNLLLoss", aclnnNLLLoss, {self, target, weight, Arg({2}), Arg({1})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnNLLLossGetWorkspaceSize(t.at(0), t.at(1), t.at(2), 0, -100, t.at(3), t.at(4), size, executor);
       }},
      {"aclnnNLLLossBackward", aclnnNLLLossBackward,
       {Arg({2}, {1, 2}), Arg({2, 3}, std::vector<double>(6, 0)), target, weight, Arg({1}, {2}), Arg({2, 3})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnNLLLossBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), t.at(3), 0, -100, t.at(4), t.at(5),
                                                     size, executor);
       }},
      {"aclnnNLLLoss2d", aclnnNLLLoss2d, {map, map_target, weight, Arg({2, 2, 2}), Arg({1})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnNLLLoss2dGetWorkspaceSize(t.at(0), t.at(1), t.at(2), 0, -100, t.at(3), t.at(4), size, executor);
       }},
      {"aclnnNLLLoss2dBackward", aclnnNLLLoss2dBackward,
       {Arg({2, 2, 2}, std::vector<double>(8, 1)), map, map_target, weight, Arg({1}, {4}), Arg({2, 3, 2, 2})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnNLLLoss2dBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), t.at(3), 0, -100, t.at(4), t.at(5),
                                                       size, executor);
       }},
  };
}

// aclnnBinaryCrossEntropy and its backward (no weight), and BCE with logits with weight and posWeight.
std::vector<Operator> BceOperators() {
  const TensorArg probabilities = Arg({4}, kProbabilities);
  const TensorArg labels = Arg({4}, {0, 1, 0, 1});
  const TensorArg logits = Arg({3, 4}, k3x4);
  const TensorArg targets = Arg({3, 4}, std::vector<double>(12, 0.5));
  const TensorArg weight = Arg({4}, {1, 2, 3, 4});
  const TensorArg pos_weight = Arg({3, 1}, {0.5, 1, 2});
  const TensorArg grad = Arg({}, {1.5});
  return {
      {"aclnnBinaryCrossEntropy", aclnnBinaryCrossEntropy, {probabilities, labels, Arg({4})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnBinaryCrossEntropyGetWorkspaceSize(t.at(0), t.at(1), nullptr, 0, t.at(2), size, executor);
       }},
      {"aclnnBinaryCrossEntropyBackward", aclnnBinaryCrossEntropyBackward,
       {Arg({}, {1}), probabilities, labels, Arg({4})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), nullptr, 0, t.at(3), size,
                                                                executor);
       }},
      {"aclnnBinaryCrossEntropyWithLogits", aclnnBinaryCrossEntropyWithLogits,
       {logits, targets, weight, pos_weight, Arg({3, 4})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(t.at(0), t.at(1), t.at(2), t.at(3), 0, t.at(4),
                                                                  size, executor);
       }},
      {"aclnnBinaryCrossEntropyWithLogitsBackward", aclnnBinaryCrossEntropyWithLogitsBackward,
       {grad, logits, targets, weight, pos_weight, Arg({3, 4})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), t.at(3),
                                                                          t.at(4), 0, t.at(5), size, executor);
       }},
      {"aclnnBinaryCrossEntropyWithLogitsTargetBackward", aclnnBinaryCrossEntropyWithLogitsTargetBackward,
       {grad, logits, targets, weight, pos_weight, Arg({3, 4})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnBinaryCrossEntropyWithLogitsTargetBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), t.at(3),
                                                                                t.at(4), 0, t.at(5), size, executor);
       }},
  };
}

// Every pointwise loss of the test registry in each direction (tests/support/pointwise_registry.h), so a loss
// added there gets these tests with no change here; beta 1 where the operator takes one.
std::vector<Operator> RegistryOperators() {
  std::vector<Operator> operators;
  for (const PointwiseLoss& loss : PointwiseLosses()) {
    const TensorArg self = Arg({4}, kProbabilities);
    const TensorArg target = Arg({4}, {0, 1, 0, 1});
    const TensorArg out = Arg(ForwardOutDims(loss, {4}, 0));
    const PointwiseLoss* entry = &loss;
    operators.push_back({"aclnn" + loss.name, loss.forward_phase2, {self, target, out},
                         [entry](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
                           return entry->forward_phase1(t.at(0), t.at(1), 0, 1.0f, t.at(2), size, executor);
                         }});
    if (loss.backward_phase1 != nullptr) {
      operators.push_back({"aclnn" + loss.name + "Backward", loss.backward_phase2,
                           {Arg({4}, {1, -1, 0.5, 2}), self, target, out},
                           [entry](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
                             return entry->backward_phase1(t.at(0), t.at(1), t.at(2), 0, 1.0f, t.at(3), size,
                                                           executor);
                           }});
    }
  }
  return operators;
}

// aclnnKlDiv and its gradients (target broadcast into self, then self into target), aclnnLogit and aclnnLogitGrad.
std::vector<Operator> UnaryAndKlOperators() {
  const TensorArg self = FilledFloat({3, 4}, -0.5);
  const TensorArg target = FilledFloat({3, 4}, 0.25);
  const TensorArg row = FilledFloat({4}, 1);
  return {
      {"aclnnKlDiv", aclnnKlDiv, {self, target, Arg({3, 4})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnKlDivGetWorkspaceSize(t.at(0), t.at(1), 0, false, t.at(2), size, executor);
       }},
      {"aclnnKlDivBackward", aclnnKlDivBackward, {row, self, FilledFloat({4}, 0.25), Arg({3, 4})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnKlDivBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), 0, false, t.at(3), size, executor);
       }},
      {"aclnnKlDivTargetBackward", aclnnKlDivTargetBackward, {row, FilledFloat({4}, -0.5), target, Arg({3, 4})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnKlDivTargetBackwardGetWorkspaceSize(t.at(0), t.at(1), t.at(2), 0, false, t.at(3), size,
                                                         executor);
       }},
      {"aclnnLogit", aclnnLogit, {target, Arg({3, 4})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnLogitGetWorkspaceSize(t.at(0), -1.0, t.at(1), size, executor);
       }},
      {"aclnnLogitGrad", aclnnLogitGrad, {target, FilledFloat({3, 4}, 1), Arg({3, 4})},
       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
         return aclnnLogitGradGetWorkspaceSize(t.at(0), t.at(1), -1.0, t.at(2), size, executor);
       }},
  };
}

using SoftmaxPhase1 = aclnnStatus (*)(const aclTensor* self, int64_t dim, aclTensor* out, uint64_t* workspace_size,
                                      aclOpExecutor** executor);
using SoftmaxBackwardPhase1 = aclnnStatus (*)(const aclTensor* grad_output, const aclTensor* output, int64_t dim,
                                              aclTensor* out, uint64_t* workspace_size, aclOpExecutor** executor);

// The softmax family along dim 1, and cross entropy with mean, weights, label smoothing and the z-loss outputs.
std::vector<Operator> RowOperators() {
  const TensorArg self = Arg({2, 3}, {1, 2, 3, 4, 5, 6});
  const TensorArg output = Arg({2, 3}, {-1, -2, -3, -1, -2, -3});
  struct SoftmaxPair {
    std::string name;
    SoftmaxPhase1 forward_phase1;
    Phase2 forward_phase2;
    SoftmaxBackwardPhase1 backward_phase1;
    Phase2 backward_phase2;
  };
  const SoftmaxPair pairs[] = {
      {"aclnnSoftmax", aclnnSoftmaxGetWorkspaceSize, aclnnSoftmax, aclnnSoftmaxBackwardGetWorkspaceSize,
       aclnnSoftmaxBackward},
      {"aclnnLogSoftmax", aclnnLogSoftmaxGetWorkspaceSize, aclnnLogSoftmax, aclnnLogSoftmaxBackwardGetWorkspaceSize,
       aclnnLogSoftmaxBackward},
  };
  std::vector<Operator> operators;
  for (const SoftmaxPair& pair : pairs) {
    const SoftmaxPhase1 forward = pair.forward_phase1;
    const SoftmaxBackwardPhase1 backward = pair.backward_phase1;
    operators.push_back({pair.name, pair.forward_phase2, {self, Arg({2, 3})},
                         [forward](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
                           return forward(t.at(0), 1, t.at(1), size, executor);
                         }});
    operators.push_back({pair.name + "Backward", pair.backward_phase2, {self, output, Arg({2, 3})},
                         [backward](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
                           return backward(t.at(0), t.at(1), 1, t.at(2), size, executor);
                         }});
  }
  const TensorArg target = Arg({3}, {0, -100, 3}, ACL_INT64);
  const TensorArg weight = Arg({4}, {1, 2, 0.5, 1});
  static char mean[] = "mean";
  operators.push_back({"aclnnCrossEntropyLoss", aclnnCrossEntropyLoss,
                       {Arg({3, 4}, k3x4), target, weight, Arg({1}), Arg({3, 4}), Arg({1}), Arg({3})},
                       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
                         return aclnnCrossEntropyLossGetWorkspaceSize(t.at(0), t.at(1), t.at(2), mean, -100, 0.1, 0.5,
                                                                      true, t.at(3), t.at(4), t.at(5), t.at(6), size,
                                                                      executor);
                       }});
  operators.push_back({"aclnnCrossEntropyLossGrad", aclnnCrossEntropyLossGrad,
                       {Arg({}, {1}), Arg({3, 4}, std::vector<double>(12, -1.3862943611198906)), target, weight,
                        Arg({}, {0.5}), Arg({3}, {1, 2, 3}), Arg({3, 4})},
                       [](const TensorSet& t, uint64_t* size, aclOpExecutor** executor) {
                         return aclnnCrossEntropyLossGradGetWorkspaceSize(t.at(0), t.at(1), t.at(2), t.at(3), t.at(4),
                                                                          t.at(5), mean, -100, 0.1, 0.5, t.at(6),
                                                                          size, executor);
                       }});
  return operators;
}

const std::vector<Operator>& AllOperators() {
  static const std::vector<Operator> operators = [] {
    std::vector<Operator> all;
    for (std::vector<Operator> group :
         {NllOperators(), BceOperators(), RegistryOperators(), UnaryAndKlOperators(), RowOperators()}) {
      for (Operator& op : group) all.push_back(std::move(op));
    }
    return all;
  }();
  return operators;
}

// One operator's valid tensors in an arena, and its two phases.
class OperatorFixture {
 public:
  explicit OperatorFixture(const Operator& op) : op_(op) {
    std::vector<const TensorArg*> pointers;
    for (const TensorArg& arg : op_.tensors) {
      pointers.push_back(&arg);
    }
    tensors_ = std::make_unique<TensorSet>(arena_, pointers);
  }

  // Phase 1; the workspace size it returns is kept.
  aclOpExecutor* Prepare() {
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ(op_.phase1(*tensors_, &workspace_size_, &executor), 0) << TakeErrorMessage();
    return executor;
  }

  int Run(aclOpExecutor* executor, aclrtStream stream, void* workspace = nullptr,
          uint64_t workspace_size = 0) const {
    return op_.phase2(workspace, workspace_size, executor, stream);
  }
  const std::string& run_api() const { return op_.run_api; }
  uint64_t workspace_size() const { return workspace_size_; }
  std::vector<uint8_t> Snapshot() const { return arena_.Snapshot(); }

 private:
  const Operator& op_;
  Arena arena_;
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
    if (other_op.phase2 == GetParam().phase2) {
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
  OperatorFixture op(AllOperators().front());
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
