#include "loss_calls.h"

#include <gtest/gtest.h>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"

namespace openaclnn::test {
namespace {

// Phase 1 has run (status and executor given); runs phase 2 with `run` and synchronises.
template <typename RunFn>
void Finish(aclnnStatus phase1, aclOpExecutor* executor, RunFn run) {
  ASSERT_EQ(phase1, 0) << TakeErrorMessage();
  ScopedStream stream;
  ASSERT_EQ(run(executor, stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
}

}  // namespace

void CallNllLoss(const DeviceTensor& self, const DeviceTensor& target, const DeviceTensor& weight, int64_t reduction,
                 int64_t ignore_index, const DeviceTensor& out, const DeviceTensor& total_weight) {
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus status = aclnnNLLLossGetWorkspaceSize(self.get(), target.get(), weight.get(), reduction,
                                                          ignore_index, out.get(), total_weight.get(), &workspace,
                                                          &executor);
  Finish(status, executor, [](aclOpExecutor* e, aclrtStream s) { return aclnnNLLLoss(nullptr, 0, e, s); });
}

void CallNllLossBackward(const DeviceTensor& grad, const DeviceTensor& self, const DeviceTensor& target,
                         const DeviceTensor& weight, int64_t reduction, int64_t ignore_index,
                         const DeviceTensor& total_weight, const DeviceTensor& out) {
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus status = aclnnNLLLossBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(),
                                                                  reduction, ignore_index, total_weight.get(),
                                                                  out.get(), &workspace, &executor);
  Finish(status, executor, [](aclOpExecutor* e, aclrtStream s) { return aclnnNLLLossBackward(nullptr, 0, e, s); });
}

void CallNllLoss2d(const DeviceTensor& self, const DeviceTensor& target, const DeviceTensor& weight,
                   int64_t reduction, int64_t ignore_index, const DeviceTensor& out, const DeviceTensor& total_weight) {
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus status = aclnnNLLLoss2dGetWorkspaceSize(self.get(), target.get(), weight.get(), reduction,
                                                            ignore_index, out.get(), total_weight.get(), &workspace,
                                                            &executor);
  Finish(status, executor, [](aclOpExecutor* e, aclrtStream s) { return aclnnNLLLoss2d(nullptr, 0, e, s); });
}

void CallNllLoss2dBackward(const DeviceTensor& grad, const DeviceTensor& self, const DeviceTensor& target,
                           const DeviceTensor& weight, int64_t reduction, int64_t ignore_index,
                           const DeviceTensor& total_weight, const DeviceTensor& out) {
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus status = aclnnNLLLoss2dBackwardGetWorkspaceSize(
      grad.get(), self.get(), target.get(), weight.get(), reduction, ignore_index, total_weight.get(), out.get(),
      &workspace, &executor);
  Finish(status, executor, [](aclOpExecutor* e, aclrtStream s) { return aclnnNLLLoss2dBackward(nullptr, 0, e, s); });
}

void CallSoftmax(bool log, const DeviceTensor& self, int64_t dim, const DeviceTensor& out) {
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus status = log ? aclnnLogSoftmaxGetWorkspaceSize(self.get(), dim, out.get(), &workspace, &executor)
                                 : aclnnSoftmaxGetWorkspaceSize(self.get(), dim, out.get(), &workspace, &executor);
  Finish(status, executor, [log](aclOpExecutor* e, aclrtStream s) {
    return log ? aclnnLogSoftmax(nullptr, 0, e, s) : aclnnSoftmax(nullptr, 0, e, s);
  });
}

void CallSoftmaxBackward(bool log, const DeviceTensor& grad, const DeviceTensor& output, int64_t dim,
                         const DeviceTensor& out) {
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus status =
      log ? aclnnLogSoftmaxBackwardGetWorkspaceSize(grad.get(), output.get(), dim, out.get(), &workspace, &executor)
          : aclnnSoftmaxBackwardGetWorkspaceSize(grad.get(), output.get(), dim, out.get(), &workspace, &executor);
  Finish(status, executor, [log](aclOpExecutor* e, aclrtStream s) {
    return log ? aclnnLogSoftmaxBackward(nullptr, 0, e, s) : aclnnSoftmaxBackward(nullptr, 0, e, s);
  });
}

void CallBce(const DeviceTensor& self, const DeviceTensor& target, const DeviceTensor* weight, int64_t reduction,
             const DeviceTensor& out) {
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus status = aclnnBinaryCrossEntropyGetWorkspaceSize(
      self.get(), target.get(), weight != nullptr ? weight->get() : nullptr, reduction, out.get(), &workspace,
      &executor);
  Finish(status, executor,
         [](aclOpExecutor* e, aclrtStream s) { return aclnnBinaryCrossEntropy(nullptr, 0, e, s); });
}

void CallBceBackward(const DeviceTensor& grad, const DeviceTensor& self, const DeviceTensor& target,
                     const DeviceTensor* weight, int64_t reduction, const DeviceTensor& out) {
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus status = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(
      grad.get(), self.get(), target.get(), weight != nullptr ? weight->get() : nullptr, reduction, out.get(),
      &workspace, &executor);
  Finish(status, executor,
         [](aclOpExecutor* e, aclrtStream s) { return aclnnBinaryCrossEntropyBackward(nullptr, 0, e, s); });
}

}  // namespace openaclnn::test
