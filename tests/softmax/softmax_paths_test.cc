// The vector row kernels of the softmax family (src/ops/row/softmax_rows_hwy.h) against the scalar reference
// kernels, byte for byte: both forwards and both backwards, FLOAT, FLOAT16 and BFLOAT16, row lengths around every
// vector and lane-group size (the eight-lane sum's tail), rows long enough to leave the exponential buffer, rows
// misaligned for streaming stores, strided rows (computed side by side, one row per lane), special values (NaN,
// +-inf, large, ranges at the exponential shortcut's edge), normal and forced streaming stores, every kernel
// target, 1 and 3 threads.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::test {
namespace {

struct PathCase {
  bool log;
  bool backward;
  aclDataType dtype;
  int64_t rows;
  int64_t length;
  int64_t dim;      // 1: contiguous rows; 0: strided rows.
  int64_t offset;   // Storage offset of every operand, in elements (1 misaligns vectors).
  bool special;     // NaN, +-inf and large values in some rows.
};

// The bytes of out (with its slack) after one run on the current target and thread count.
std::vector<uint8_t> RunCase(const PathCase& c, const std::vector<double>& x, const std::vector<double>& y) {
  const std::vector<int64_t> dims = {c.rows, c.length};
  const Layout layout{{}, c.offset, 3};
  DeviceTensor self(dims, c.dtype, layout);
  DeviceTensor output(dims, c.dtype, layout);
  DeviceTensor out(dims, c.dtype, layout);
  self.Fill(x);
  output.Fill(y);
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  aclnnStatus status = 0;
  if (!c.backward) {
    status = c.log ? aclnnLogSoftmaxGetWorkspaceSize(self.get(), c.dim, out.get(), &workspace, &executor)
                   : aclnnSoftmaxGetWorkspaceSize(self.get(), c.dim, out.get(), &workspace, &executor);
  } else {
    status = c.log ? aclnnLogSoftmaxBackwardGetWorkspaceSize(self.get(), output.get(), c.dim, out.get(), &workspace,
                                                             &executor)
                   : aclnnSoftmaxBackwardGetWorkspaceSize(self.get(), output.get(), c.dim, out.get(), &workspace,
                                                          &executor);
  }
  EXPECT_EQ(status, 0);
  if (status != 0) {
    return {};
  }
  ScopedStream stream;
  if (!c.backward) {
    EXPECT_EQ(c.log ? aclnnLogSoftmax(nullptr, 0, executor, stream.get())
                    : aclnnSoftmax(nullptr, 0, executor, stream.get()),
              0);
  } else {
    EXPECT_EQ(c.log ? aclnnLogSoftmaxBackward(nullptr, 0, executor, stream.get())
                    : aclnnSoftmaxBackward(nullptr, 0, executor, stream.get()),
              0);
  }
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), 0);
  return out.Storage();
}

