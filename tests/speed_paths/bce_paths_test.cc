// aclnnBinaryCrossEntropyBackward gives the same bytes on every path: reference and SIMD kernels, 1 to 4
// threads, normal and streaming stores; over data types (16-bit ones converted in vector registers), weight
// and gradOutput broadcasts, reductions, layouts and edge values (x at 0, 1, outside [0, 1], NaN, infinities,
// subnormals). Each case's out bytes are also pinned (pinned_bytes.h) to what the operator's own kernels gave
// before it moved onto the pointwise engine.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"
#include "bce_operands.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "device_tensor.h"
#include "edge_values.h"
#include "path_matrix.h"
#include "pinned_bytes.h"
#include "raw_tensor.h"

namespace openaclnn::test {
namespace {

const PinnedTable kPinned = {
#include "bce_paths_pinned.inc"
};

using Weight = BceWeight;
enum class Layout { kContiguous, kTransposedSelf, kUnalignedOut, kPaddedOut };

struct BceCase {
  std::vector<int64_t> dims;
  aclDataType grad, self, target, weight, out;
  Weight weight_mode;
  bool scalar_grad;
  int64_t reduction;
  Layout layout;
};

std::string Describe(const BceCase& c) {
  std::string text = "BCE dims=[";
  for (int64_t d : c.dims) {
    text += std::to_string(d) + ",";
  }
  return text + "] dtypes(g,x,y,w,out)=" + std::to_string(c.grad) + "," + std::to_string(c.self) + "," +
         std::to_string(c.target) + "," + std::to_string(c.weight) + "," + std::to_string(c.out) +
         " weight=" + std::to_string(static_cast<int>(c.weight_mode)) + " scalar_grad=" +
         std::to_string(c.scalar_grad) + " reduction=" + std::to_string(c.reduction) +
         " layout=" + std::to_string(static_cast<int>(c.layout));
}

// Runs the case with x, y, g, w given as raw bits (null: seeded values with edge values mixed in).
void CheckBce(const BceCase& c, uint64_t seed, const std::vector<uint64_t>* self_bits = nullptr,
              const std::vector<uint64_t>* target_bits = nullptr, const std::vector<uint64_t>* grad_bits = nullptr) {
  std::mt19937_64 rng(seed);
  const int64_t numel = Numel(c.dims);
  const bool transposed = c.layout == Layout::kTransposedSelf;
  RawTensor self(c.dims, c.self, transposed ? TransposedStrides(c.dims) : std::vector<int64_t>{});
  self.SetBits(self_bits ? *self_bits : MixedBits(c.self, numel, 0.0, 1.0, 0.1, rng));

  RawTensor target(c.dims, c.target);
  if (target_bits) {
    target.SetBits(*target_bits);
  } else {
    target.SetBits(LabelBits(c.target, numel, rng));
  }

  const std::vector<int64_t> grad_dims = c.scalar_grad ? std::vector<int64_t>{} : c.dims;
  RawTensor grad(grad_dims, c.grad);
  grad.SetBits(grad_bits ? *grad_bits : MixedBits(c.grad, Numel(grad_dims), -2.0, 2.0, 0.05, rng));

  const std::vector<int64_t> weight_dims = BceWeightDims(c.dims, c.weight_mode);
  RawTensor weight(weight_dims, c.weight);
  weight.SetBits(MixedBits(c.weight, Numel(weight_dims), 0.0, 3.0, 0.05, rng));

  std::vector<int64_t> out_strides;
  int64_t out_offset = 0;
  if (c.layout == Layout::kUnalignedOut) {
    out_offset = 1;
  } else if (c.layout == Layout::kPaddedOut) {
    out_strides = PaddedStrides(c.dims, 2);
  }
  RawTensor out(c.dims, c.out, out_strides, out_offset);

  ScopedStream stream;
  const bool parallel = numel >= (int64_t{1} << 18);
  ExpectSameOnEveryPath(Describe(c), parallel, [&]() {
    out.FillStorage(0xA5);
    uint64_t workspace_size = 1;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus planned = aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(
        grad.get(), self.get(), target.get(), c.weight_mode == Weight::kNone ? nullptr : weight.get(), c.reduction,
        out.get(), &workspace_size, &executor);
    EXPECT_EQ(planned, 0) << TakeErrorMessage();
    EXPECT_EQ(aclnnBinaryCrossEntropyBackward(nullptr, workspace_size, executor, stream.get()), 0)
        << TakeErrorMessage();
    Outcome outcome;
    outcome.status = aclrtSynchronizeStream(stream.get());
    TakeErrorMessage();
    outcome.storage = out.Storage();
    return outcome;
  });
  ExpectPinned(kPinned, Describe(c) + " seed=" + std::to_string(seed), out.Storage(), c.out);
}

TEST(BcePathsTest, EveryDtypeWeightAndReduction) {
  const std::vector<std::vector<int64_t>> shapes = {{1}, {7}, {33}, {257}, {3, 5, 7}, {2, 3, 17, 19}, {4, 1000}};
  const aclDataType kTypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  const Weight weights[] = {Weight::kNone, Weight::kSameShape, Weight::kPerChannel, Weight::kScalar};
  const Layout layouts[] = {Layout::kContiguous, Layout::kUnalignedOut, Layout::kPaddedOut, Layout::kTransposedSelf};
  uint64_t seed = 100;
  for (const std::vector<int64_t>& dims : shapes) {
    for (aclDataType in : kTypes) {
      for (aclDataType out : kTypes) {
        for (int64_t reduction = 0; reduction < 3; ++reduction) {
          const BceCase c{dims, in, in, in, in, out, weights[seed % 4], reduction != 0 || seed % 5 == 0,
                          reduction, layouts[(seed / 4) % 4]};
          CheckBce(c, seed++);
          if (HasFailure()) {
            return;
          }
        }
      }
    }
  }
}

TEST(BcePathsTest, MixedDtypes) {
  CheckBce({{5, 67}, ACL_BF16, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT16, Weight::kPerChannel, false, 1,
            Layout::kContiguous},
           200);
  CheckBce({{300}, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT16, ACL_BF16, ACL_BF16, Weight::kSameShape, true, 2,
            Layout::kUnalignedOut},
           201);
}

// Every FLOAT16 and BFLOAT16 pattern as x (vector conversion to float), and gradOutput spanning float's exponents
// and rounding boundaries with x = 0.5, y = 0 so out = 2g (vector conversion of the result to 16 bits).
TEST(BcePathsTest, SixteenBitConversionsOnEveryPattern) {
  for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
    std::vector<uint64_t> x(65536);
    for (uint64_t i = 0; i < x.size(); ++i) {
      x[i] = i;
    }
    const std::vector<uint64_t> y(65536, 0);
    const std::vector<uint64_t> one = {FloatBitsOf(dtype, 1.0)};
    CheckBce({{65536}, dtype, dtype, dtype, dtype, ACL_FLOAT, Weight::kNone, true, 0, Layout::kContiguous}, 300,
             &x, &y, &one);
  }
  const uint32_t low_patterns[] = {0x000000, 0x000001, 0x000fff, 0x001000, 0x001001, 0x001fff, 0x002000, 0x003000,
                                   0x007fff, 0x008000, 0x008001, 0x00ffff, 0x010000, 0x3fffff, 0x400000, 0x7fffff};
  std::vector<uint64_t> grad;
  for (uint32_t high = 0; high < 512; ++high) {  // Sign and exponent.
    for (uint32_t low : low_patterns) {
      grad.push_back((uint64_t{high} << 23) | low);
    }
  }
  const int64_t count = static_cast<int64_t>(grad.size());
  const std::vector<uint64_t> x(static_cast<size_t>(count), 0x3f000000);  // 0.5
  const std::vector<uint64_t> y(static_cast<size_t>(count), 0);
  for (aclDataType out : {ACL_FLOAT16, ACL_BF16}) {
    CheckBce({{count}, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, out, Weight::kNone, false, 0,
              Layout::kContiguous},
             301, &x, &y, &grad);
  }
}

// Large enough that 4 threads each get their share; the (N, C, H, W) case has a per-channel weight.
TEST(BcePathsTest, ThreadedSizes) {
  CheckBce({{(1 << 19) + 37}, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, Weight::kSameShape, false, 0,
            Layout::kContiguous},
           400);
  CheckBce({{4, 3, 150, 151}, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, Weight::kPerChannel, true, 1,
            Layout::kUnalignedOut},
           401);
  CheckBce({{300001}, ACL_BF16, ACL_BF16, ACL_BF16, ACL_BF16, ACL_BF16, Weight::kNone, true, 2, Layout::kContiguous},
           402);
  CheckBce({{2, 300007}, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, Weight::kScalar, false, 1,
            Layout::kPaddedOut},
           403);
}

}  // namespace
}  // namespace openaclnn::test
