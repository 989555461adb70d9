// aclnnNLLLossBackward gives the same bytes on every path: reference and SIMD kernels, 1 to 4 threads, normal and
// streaming stores; over data types, target types, reductions, out layouts (padded rows, a start that is not
// vector-aligned, transposed) and edge values of weight, gradOutput and totalWeight.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "edge_values.h"
#include "path_matrix.h"
#include "raw_tensor.h"

namespace openaclnn::test {
namespace {

enum class OutLayout { kContiguous, kPaddedRows, kUnalignedStart, kTransposed };

struct NllCase {
  int64_t rows;     // 0: a 1-D self of `classes` elements.
  int64_t classes;
  aclDataType dtype;       // self, gradOutput, weight, totalWeight
  aclDataType out_dtype;
  aclDataType target_dtype;
  int64_t reduction;
  OutLayout layout;
  bool bad_target = false;  // One target outside [0, C): that row is left zero (and the run fails in strict mode).
};

std::string Describe(const NllCase& c) {
  return "NLL rows=" + std::to_string(c.rows) + " C=" + std::to_string(c.classes) + " dtype=" +
         std::to_string(c.dtype) + " out=" + std::to_string(c.out_dtype) + " target=" +
         std::to_string(c.target_dtype) + " reduction=" + std::to_string(c.reduction) + " layout=" +
         std::to_string(static_cast<int>(c.layout)) + (c.bad_target ? " bad-target" : "");
}

void CheckNll(const NllCase& c, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const bool two_d = c.rows > 0;
  const int64_t rows = two_d ? c.rows : 1;
  const std::vector<int64_t> self_dims = two_d ? std::vector<int64_t>{c.rows, c.classes} : std::vector<int64_t>{c.classes};
  const int64_t ignore_index = c.target_dtype == ACL_UINT8 ? 3 : -100;

  RawTensor self(self_dims, c.dtype);
  RawTensor target(two_d ? std::vector<int64_t>{rows} : std::vector<int64_t>{}, c.target_dtype);
  std::vector<uint64_t> targets(static_cast<size_t>(rows));
  std::uniform_int_distribution<int64_t> pick_class(0, c.classes - 1);
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t roll = pick_class(rng) % 8;
    targets[r] = static_cast<uint64_t>(roll == 0 ? ignore_index : pick_class(rng));
  }
  if (c.bad_target) {
    targets[static_cast<size_t>(rows / 2)] = static_cast<uint64_t>(c.classes);
  }
  target.SetBits(targets);

  RawTensor weight({c.classes}, c.dtype);
  weight.SetBits(MixedBits(c.dtype, c.classes, 0.0, 3.0, 0.1, rng));
  const bool per_row_grad = c.reduction == 0 && two_d;
  RawTensor grad(per_row_grad ? std::vector<int64_t>{rows} : std::vector<int64_t>{}, c.dtype);
  grad.SetBits(MixedBits(c.dtype, per_row_grad ? rows : 1, -2.0, 2.0, per_row_grad ? 0.1 : 0.0, rng));
  RawTensor total_weight({}, c.dtype);
  total_weight.SetBits({FloatBitsOf(c.dtype, 7.0 + static_cast<double>(rows % 5))});

  std::vector<int64_t> out_strides;
  int64_t out_offset = 0;
  switch (c.layout) {
    case OutLayout::kContiguous: break;
    case OutLayout::kPaddedRows: out_strides = two_d ? std::vector<int64_t>{c.classes + 3, 1} : std::vector<int64_t>{1}; break;
    case OutLayout::kUnalignedStart: out_offset = 1; break;
    case OutLayout::kTransposed: out_strides = two_d ? std::vector<int64_t>{1, rows} : std::vector<int64_t>{1}; break;
  }
  RawTensor out(self_dims, c.out_dtype, out_strides, out_offset);

  ScopedStream stream;
  const bool parallel = rows * c.classes * BytesOf(c.out_dtype) >= (int64_t{2} << 20);
  ExpectSameOnEveryPath(Describe(c), parallel, [&]() {
    out.FillStorage(0xA5);
    uint64_t workspace_size = 1;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus planned = aclnnNLLLossBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(),
                                                                     c.reduction, ignore_index, total_weight.get(),
                                                                     out.get(), &workspace_size, &executor);
    EXPECT_EQ(planned, 0) << TakeErrorMessage();
    EXPECT_EQ(aclnnNLLLossBackward(nullptr, workspace_size, executor, stream.get()), 0) << TakeErrorMessage();
    Outcome outcome;
    outcome.status = aclrtSynchronizeStream(stream.get());
    TakeErrorMessage();
    outcome.storage = out.Storage();
    return outcome;
  });
}

TEST(NllPathsTest, EveryShapeDtypeAndReduction) {
  const std::vector<std::pair<int64_t, int64_t>> shapes = {{1, 1}, {3, 7}, {4, 16}, {5, 33}, {9, 100},
                                                           {17, 1000}, {2, 4099}, {0, 77}};
  const std::vector<std::pair<aclDataType, aclDataType>> dtypes = {
      {ACL_FLOAT, ACL_FLOAT},  {ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_BF16},
      {ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT16, ACL_BF16},  {ACL_BF16, ACL_FLOAT}};
  const aclDataType target_dtypes[] = {ACL_INT64, ACL_INT32, ACL_UINT8};
  const OutLayout layouts[] = {OutLayout::kContiguous, OutLayout::kUnalignedStart, OutLayout::kPaddedRows,
                               OutLayout::kTransposed};
  uint64_t seed = 1;
  for (const auto& [rows, classes] : shapes) {
    for (const auto& [dtype, out_dtype] : dtypes) {
      for (int64_t reduction = 0; reduction < 3; ++reduction) {
        NllCase c{rows, classes, dtype, out_dtype, target_dtypes[seed % 3], reduction, layouts[seed % 4]};
        if (c.target_dtype == ACL_UINT8 && classes > 256) {
          c.target_dtype = ACL_INT32;
        }
        CheckNll(c, seed++);
        if (HasFailure()) {
          return;
        }
      }
    }
  }
}

TEST(NllPathsTest, OutOfRangeTargetIsHandledTheSameWay) {
  for (bool strict : {false, true}) {
    SCOPED_TRACE(strict ? "strict mode" : "default mode");
    std::optional<ScopedStrictMode> strict_mode;
    if (strict) strict_mode.emplace();
    CheckNll({6, 50, ACL_FLOAT, ACL_FLOAT, ACL_INT64, 0, OutLayout::kContiguous, true}, 11);
    CheckNll({600, 1031, ACL_FLOAT, ACL_FLOAT, ACL_INT64, 1, OutLayout::kContiguous, true}, 12);
  }
}

// Large enough that 4 threads each get their share.
TEST(NllPathsTest, ThreadedSizes) {
  CheckNll({600, 1031, ACL_FLOAT, ACL_FLOAT, ACL_INT64, 0, OutLayout::kContiguous}, 21);
  CheckNll({520, 2003, ACL_BF16, ACL_BF16, ACL_INT32, 1, OutLayout::kUnalignedStart}, 22);
  CheckNll({260, 4001, ACL_FLOAT16, ACL_FLOAT16, ACL_INT64, 2, OutLayout::kPaddedRows}, 23);
}

}  // namespace
}  // namespace openaclnn::test
