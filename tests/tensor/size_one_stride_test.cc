// A dimension of one element (or of none) never steps, so aclCreateTensor and the extent check accept any stride
// on it, as CANN does. Its stride times the element size can then pass int64: every operator family must ignore
// it. Each case runs an operator twice, once on contiguous tensors and once with 2^62 (2^62 * 2 and * 4 overflow)
// as the stride of every one-element dimension, and compares the outputs' bytes. Under UBSan (the asan and fuzz
// stages) a product formed anyway fails the run; elsewhere a wrong address shows as a crash or other bytes.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "acl_environment.h"
#include "device_tensor.h"

namespace openaclnn::test {
namespace {

constexpr int64_t kUnboundedStride = int64_t{1} << 62;

// A tensor of `dims`: contiguous, or with kUnboundedStride on every dimension of one element.
struct TensorSpec {
  std::vector<int64_t> dims;
  aclDataType dtype;
};

Layout LayoutOf(const TensorSpec& spec, bool unbounded) {
  Layout layout;
  if (unbounded) {
    layout.strides = ContiguousStrides(spec.dims);
    for (size_t d = 0; d < spec.dims.size(); ++d) {
      if (spec.dims[d] <= 1) {
        layout.strides[d] = kUnboundedStride;
      }
    }
  }
  return layout;
}

using Phase1 = std::function<aclnnStatus(const std::vector<aclTensor*>&, uint64_t*, aclOpExecutor**)>;
using Phase2 = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

// Runs the operator on `specs` (inputs filled with `values` in turn; a spec listed in `outputs` is left as
// allocated) and returns every tensor's values after the call, outputs included.
std::vector<std::vector<double>> Run(const std::vector<TensorSpec>& specs,
                                     const std::vector<std::vector<double>>& values, bool unbounded,
                                     const Phase1& phase1, Phase2 phase2) {
  std::vector<std::unique_ptr<DeviceTensor>> tensors;
  std::vector<aclTensor*> handles;
  for (size_t k = 0; k < specs.size(); ++k) {
    tensors.push_back(std::make_unique<DeviceTensor>(specs[k].dims, specs[k].dtype, LayoutOf(specs[k], unbounded)));
    if (k < values.size()) {
      if (specs[k].dtype == ACL_INT64) {
        tensors.back()->FillIntegers(std::vector<int64_t>(values[k].begin(), values[k].end()));
      } else {
        tensors.back()->Fill(values[k]);
      }
    } else {
      tensors.back()->Fill(std::vector<double>(static_cast<size_t>(tensors.back()->numel()), 0.0));
    }
    handles.push_back(tensors.back()->get());
  }
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  EXPECT_EQ(phase1(handles, &workspace, &executor), 0) << TakeErrorMessage();
  EXPECT_EQ(workspace, 0u);
  ScopedStream stream;
  EXPECT_EQ(phase2(nullptr, 0, executor, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), 0) << TakeErrorMessage();
  std::vector<std::vector<double>> results;
  for (size_t k = values.size(); k < tensors.size(); ++k) {
    results.push_back(tensors[k]->Read());
    EXPECT_TRUE(tensors[k]->OutsideViewUntouched()) << "output " << k;
  }
  return results;
}

void ExpectLayoutIgnored(const std::vector<TensorSpec>& specs, const std::vector<std::vector<double>>& values,
                         const Phase1& phase1, Phase2 phase2) {
  const auto contiguous = Run(specs, values, false, phase1, phase2);
  const auto unbounded = Run(specs, values, true, phase1, phase2);
  ASSERT_EQ(contiguous.size(), unbounded.size());
  for (size_t k = 0; k < contiguous.size(); ++k) {
    ASSERT_EQ(contiguous[k].size(), unbounded[k].size());
    for (size_t i = 0; i < contiguous[k].size(); ++i) {
      EXPECT_EQ(contiguous[k][i], unbounded[k][i]) << "output " << k << " element " << i;
    }
  }
}

// The pointwise engine, with the unary shape that the fuzzer found: a BFLOAT16 logit.
TEST(SizeOneStrideTest, Logit) {
  for (const std::vector<int64_t>& dims : {std::vector<int64_t>{1}, {3, 1}, {1, 2, 1}}) {
    const auto numel = static_cast<size_t>(Numel(dims));
    std::vector<double> input(numel);
    for (size_t i = 0; i < numel; ++i) {
      input[i] = 0.1 + 0.2 * static_cast<double>(i);
    }
    ExpectLayoutIgnored({{dims, ACL_BF16}, {dims, ACL_BF16}}, {input},
                        [](const std::vector<aclTensor*>& t, uint64_t* size, aclOpExecutor** executor) {
                          return aclnnLogitGetWorkspaceSize(t[0], 1e-6, t[1], size, executor);
                        },
                        aclnnLogit);
  }
}

// The pointwise engine's broadcast and its reduced sums: a one-element target broadcast over self's column.
TEST(SizeOneStrideTest, MseLossBroadcastTarget) {
  for (const int64_t reduction : {0, 1, 2}) {
    const std::vector<int64_t> out_dims = reduction == 0 ? std::vector<int64_t>{4, 1} : std::vector<int64_t>{};
    ExpectLayoutIgnored({{{4, 1}, ACL_FLOAT}, {{1}, ACL_FLOAT}, {out_dims, ACL_FLOAT}}, {{1, -2, 3.5, 0.25}, {0.5}},
                        [reduction](const std::vector<aclTensor*>& t, uint64_t* size, aclOpExecutor** executor) {
                          return aclnnMseLossGetWorkspaceSize(t[0], t[1], reduction, t[2], size, executor);
                        },
                        aclnnMseLoss);
  }
}

// The row walk: rows of one element along the softmax dimension.
TEST(SizeOneStrideTest, SoftmaxOverADimensionOfOne) {
  ExpectLayoutIgnored({{{3, 1}, ACL_FLOAT}, {{3, 1}, ACL_FLOAT}}, {{1, -2, 30}},
                      [](const std::vector<aclTensor*>& t, uint64_t* size, aclOpExecutor** executor) {
                        return aclnnSoftmaxGetWorkspaceSize(t[0], 1, t[1], size, executor);
                      },
                      aclnnSoftmax);
}

// The class-index family: one class (the class stride and the weight's), one row (the target's).
TEST(SizeOneStrideTest, NllLossOneClassOneRow) {
  for (const int64_t reduction : {0, 1, 2}) {
    const std::vector<int64_t> out_dims = reduction == 0 ? std::vector<int64_t>{1} : std::vector<int64_t>{};
    ExpectLayoutIgnored({{{1, 1}, ACL_FLOAT}, {{1}, ACL_INT64}, {{1}, ACL_FLOAT}, {out_dims, ACL_FLOAT},
                         {{}, ACL_FLOAT}},
                        {{-0.75}, {0}, {2}},
                        [reduction](const std::vector<aclTensor*>& t, uint64_t* size, aclOpExecutor** executor) {
                          return aclnnNLLLossGetWorkspaceSize(t[0], t[1], t[2], reduction, -100, t[3], t[4], size,
                                                              executor);
                        },
                        aclnnNLLLoss);
  }
}

TEST(SizeOneStrideTest, NllLossBackwardOneClassOneRow) {
  for (const int64_t reduction : {0, 1, 2}) {
    const std::vector<int64_t> grad_dims = reduction == 0 ? std::vector<int64_t>{1} : std::vector<int64_t>{};
    ExpectLayoutIgnored(
        {{grad_dims, ACL_FLOAT}, {{1, 1}, ACL_FLOAT}, {{1}, ACL_INT64}, {{1}, ACL_FLOAT}, {{}, ACL_FLOAT},
         {{1, 1}, ACL_FLOAT}},
        {{1.5}, {-0.75}, {0}, {2}, {2}},
        [reduction](const std::vector<aclTensor*>& t, uint64_t* size, aclOpExecutor** executor) {
          return aclnnNLLLossBackwardGetWorkspaceSize(t[0], t[1], t[2], t[3], reduction, -100, t[4], t[5], size,
                                                      executor);
        },
        aclnnNLLLossBackward);
  }
}

// Cross entropy's rows, target and weight vectors: one row of one class.
TEST(SizeOneStrideTest, CrossEntropyLossOneClassOneRow) {
  for (const char* reduction : {"none", "mean", "sum"}) {
    const std::vector<int64_t> loss_dims =
        std::string(reduction) == "none" ? std::vector<int64_t>{1} : std::vector<int64_t>{};
    // loss, logProbOut, zlossOut and lseForZlossOut (the z-loss on, so that the last two are written).
    ExpectLayoutIgnored({{{1, 1}, ACL_FLOAT}, {{1}, ACL_INT64}, {{1}, ACL_FLOAT}, {loss_dims, ACL_FLOAT},
                         {{1, 1}, ACL_FLOAT}, {loss_dims, ACL_FLOAT}, {{1}, ACL_FLOAT}},
                        {{0.5}, {0}, {3}},
                        [reduction](const std::vector<aclTensor*>& t, uint64_t* size, aclOpExecutor** executor) {
                          return aclnnCrossEntropyLossGetWorkspaceSize(
                              t[0], t[1], t[2], const_cast<char*>(reduction), -100, 0.1, 0.25, true, t[3], t[4],
                              t[5], t[6], size, executor);
                        },
                        aclnnCrossEntropyLoss);
  }
}

}  // namespace
}  // namespace openaclnn::test
