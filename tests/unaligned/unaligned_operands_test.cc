// Operands at addresses their data type's alignment does not hold. CANN asks no alignment of a tensor's data, and
// the fuzzer builds tensors at any byte offset; every kernel must read and write them byte-wise (no typed load of a
// misaligned pointer, which is undefined behaviour: UBSan's alignment check fails the asan stage on one). Each call
// runs with every operand and output shifted by 1 byte (and 2 for the 32- and 64-bit types) on every kernel target
// and with 1 and 3 threads, and must give the bytes of the aligned call on the reference kernels.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"
#include "pointwise_call.h"
#include "pointwise_registry.h"

namespace openaclnn::test {
namespace {

constexpr int64_t kRows = 9;
constexpr int64_t kClasses = 37;     // A vector's bulk and a scalar tail on every target.
constexpr int64_t kPositions = 600;  // NLL: more than one staged chunk of positions.

// One call's outputs as bytes; `misalign` shifts every tensor's data address by that many bytes.
using Call = std::function<std::vector<uint8_t>(int64_t misalign)>;

Layout Shifted(int64_t misalign) {
  Layout layout;
  layout.misalign_bytes = misalign;
  return layout;
}

std::vector<double> Uniform(int64_t count, double low, double high, uint32_t seed) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<double> value(low, high);
  std::vector<double> values(static_cast<size_t>(count));
  for (double& v : values) v = value(engine);
  return values;
}

std::vector<int64_t> Classes(int64_t count, int64_t classes, int64_t ignore_index, uint32_t seed) {
  std::mt19937 engine(seed);
  std::uniform_int_distribution<int64_t> cls(0, classes - 1);
  std::vector<int64_t> targets(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    targets[static_cast<size_t>(i)] = i % 11 == 5 ? ignore_index : cls(engine);
  }
  return targets;
}

// Phase 1 (`phase1(&workspace, &executor)`), then its executor on a new stream; fails the test on any error.
template <typename Phase1, typename Phase2>
void RunTwoPhases(Phase1 phase1, Phase2 phase2) {
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(phase1(&workspace, &executor), 0) << TakeErrorMessage();
  ScopedStream stream;
  ASSERT_EQ(phase2(nullptr, workspace, executor, stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
}

void ExpectSameBytesWhenUnaligned(const std::string& what, const Call& call, std::vector<int64_t> shifts) {
  ASSERT_EQ(openaclnnSetKernelTarget("reference"), 0);
  ASSERT_EQ(openaclnnSetNumThreads(1), 0);
  const std::vector<uint8_t> expected = call(0);
  for (int32_t t = 0; t < openaclnnGetKernelTargetCount(); ++t) {
    const std::string target = openaclnnGetKernelTargetName(t);
    ASSERT_EQ(openaclnnSetKernelTarget(target.c_str()), 0);
    for (const int threads : {1, 3}) {
      ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
      for (const int64_t shift : shifts) {
        EXPECT_EQ(call(shift), expected) << what << ": target " << target << ", " << threads << " threads, data "
                                         << shift << " bytes past alignment";
      }
    }
  }
  openaclnnSetNumThreads(0);
  openaclnnSetKernelTarget(nullptr);
}

std::vector<uint8_t> Concat(std::initializer_list<const DeviceTensor*> outputs) {
  std::vector<uint8_t> bytes;
  for (const DeviceTensor* out : outputs) {
    const std::vector<uint8_t> storage = out->Storage();
    bytes.insert(bytes.end(), storage.begin(), storage.end());
  }
  return bytes;
}

// Label smoothing with class weights reads the weights in the row kernels' scalar tails as well as their vectors.
TEST(UnalignedOperands, CrossEntropyForwardAndGradient) {
  for (const aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
    for (const aclDataType target_dtype : {ACL_INT64, ACL_INT32}) {
      const std::vector<double> logits = Uniform(kRows * kClasses, -4.0, 4.0, 11);
      const std::vector<double> weights = Uniform(kClasses, 0.25, 2.0, 12);
      const std::vector<int64_t> targets = Classes(kRows, kClasses, -100, 13);
      const std::vector<double> grad_loss = Uniform(kRows, -1.0, 1.0, 14);
      const Call forward = [&](int64_t misalign) {
        DeviceTensor input({kRows, kClasses}, dtype, Shifted(misalign));
        DeviceTensor target({kRows}, target_dtype, Shifted(misalign));
        DeviceTensor weight({kClasses}, ACL_FLOAT, Shifted(misalign));
        DeviceTensor loss({kRows}, dtype, Shifted(misalign));
        DeviceTensor log_prob({kRows, kClasses}, dtype, Shifted(misalign));
        DeviceTensor zloss({kRows}, dtype, Shifted(misalign));
        DeviceTensor lse({kRows}, dtype, Shifted(misalign));
        input.Fill(logits);
        target.FillIntegers(targets);
        weight.Fill(weights);
        char reduction[] = "none";
        RunTwoPhases(
            [&](uint64_t* workspace, aclOpExecutor** executor) {
              return aclnnCrossEntropyLossGetWorkspaceSize(input.get(), target.get(), weight.get(), reduction, -100,
                                                           0.1, 0.0, false, loss.get(), log_prob.get(), zloss.get(),
                                                           lse.get(), workspace, executor);
            },
            aclnnCrossEntropyLoss);
        return Concat({&loss, &log_prob});
      };
      const Call gradient = [&](int64_t misalign) {
        DeviceTensor grad({kRows}, dtype, Shifted(misalign));
        DeviceTensor log_prob({kRows, kClasses}, dtype, Shifted(misalign));
        DeviceTensor target({kRows}, target_dtype, Shifted(misalign));
        DeviceTensor weight({kClasses}, ACL_FLOAT, Shifted(misalign));
        DeviceTensor out({kRows, kClasses}, dtype, Shifted(misalign));
        grad.Fill(grad_loss);
        log_prob.Fill(Uniform(kRows * kClasses, -6.0, -0.01, 15));
        target.FillIntegers(targets);
        weight.Fill(weights);
        char reduction[] = "none";
        RunTwoPhases(
            [&](uint64_t* workspace, aclOpExecutor** executor) {
              return aclnnCrossEntropyLossGradGetWorkspaceSize(grad.get(), log_prob.get(), target.get(), weight.get(),
                                                               nullptr, nullptr, reduction, -100, 0.1, 0.0, out.get(),
                                                               workspace, executor);
            },
            aclnnCrossEntropyLossGrad);
        return Concat({&out});
      };
      const std::string types = "dtype " + std::to_string(dtype) + ", target dtype " + std::to_string(target_dtype);
      ExpectSameBytesWhenUnaligned("aclnnCrossEntropyLoss, " + types, forward, {1, 2});
      ExpectSameBytesWhenUnaligned("aclnnCrossEntropyLossGrad, " + types, gradient, {1, 2});
    }
  }
}

TEST(UnalignedOperands, NllLossForwardAndBackward) {
  for (const aclDataType target_dtype : {ACL_INT64, ACL_INT32}) {
    for (const int64_t reduction : {int64_t{0}, int64_t{1}}) {
      const std::vector<double> self_values = Uniform(kPositions * 7, -3.0, 3.0, 21);
      const std::vector<double> weights = Uniform(7, 0.5, 1.5, 22);
      const std::vector<int64_t> targets = Classes(kPositions, 7, 3, 23);
      const std::vector<int64_t> out_dims = reduction == 0 ? std::vector<int64_t>{kPositions} : std::vector<int64_t>{};
      const Call forward = [&](int64_t misalign) {
        DeviceTensor self({kPositions, 7}, ACL_FLOAT, Shifted(misalign));
        DeviceTensor target({kPositions}, target_dtype, Shifted(misalign));
        DeviceTensor weight({7}, ACL_FLOAT, Shifted(misalign));
        DeviceTensor out(out_dims, ACL_FLOAT, Shifted(misalign));
        DeviceTensor total_weight({}, ACL_FLOAT, Shifted(misalign));
        self.Fill(self_values);
        target.FillIntegers(targets);
        weight.Fill(weights);
        RunTwoPhases(
            [&](uint64_t* workspace, aclOpExecutor** executor) {
              return aclnnNLLLossGetWorkspaceSize(self.get(), target.get(), weight.get(), reduction, 3, out.get(),
                                                  total_weight.get(), workspace, executor);
            },
            aclnnNLLLoss);
        return Concat({&out, &total_weight});
      };
      const Call backward = [&](int64_t misalign) {
        DeviceTensor grad(out_dims, ACL_FLOAT, Shifted(misalign));
        DeviceTensor self({kPositions, 7}, ACL_FLOAT, Shifted(misalign));
        DeviceTensor target({kPositions}, target_dtype, Shifted(misalign));
        DeviceTensor weight({7}, ACL_FLOAT, Shifted(misalign));
        DeviceTensor total_weight({}, ACL_FLOAT, Shifted(misalign));
        DeviceTensor out({kPositions, 7}, ACL_FLOAT, Shifted(misalign));
        grad.Fill(Uniform(reduction == 0 ? kPositions : 1, -1.0, 1.0, 24));
        self.Fill(self_values);
        target.FillIntegers(targets);
        weight.Fill(weights);
        total_weight.Fill({3.5});
        RunTwoPhases(
            [&](uint64_t* workspace, aclOpExecutor** executor) {
              return aclnnNLLLossBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(), reduction,
                                                          3, total_weight.get(), out.get(), workspace, executor);
            },
            aclnnNLLLossBackward);
        return Concat({&out});
      };
      const std::string what =
          "target dtype " + std::to_string(target_dtype) + ", reduction " + std::to_string(reduction);
      ExpectSameBytesWhenUnaligned("aclnnNLLLoss, " + what, forward, {1, 2});
      ExpectSameBytesWhenUnaligned("aclnnNLLLossBackward, " + what, backward, {1, 2});
    }
  }
}

// The planes kernel stages contiguous targets (in place when they are INT64) before its vector loops; planes of 299
// positions leave scalar tails.
TEST(UnalignedOperands, NllLoss2dBackward) {
  const std::vector<int64_t> self_dims = {2, 5, 13, 23};
  const std::vector<int64_t> position_dims = {2, 13, 23};
  const int64_t positions = 2 * 13 * 23;
  for (const aclDataType target_dtype : {ACL_INT64, ACL_INT32}) {
    for (const int64_t reduction : {int64_t{0}, int64_t{1}}) {
      const std::vector<int64_t> targets = Classes(positions, 5, 2, 51);
      const std::vector<double> weights = Uniform(5, 0.5, 1.5, 52);
      const std::vector<int64_t> grad_dims = reduction == 0 ? position_dims : std::vector<int64_t>{};
      const Call backward = [&](int64_t misalign) {
        DeviceTensor grad(grad_dims, ACL_FLOAT, Shifted(misalign));
        DeviceTensor self(self_dims, ACL_FLOAT, Shifted(misalign));
        DeviceTensor target(position_dims, target_dtype, Shifted(misalign));
        DeviceTensor weight({5}, ACL_FLOAT, Shifted(misalign));
        DeviceTensor total_weight({}, ACL_FLOAT, Shifted(misalign));
        DeviceTensor out(self_dims, ACL_FLOAT, Shifted(misalign));
        grad.Fill(Uniform(reduction == 0 ? positions : 1, -1.0, 1.0, 53));
        self.Fill(Uniform(positions * 5, -3.0, 3.0, 54));
        target.FillIntegers(targets);
        weight.Fill(weights);
        total_weight.Fill({2.5});
        RunTwoPhases(
            [&](uint64_t* workspace, aclOpExecutor** executor) {
              return aclnnNLLLoss2dBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(),
                                                            reduction, 2, total_weight.get(), out.get(), workspace,
                                                            executor);
            },
            aclnnNLLLoss2dBackward);
        return Concat({&out});
      };
      ExpectSameBytesWhenUnaligned("aclnnNLLLoss2dBackward, target dtype " + std::to_string(target_dtype) +
                                       ", reduction " + std::to_string(reduction),
                                   backward, {1, 2, 4});
    }
  }
}

TEST(UnalignedOperands, LogSoftmaxAndSoftmaxBackward) {
  for (const aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16}) {
    const std::vector<double> x = Uniform(kRows * kClasses, -5.0, 5.0, 31);
    const std::vector<double> g = Uniform(kRows * kClasses, -1.0, 1.0, 32);
    const std::vector<double> y = Uniform(kRows * kClasses, 0.0, 0.1, 33);
    const Call forward = [&](int64_t misalign) {
      DeviceTensor self({kRows, kClasses}, dtype, Shifted(misalign));
      DeviceTensor out({kRows, kClasses}, dtype, Shifted(misalign));
      self.Fill(x);
      RunTwoPhases(
          [&](uint64_t* workspace, aclOpExecutor** executor) {
            return aclnnLogSoftmaxGetWorkspaceSize(self.get(), 1, out.get(), workspace, executor);
          },
          aclnnLogSoftmax);
      return Concat({&out});
    };
    const Call backward = [&](int64_t misalign) {
      DeviceTensor grad({kRows, kClasses}, dtype, Shifted(misalign));
      DeviceTensor output({kRows, kClasses}, dtype, Shifted(misalign));
      DeviceTensor out({kRows, kClasses}, dtype, Shifted(misalign));
      grad.Fill(g);
      output.Fill(y);
      RunTwoPhases(
          [&](uint64_t* workspace, aclOpExecutor** executor) {
            return aclnnSoftmaxBackwardGetWorkspaceSize(grad.get(), output.get(), 1, out.get(), workspace, executor);
          },
          aclnnSoftmaxBackward);
      return Concat({&out});
    };
    ExpectSameBytesWhenUnaligned("aclnnLogSoftmax, dtype " + std::to_string(dtype), forward, {1, 2});
    ExpectSameBytesWhenUnaligned("aclnnSoftmaxBackward, dtype " + std::to_string(dtype), backward, {1, 2});
  }
}

