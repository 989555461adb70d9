// aclnnBinaryCrossEntropy gives the same bytes on every path (kernel targets, 1 to 4 threads, normal and
// streaming stores) over data types and their mixes, weight and target broadcasts, reductions, layouts and edge
// values (x at 0, 1, outside [0, 1], NaN, infinities, subnormals), and each case's out bytes are pinned
// (pinned_bytes.h): recorded from the operator's own kernels before it moved onto the pointwise engine, and
// recorded again when its logarithms became det_math's (the same table came out); the logarithms for float results
// (det_math_for_float.h) left every entry unchanged as well.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"
#include "bce_operands.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "device_tensor.h"
#include "edge_values.h"
#include "path_matrix.h"
#include "pinned_bytes.h"
#include "raw_tensor.h"

namespace openaclnn::test {
namespace {

// Checked on every architecture: the terms take det_math_for_float's log and log1p, the same operations everywhere.
const PinnedTable kPinned = {
#include "bce_forward_paths_pinned.inc"
};

using Weight = BceWeight;
enum class Layout { kContiguous, kTransposedSelf, kUnalignedOut, kPaddedOut, kBroadcastTarget };

struct ForwardCase {
  std::vector<int64_t> dims;
  aclDataType self, target, weight, out;
  Weight weight_mode;
  int64_t reduction;
  Layout layout;
};

std::string Describe(const ForwardCase& c) {
  std::string text = "BCE forward dims=[";
  for (int64_t d : c.dims) {
    text += std::to_string(d) + ",";
  }
  return text + "] dtypes(x,y,w,out)=" + std::to_string(c.self) + "," + std::to_string(c.target) + "," +
         std::to_string(c.weight) + "," + std::to_string(c.out) + " weight=" +
         std::to_string(static_cast<int>(c.weight_mode)) + " reduction=" + std::to_string(c.reduction) +
         " layout=" + std::to_string(static_cast<int>(c.layout));
}

// edge_fraction: the share of self's and weight's elements drawn from the edge values (NaN among them).
void CheckForward(const ForwardCase& c, uint64_t seed, double edge_fraction = 0.1) {
  std::mt19937_64 rng(seed);
  const int64_t numel = Numel(c.dims);
  const bool transposed = c.layout == Layout::kTransposedSelf;
  RawTensor self(c.dims, c.self, transposed ? TransposedStrides(c.dims) : std::vector<int64_t>{});
  self.SetBits(MixedBits(c.self, numel, 0.0, 1.0, edge_fraction, rng));

  // The target broadcast along every dimension but the last.
  const std::vector<int64_t> target_dims =
      c.layout == Layout::kBroadcastTarget ? std::vector<int64_t>{c.dims.back()} : c.dims;
  RawTensor target(target_dims, c.target);
  target.SetBits(LabelBits(c.target, Numel(target_dims), rng));

  const std::vector<int64_t> weight_dims = BceWeightDims(c.dims, c.weight_mode);
  RawTensor weight(weight_dims, c.weight);
  weight.SetBits(MixedBits(c.weight, Numel(weight_dims), 0.0, 3.0, edge_fraction / 2, rng));

  // Reduced: a 0-D out or a [1] (both are accepted), alternating with the seed.
  const std::vector<int64_t> out_dims =
      c.reduction == 0 ? c.dims : (seed % 2 == 0 ? std::vector<int64_t>{} : std::vector<int64_t>{1});
  std::vector<int64_t> out_strides;
  int64_t out_offset = 0;
  if (c.layout == Layout::kUnalignedOut) {
    out_offset = 1;
  } else if (c.layout == Layout::kPaddedOut) {
    out_strides = PaddedStrides(out_dims, 2);
  }
  RawTensor out(out_dims, c.out, out_strides, out_offset);

  ScopedStream stream;
  const bool parallel = numel >= (int64_t{1} << 17);
  ExpectSameOnEveryPath(Describe(c), parallel, [&]() {
    out.FillStorage(0xA5);
    uint64_t workspace_size = 1;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus planned = aclnnBinaryCrossEntropyGetWorkspaceSize(
        self.get(), target.get(), c.weight_mode == Weight::kNone ? nullptr : weight.get(), c.reduction, out.get(),
        &workspace_size, &executor);
    EXPECT_EQ(planned, 0) << TakeErrorMessage();
    EXPECT_EQ(aclnnBinaryCrossEntropy(nullptr, workspace_size, executor, stream.get()), 0) << TakeErrorMessage();
    Outcome outcome;
    outcome.status = aclrtSynchronizeStream(stream.get());
    TakeErrorMessage();
    outcome.storage = out.Storage();
    return outcome;
  });
  ExpectPinned(kPinned, Describe(c) + " seed=" + std::to_string(seed), out.Storage(), c.out);
}

TEST(BceForwardPathsTest, EveryDtypeWeightAndReduction) {
  const std::vector<std::vector<int64_t>> shapes = {{1}, {7}, {33}, {257}, {3, 5, 7}, {2, 3, 17, 19}, {4, 1000}};
  const aclDataType kTypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  const Weight weights[] = {Weight::kNone, Weight::kSameShape, Weight::kPerChannel, Weight::kScalar};
  const Layout layouts[] = {Layout::kContiguous, Layout::kUnalignedOut, Layout::kPaddedOut, Layout::kTransposedSelf,
                            Layout::kBroadcastTarget};
  uint64_t seed = 500;
  for (const std::vector<int64_t>& dims : shapes) {
    for (aclDataType in : kTypes) {
      for (aclDataType out : kTypes) {
        for (int64_t reduction = 0; reduction < 3; ++reduction) {
          const ForwardCase c{dims, in, in, in, out, weights[seed % 4], reduction, layouts[(seed / 4) % 5]};
          CheckForward(c, seed++);
          if (HasFailure()) {
            return;
          }
        }
      }
    }
  }
}

TEST(BceForwardPathsTest, MixedDtypes) {
  CheckForward({{5, 67}, ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_FLOAT16, Weight::kPerChannel, 0, Layout::kContiguous},
               600);
  CheckForward({{5, 67}, ACL_BF16, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT, Weight::kSameShape, 1, Layout::kBroadcastTarget},
               601);
  CheckForward({{300}, ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_BF16, Weight::kScalar, 2, Layout::kUnalignedOut}, 602);
}

// Large enough for several threads and, reduced, for several chunks of the deterministic sum.
TEST(BceForwardPathsTest, ThreadedSizes) {
  CheckForward({{300007}, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, Weight::kSameShape, 0, Layout::kContiguous}, 700);
  CheckForward({{4, 3, 150, 151}, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, Weight::kPerChannel, 1,
                Layout::kTransposedSelf},
               701);
  CheckForward({{300001}, ACL_BF16, ACL_BF16, ACL_BF16, ACL_BF16, Weight::kNone, 2, Layout::kContiguous}, 702);
  CheckForward({{2, 300007}, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, Weight::kScalar, 0,
                Layout::kPaddedOut},
               703);
}

// The mean and sum over more than two blocks (2048 terms each) of rows that the plan cannot join (the target is
// broadcast along them): the vector kernels take the blocks two at a time, the rows of 151 cutting the two blocks
// of a pair at different places; the rows of 7 give a block more runs than the pair's list holds. No edge values:
// a NaN term would make every grouping give the same NaN.
TEST(BceForwardPathsTest, SumsOfRowsTheBlocksCut) {
  CheckForward({{40, 151}, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, Weight::kNone, 1, Layout::kBroadcastTarget},
               704, 0.0);
  CheckForward({{900, 7}, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, Weight::kNone, 2, Layout::kBroadcastTarget},
               705, 0.0);
  CheckForward({{35, 151}, ACL_BF16, ACL_BF16, ACL_BF16, ACL_BF16, Weight::kSameShape, 1, Layout::kBroadcastTarget},
               706, 0.0);
}

}  // namespace
}  // namespace openaclnn::test