void ExpectEveryPathEqual(const PathCase& c) {
  const int64_t n = c.rows * c.length;
  std::mt19937 rng(static_cast<uint32_t>(n * 7 + c.length));
  std::normal_distribution<double> value(0.0, 3.0);
  std::vector<double> x(static_cast<size_t>(n));
  std::vector<double> y(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    x[static_cast<size_t>(i)] = value(rng);
    // A plausible forward output: log-probabilities for log-softmax, probabilities for softmax.
    y[static_cast<size_t>(i)] = c.log ? -std::fabs(value(rng)) : std::fabs(value(rng)) / 8.0;
  }
  if (c.special && c.rows >= 4) {
    const double inf = std::numeric_limits<double>::infinity();
    // A NaN: row 0 along dim 1; along dim 0, the last element (the last row, so the rows before it still go
    // through the side-by-side kernels, which leave a group holding a NaN to the scalar kernel).
    x[c.dim == 0 ? static_cast<size_t>(n - 1) : 0] = std::numeric_limits<double>::quiet_NaN();
    x[static_cast<size_t>(c.length)] = -inf;                         // Row 1: a -inf element.
    x[static_cast<size_t>(2 * c.length + c.length / 2)] = inf;       // Row 2: a +inf element.
    x[static_cast<size_t>(3 * c.length + c.length - 1)] = 60000.0;   // Row 3: a large maximum.
    y[static_cast<size_t>(c.length + 1 < n ? c.length + 1 : 0)] = -inf;
    // Rows whose differences from their maximum reach to just inside the float exponential's shortcut range of 86
    // (the forward kernels then skip the per-vector range test) and well beyond it, to -100, where the shortcut
    // would give wrong subnormals (they keep the test).
    const double reach[2] = {85.99, 100.0};
    for (int64_t r = 4; r < 6 && r < c.rows; ++r) {
      for (int64_t j = 0; j < c.length; ++j) {
        const double place = c.length == 1 ? 0.0 : static_cast<double>(j) / static_cast<double>(c.length - 1);
        x[static_cast<size_t>(r * c.length + j)] = 3.0 - reach[r - 4] * place;
      }
    }
  }
  const std::string where = std::string(c.log ? "log-" : "") + "softmax" + (c.backward ? " backward" : "") +
                            ", dtype " + std::to_string(c.dtype) + ", " + std::to_string(c.rows) + " x " +
                            std::to_string(c.length) + ", dim " + std::to_string(c.dim) + ", offset " +
                            std::to_string(c.offset) + (c.special ? ", special values" : "");
  ASSERT_EQ(openaclnnSetKernelTarget("reference"), 0);
  ASSERT_EQ(openaclnnSetNumThreads(1), 0);
  const std::vector<uint8_t> expected = RunCase(c, x, y);
  for (int32_t t = 0; t < openaclnnGetKernelTargetCount(); ++t) {
    const std::string target = openaclnnGetKernelTargetName(t);
    ASSERT_EQ(openaclnnSetKernelTarget(target.c_str()), 0);
    for (const int64_t streaming_from : {int64_t{-1}, int64_t{0}}) {
      ASSERT_EQ(openaclnnSetStreamingStoreThreshold(streaming_from), 0);
      for (const int threads : {1, 3}) {
        ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
        EXPECT_EQ(RunCase(c, x, y), expected)
            << where << ": target " << target << ", " << threads << " threads"
            << (streaming_from == 0 ? ", streaming stores" : "");
      }
    }
  }
  openaclnnSetStreamingStoreThreshold(-1);
  openaclnnSetNumThreads(0);
  openaclnnSetKernelTarget(nullptr);
}

TEST(SoftmaxPaths, VectorKernelsGiveTheReferenceBytes) {
  for (const bool backward : {false, true}) {
    for (const bool log : {false, true}) {
      for (const aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (const int64_t length : {1, 2, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 1000, 4099}) {
          ExpectEveryPathEqual({log, backward, dtype, 5, length, 1, 0, true});
        }
        ExpectEveryPathEqual({log, backward, dtype, 6, 1037, 1, 1, true});  // Misaligned rows.
        // Strided rows (dim 0), side by side in lane groups with a remainder of rows, and with special values.
        ExpectEveryPathEqual({log, backward, dtype, 9, 40, 0, 0, false});
        ExpectEveryPathEqual({log, backward, dtype, 19, 37, 0, 0, true});
        ExpectEveryPathEqual({log, backward, dtype, 4, 35, 0, 1, true});
      }
    }
  }
}

// A softmax row longer than the vector kernel's per-thread buffer of exponentials (2^18) takes them twice.
TEST(SoftmaxPaths, RowsLongerThanTheExponentialBuffer) {
  ExpectEveryPathEqual({false, false, ACL_FLOAT, 1, (int64_t{1} << 18) + 77, 1, 0, false});
}

}  // namespace
}  // namespace openaclnn::test
