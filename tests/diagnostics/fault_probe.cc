// A program the diagnostics tests run in a process of its own, so that "once per process" and the logger's
// variables (read once, at first use) can be observed: each scenario runs the same faulty launch twice and prints
// what each synchronisation returned and what was stored.
//   diagnostics_fault_probe bce-overflow     aclnnBinaryCrossEntropy, FLOAT16 sum beyond FLOAT16's range
//   diagnostics_fault_probe nll-overflow     aclnnNLLLoss, FLOAT16 sum beyond FLOAT16's range
//   diagnostics_fault_probe mse-overflow     aclnnMseLoss, FLOAT16 sum beyond FLOAT16's range
//   diagnostics_fault_probe nll2d-target     aclnnNLLLoss2d and its backward with a target equal to C
//   diagnostics_fault_probe kernel-target    only reads the kernel target (OPENACLNN_KERNELS may name a bad one)
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::test {
namespace {

// Synchronises and prints "run <i>: sync <status> out <value>", and the message of a failure.
void Report(int run, aclrtStream stream, const DeviceTensor& out) {
  const aclError status = aclrtSynchronizeStream(stream);
  const char* message = aclGetRecentErrMsg();
  std::printf("run %d: sync %d out %g\n", run, status, out.Read()[0]);
  if (message != nullptr) {
    std::printf("message: %s\n", message);
  }
}

int BceOverflow(aclrtStream stream) {
  // 1000 losses of 100 (x = 0, y = 1: the log clamp) sum to 100000, beyond FLOAT16's 65504.
  DeviceTensor self({1000}, ACL_FLOAT16);
  DeviceTensor target({1}, ACL_FLOAT16);
  DeviceTensor out({}, ACL_FLOAT16);
  self.Fill(std::vector<double>(1000, 0.0));
  target.Fill({1.0});
  for (int run = 0; run < 2; ++run) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    if (aclnnBinaryCrossEntropyGetWorkspaceSize(self.get(), target.get(), nullptr, 2, out.get(), &workspace,
                                                &executor) != 0 ||
        aclnnBinaryCrossEntropy(nullptr, 0, executor, stream) != 0) {
      std::printf("launch failed: %s\n", aclGetRecentErrMsg());
      return 1;
    }
    Report(run, stream, out);
  }
  return 0;
}

int NllOverflow(aclrtStream stream) {
  // 70000 rows of -1.5 with weight 1: the sum 105000 is beyond FLOAT16, the total weight fits a FLOAT.
  DeviceTensor self({70000, 1}, ACL_FLOAT16);
  DeviceTensor target({70000}, ACL_UINT8);
  DeviceTensor weight({1}, ACL_FLOAT16);
  DeviceTensor out({}, ACL_FLOAT16);
  DeviceTensor total_weight({}, ACL_FLOAT);
  self.Fill(std::vector<double>(70000, -1.5));
  target.Fill(std::vector<double>(70000, 0));
  weight.Fill({1});
  for (int run = 0; run < 2; ++run) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    if (aclnnNLLLossGetWorkspaceSize(self.get(), target.get(), weight.get(), 2, -100, out.get(), total_weight.get(),
                                     &workspace, &executor) != 0 ||
        aclnnNLLLoss(nullptr, 0, executor, stream) != 0) {
      std::printf("launch failed: %s\n", aclGetRecentErrMsg());
      return 1;
    }
    Report(run, stream, out);
    std::printf("run %d: totalWeightOut %g\n", run, total_weight.Read()[0]);
  }
  return 0;
}

int MseOverflow(aclrtStream stream) {
  // 1000 squared differences of 12 (144 each) sum to 144000, beyond FLOAT16's 65504.
  DeviceTensor self({1000}, ACL_FLOAT16);
  DeviceTensor target({1000}, ACL_FLOAT16);
  DeviceTensor out({}, ACL_FLOAT16);
  self.Fill(std::vector<double>(1000, 12.0));
  target.Fill(std::vector<double>(1000, 0.0));
  for (int run = 0; run < 2; ++run) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    if (aclnnMseLossGetWorkspaceSize(self.get(), target.get(), 2, out.get(), &workspace, &executor) != 0 ||
        aclnnMseLoss(nullptr, 0, executor, stream) != 0) {
      std::printf("launch failed: %s\n", aclGetRecentErrMsg());
      return 1;
    }
    Report(run, stream, out);
  }
  return 0;
}

int Nll2dTarget(aclrtStream stream) {
  // (1, 3, 1, 2) log-probabilities, targets {1, 3}: position (0, 0, 1) has a target equal to C and counts as nothing.
  DeviceTensor self({1, 3, 1, 2}, ACL_FLOAT);
  DeviceTensor target({1, 1, 2}, ACL_INT64);
  DeviceTensor weight({3}, ACL_FLOAT);
  DeviceTensor out({}, ACL_FLOAT);
  DeviceTensor total_weight({}, ACL_FLOAT);
  DeviceTensor grad_output({}, ACL_FLOAT);
  DeviceTensor grad({1, 3, 1, 2}, ACL_FLOAT);
  self.Fill({-1.0, -2.0, -0.5, -3.0, -4.0, -5.0});
  target.Fill({1, 3});
  weight.Fill({1, 1, 1});
  grad_output.Fill({1});
  for (int run = 0; run < 2; ++run) {
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    if (aclnnNLLLoss2dGetWorkspaceSize(self.get(), target.get(), weight.get(), 2, -100, out.get(),
                                       total_weight.get(), &workspace, &executor) != 0 ||
        aclnnNLLLoss2d(nullptr, 0, executor, stream) != 0) {
      std::printf("launch failed: %s\n", aclGetRecentErrMsg());
      return 1;
    }
    Report(run, stream, out);
    if (aclnnNLLLoss2dBackwardGetWorkspaceSize(grad_output.get(), self.get(), target.get(), weight.get(), 2, -100,
                                               total_weight.get(), grad.get(), &workspace, &executor) != 0 ||
        aclnnNLLLoss2dBackward(nullptr, 0, executor, stream) != 0) {
      std::printf("launch failed: %s\n", aclGetRecentErrMsg());
      return 1;
    }
    Report(run, stream, grad);
  }
  return 0;
}

int Main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s bce-overflow | nll-overflow | mse-overflow | nll2d-target | kernel-target\n",
                 argv[0]);
    return 2;
  }
  if (std::strcmp(argv[1], "kernel-target") == 0) {
    std::printf("kernel target %s\n", openaclnnGetKernelTarget());
    return 0;
  }
  if (aclInit(nullptr) != 0 || aclrtSetDevice(0) != 0) {
    std::printf("aclInit or aclrtSetDevice failed\n");
    return 1;
  }
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  int result = 2;
  if (std::strcmp(argv[1], "bce-overflow") == 0) {
    result = BceOverflow(stream);
  } else if (std::strcmp(argv[1], "nll-overflow") == 0) {
    result = NllOverflow(stream);
  } else if (std::strcmp(argv[1], "mse-overflow") == 0) {
    result = MseOverflow(stream);
  } else if (std::strcmp(argv[1], "nll2d-target") == 0) {
    result = Nll2dTarget(stream);
  } else {
    std::fprintf(stderr, "unknown scenario %s\n", argv[1]);
  }
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  return result;
}

}  // namespace
}  // namespace openaclnn::test

int main(int argc, char** argv) { return openaclnn::test::Main(argc, argv); }
