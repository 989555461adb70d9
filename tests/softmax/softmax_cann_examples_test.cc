// The inputs of CANN's official example programs of the softmax family (hicann/ops-nn: activation/softmax_v2's
// document example, activation/log_softmax_v2/examples, activation/softmax_grad/examples,
// activation/log_softmax_grad/examples, and a one-row log-softmax backward example), with the values our
// operators must print derived here from the formulas in double and checked to within 1 ulp of FLOAT, on every
// kernel target.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

enum class Op { kSoftmax, kLogSoftmax, kSoftmaxBackward, kLogSoftmaxBackward };

// A 2-D (rows, cols) or 1-D example along `dim`; expected values in double from the formulas of docs/softmax.md.
std::vector<double> Expected(Op op, const std::vector<int64_t>& dims, int64_t dim, const std::vector<double>& a,
                             const std::vector<double>& b) {
  const int64_t rows = dims.size() == 1 ? 1 : dims[0];
  const int64_t cols = dims.size() == 1 ? dims[0] : dims[1];
  const bool along_cols = dims.size() == 1 || dim == 1 || dim == -1;
  const int64_t lines = along_cols ? rows : cols;
  const int64_t length = along_cols ? cols : rows;
  std::vector<double> result(a.size());
  for (int64_t line = 0; line < lines; ++line) {
    auto at = [&](int64_t k) { return static_cast<size_t>(along_cols ? line * cols + k : k * cols + line); };
    double max = -INFINITY;
    double sum_exp = 0;
    double sum_g = 0;
    double sum_gy = 0;
    for (int64_t k = 0; k < length; ++k) max = std::fmax(max, a[at(k)]);
    for (int64_t k = 0; k < length; ++k) {
      sum_exp += std::exp(a[at(k)] - max);
      sum_g += a[at(k)];
      if (!b.empty()) sum_gy += a[at(k)] * b[at(k)];
    }
    for (int64_t k = 0; k < length; ++k) {
      const size_t i = at(k);
      switch (op) {
        case Op::kSoftmax: result[i] = std::exp(a[i] - max) / sum_exp; break;
        case Op::kLogSoftmax: result[i] = (a[i] - max) - std::log(sum_exp); break;
        case Op::kSoftmaxBackward: result[i] = a[i] * b[i] - sum_gy * b[i]; break;
        case Op::kLogSoftmaxBackward: result[i] = a[i] - std::exp(b[i]) * sum_g; break;
      }
    }
  }
  return result;
}

std::vector<double> Run(Op op, const std::vector<int64_t>& dims, int64_t dim, const std::vector<double>& a,
                        const std::vector<double>& b) {
  DeviceTensor first(dims, ACL_FLOAT);
  DeviceTensor second(dims, ACL_FLOAT);
  DeviceTensor out(dims, ACL_FLOAT);
  first.Fill(a);
  if (!b.empty()) second.Fill(b);
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  ScopedStream stream;
  switch (op) {
    case Op::kSoftmax:
      EXPECT_EQ(aclnnSoftmaxGetWorkspaceSize(first.get(), dim, out.get(), &workspace, &executor), 0);
      EXPECT_EQ(aclnnSoftmax(nullptr, workspace, executor, stream.get()), 0);
      break;
    case Op::kLogSoftmax:
      EXPECT_EQ(aclnnLogSoftmaxGetWorkspaceSize(first.get(), dim, out.get(), &workspace, &executor), 0);
      EXPECT_EQ(aclnnLogSoftmax(nullptr, workspace, executor, stream.get()), 0);
      break;
    case Op::kSoftmaxBackward:
      EXPECT_EQ(aclnnSoftmaxBackwardGetWorkspaceSize(first.get(), second.get(), dim, out.get(), &workspace,
                                                     &executor),
                0);
      EXPECT_EQ(aclnnSoftmaxBackward(nullptr, workspace, executor, stream.get()), 0);
      break;
    case Op::kLogSoftmaxBackward:
      EXPECT_EQ(aclnnLogSoftmaxBackwardGetWorkspaceSize(first.get(), second.get(), dim, out.get(), &workspace,
                                                        &executor),
                0);
      EXPECT_EQ(aclnnLogSoftmaxBackward(nullptr, workspace, executor, stream.get()), 0);
      break;
  }
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), 0);
  return out.Read();
}

void ExpectExample(Op op, const std::vector<int64_t>& dims, int64_t dim, const std::vector<double>& a,
                   const std::vector<double>& b = {}) {
  // The example programs pass float data: the inputs as float values.
  std::vector<double> fa(a.size());
  std::vector<double> fb(b.size());
  for (size_t i = 0; i < a.size(); ++i) fa[i] = RoundTo(ACL_FLOAT, a[i]);
  for (size_t i = 0; i < b.size(); ++i) fb[i] = RoundTo(ACL_FLOAT, b[i]);
  const std::vector<double> expected = Expected(op, dims, dim, fa, fb);
  for (int32_t t = 0; t < openaclnnGetKernelTargetCount(); ++t) {
    const std::string target = openaclnnGetKernelTargetName(t);
    ASSERT_EQ(openaclnnSetKernelTarget(target.c_str()), 0);
    const std::vector<double> got = Run(op, dims, dim, fa, fb);
    ASSERT_EQ(got.size(), expected.size());
    for (size_t i = 0; i < got.size(); ++i) {
      EXPECT_LE(UlpDistance(ACL_FLOAT, got[i], RoundTo(ACL_FLOAT, expected[i])), 1.0)
          << "op " << static_cast<int>(op) << ", element " << i << ", target " << target << ": got " << got[i]
          << ", expected " << expected[i];
    }
  }
  openaclnnSetKernelTarget(nullptr);
}

TEST(SoftmaxCannExamples, Softmax) { ExpectExample(Op::kSoftmax, {4, 2}, 0, {0, 1, 2, 3, 4, 5, 6, 7}); }

TEST(SoftmaxCannExamples, LogSoftmax) { ExpectExample(Op::kLogSoftmax, {3, 3}, 1, {1, 2, 3, 4, 5, 6, 7, 8, 9}); }

TEST(SoftmaxCannExamples, SoftmaxBackward) {
  ExpectExample(Op::kSoftmaxBackward, {4, 2}, 0, {0, 1, 2, 3, 4, 5, 6, 7}, {1, 1, 1, 2, 2, 2, 3, 3});
}

TEST(SoftmaxCannExamples, LogSoftmaxBackward) {
  ExpectExample(Op::kLogSoftmaxBackward, {4, 2}, 0, {0, 1, 2, 3, 4, 5, 6, 7}, {1, 1, 1, 2, 2, 2, 3, 3});
  // One row of five along dim -1: gradOutput {-0.5, 0.7, 0.1, -0.8, 0.3}, output {-1.5, -3.2, -2.3, -4.4, -5.5}.
  ExpectExample(Op::kLogSoftmaxBackward, {5}, -1, {-0.5, 0.7, 0.1, -0.8, 0.3}, {-1.5, -3.2, -2.3, -4.4, -5.5});
}

}  // namespace
}  // namespace openaclnn::test
