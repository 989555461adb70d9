// The inputs of CANN's official aclnnNLLLoss2dBackward example (hicann/ops-nn, loss/nll_loss_grad's document
// example): gradOutput (3, 1, 1) {2.7, 2.6, 2.5}, self (3, 5, 1, 1), target (3, 1, 1) {2, 3, 1}, weight of ones,
// totalWeight {1}, reduction none, ignoreIndex -100. out must be -(g[n] * w[t]) at (n, target[n]) and +0 elsewhere,
// as float products rounded once (exact here), on every kernel target and with normal and streaming stores; the
// same inputs with reduction mean give -(g / totalWeight) * w[t].
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

std::vector<double> RunExample(int64_t reduction) {
  const std::vector<double> grad_values = {2.7, 2.6, 2.5};
  DeviceTensor grad(reduction == 0 ? std::vector<int64_t>{3, 1, 1} : std::vector<int64_t>{}, ACL_FLOAT);
  DeviceTensor self({3, 5, 1, 1}, ACL_FLOAT);
  DeviceTensor target({3, 1, 1}, ACL_INT64);
  DeviceTensor weight({5}, ACL_FLOAT);
  DeviceTensor total_weight({1}, ACL_FLOAT);
  DeviceTensor out({3, 5, 1, 1}, ACL_FLOAT);
  grad.Fill(reduction == 0 ? grad_values : std::vector<double>{2.7});
  self.Fill({4.1, 4.2, 4.3, 4.4, 4.5, 4.6, 4.7, 4.8, 4.9, 5.0, 5.1, 5.2, 5.3, 5.4, 5.5});
  target.Fill({2, 3, 1});
  weight.Fill({1, 1, 1, 1, 1});
  total_weight.Fill({1});
  out.Fill(std::vector<double>(15, 9.0));  // Every element must be written.
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(aclnnNLLLoss2dBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(), reduction,
                                                   -100, total_weight.get(), out.get(), &workspace, &executor),
            0);
  ScopedStream stream;
  EXPECT_EQ(aclnnNLLLoss2dBackward(nullptr, workspace, executor, stream.get()), 0);
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), 0);
  return out.Read();
}

TEST(Nll2dCannExample, BackwardPrintsCannsValues) {
  const int64_t targets[3] = {2, 3, 1};
  for (int32_t t = 0; t < openaclnnGetKernelTargetCount(); ++t) {
    const std::string target_name = openaclnnGetKernelTargetName(t);
    ASSERT_EQ(openaclnnSetKernelTarget(target_name.c_str()), 0);
    for (const int64_t streaming_from : {int64_t{-1}, int64_t{0}}) {
      ASSERT_EQ(openaclnnSetStreamingStoreThreshold(streaming_from), 0);
      for (const int64_t reduction : {int64_t{0}, int64_t{1}}) {
        const std::vector<double> got = RunExample(reduction);
        const double grads[3] = {2.7, 2.6, 2.5};
        for (int64_t n = 0; n < 3; ++n) {
          for (int64_t c = 0; c < 5; ++c) {
            // none: -(g[n] * 1); mean: -(2.7 / 1) * 1. Float products of floats, exact here.
            const double g = RoundTo(ACL_FLOAT, reduction == 0 ? grads[n] : 2.7);
            const double expected = c == targets[n] ? -g : 0.0;
            EXPECT_EQ(got[static_cast<size_t>(n * 5 + c)], expected)
                << "n " << n << ", c " << c << ", reduction " << reduction << ", target " << target_name;
          }
        }
      }
    }
  }
  openaclnnSetStreamingStoreThreshold(-1);
  openaclnnSetKernelTarget(nullptr);
}

}  // namespace
}  // namespace openaclnn::test