// The pointwise engine, through every operator of its registry: the store loops of reduction none, the sums'
// vector loops, the gradients (by self, and by target where the entry has one), FLOAT and the 16-bit float form.
// Inputs in (0, 1) lie in every entry's domain (BCE, the logit, KL), though only the bytes are compared.
TEST(UnalignedOperands, PointwiseLossesForwardAndGradients) {
  const std::vector<int64_t> shape = {kRows, kClasses};
  const std::vector<double> self_values = Uniform(kRows * kClasses, 0.05, 0.95, 41);
  const std::vector<double> target_values = Uniform(kRows * kClasses, 0.05, 0.95, 42);
  for (const PointwiseLoss& loss : AllPointwiseLosses()) {
    for (const aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
      for (const int64_t reduction : loss.forward_reductions) {
        const Call forward = [&](int64_t misalign) {
          DeviceTensor self(shape, dtype, Shifted(misalign));
          DeviceTensor target(shape, dtype, Shifted(misalign));
          DeviceTensor out(ForwardOutDims(loss, shape, reduction), dtype, Shifted(misalign));
          self.Fill(self_values);
          target.Fill(target_values);
          ScopedStream stream;
          EXPECT_EQ(CallForward(loss, self, target, reduction, out, stream.get()), 0) << TakeErrorMessage();
          return Concat({&out});
        };
        ExpectSameBytesWhenUnaligned(
            "aclnn" + loss.name + ", dtype " + std::to_string(dtype) + ", reduction " + std::to_string(reduction),
            forward, {1, 2});
      }
      for (const Gradient which : {Gradient::kBySelf, Gradient::kByTarget}) {
        const bool has_gradient =
            which == Gradient::kBySelf ? loss.backward_phase1 != nullptr : loss.target_backward_phase1 != nullptr;
        for (const int64_t reduction : has_gradient ? loss.backward_reductions : std::vector<int64_t>{}) {
          const std::vector<int64_t> grad_dims = ForwardOutDims(loss, shape, reduction);
          const std::vector<double> grad_values = Uniform(Numel(grad_dims), -1.0, 1.0, 43);
          const Call gradient = [&](int64_t misalign) {
            DeviceTensor grad(grad_dims, dtype, Shifted(misalign));
            DeviceTensor self(shape, dtype, Shifted(misalign));
            DeviceTensor target(shape, dtype, Shifted(misalign));
            DeviceTensor out(shape, dtype, Shifted(misalign));
            grad.Fill(grad_values);
            self.Fill(self_values);
            target.Fill(target_values);
            ScopedStream stream;
            EXPECT_EQ(CallBackward(loss, grad, self, target, reduction, out, stream.get(), 1.0f, which), 0)
                << TakeErrorMessage();
            return Concat({&out});
          };
          ExpectSameBytesWhenUnaligned("aclnn" + loss.name + (which == Gradient::kBySelf ? " by self" : " by target") +
                                           ", dtype " + std::to_string(dtype) + ", reduction " +
                                           std::to_string(reduction),
                                       gradient, {1, 2});
        }
      }
    }
  }
}

}  // namespace
}  // namespace openaclnn::test
