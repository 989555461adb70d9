// aclnnL1Loss on integer inputs that promote to INT64 (CANN's INT64 branch, docs/l1_loss.md): a grid over the
// integer type pairs, reductions none and sum, out types, broadcasts and layouts against a reference written from
// the definition (the difference taken modulo 2^64 through 128-bit arithmetic, sharing no code with the library);
// the wrap-around at INT64's limits; the single rounding to 16-bit float outs; empty inputs; the same bits for one
// and two threads.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_l1_loss.h"
#include "device_tensor.h"
#include "openaclnn/openaclnn.h"
#include "pointwise_call.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

// GCC's 128-bit integers (an extension; the reference's independent way to the values modulo 2^64).
__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

int L1(const DeviceTensor& self, const DeviceTensor& target, int64_t reduction, const DeviceTensor& out,
       aclrtStream stream) {
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  const int code = aclnnL1LossGetWorkspaceSize(self.get(), target.get(), reduction, out.get(), &size, &executor);
  if (code != 0) {
    return code;
  }
  const int run = aclnnL1Loss(nullptr, size, executor, stream);
  return run != 0 ? run : aclrtSynchronizeStream(stream);
}

// A value modulo 2^64 as int64 (two's complement).
int64_t Wrap(Int128 value) {
  return static_cast<int64_t>(static_cast<uint64_t>(static_cast<UInt128>(value) & ~uint64_t{0}));
}

// |x - y| as CANN's Sub then Abs give it in int64: the difference modulo 2^64, then its absolute value modulo 2^64.
int64_t WrappedDistance(int64_t x, int64_t y) {
  const int64_t d = Wrap(static_cast<Int128>(x) - y);
  return Wrap(d < 0 ? -static_cast<Int128>(d) : static_cast<Int128>(d));
}

std::vector<int64_t> Reference(const std::vector<int64_t>& x, const std::vector<int64_t>& x_dims,
                               const std::vector<int64_t>& y, const std::vector<int64_t>& y_dims,
                               int64_t reduction) {
  const std::vector<int64_t> shape = BroadcastOf({x_dims, y_dims});
  std::vector<int64_t> terms;
  Int128 sum = 0;
  for (int64_t i = 0; i < Numel(shape); ++i) {
    const int64_t term = WrappedDistance(x[static_cast<size_t>(BroadcastIndex(x_dims, shape, i))],
                                         y[static_cast<size_t>(BroadcastIndex(y_dims, shape, i))]);
    terms.push_back(term);
    sum += term;
  }
  return reduction == 0 ? terms : std::vector<int64_t>{Wrap(sum)};
}

// An integer's range in each input type, narrowed to +-2^40 for INT64 so sums stay exact in double (the float
// outs' reference); the limits have their own test.
std::vector<int64_t> Draw(aclDataType dtype, int64_t count, std::mt19937_64* rng) {
  int64_t lo = -(int64_t{1} << 40), hi = int64_t{1} << 40;
  switch (dtype) {
    case ACL_BOOL: lo = 0; hi = 1; break;
    case ACL_UINT8: lo = 0; hi = 255; break;
    case ACL_INT8: lo = -128; hi = 127; break;
    case ACL_INT16: lo = -32768; hi = 32767; break;
    case ACL_INT32: lo = std::numeric_limits<int32_t>::min(); hi = std::numeric_limits<int32_t>::max(); break;
    default: break;
  }
  std::uniform_int_distribution<int64_t> draw(lo, hi);
  std::vector<int64_t> values(static_cast<size_t>(count));
  for (int64_t& v : values) v = draw(*rng);
  return values;
}

// The value each out type holds: INT64 exactly, the float types the integer rounded once (exact in double here).
std::vector<double> AsStored(aclDataType out_type, const std::vector<int64_t>& values) {
  std::vector<double> stored;
  for (int64_t v : values) stored.push_back(RoundTo(out_type, static_cast<double>(v)));
  return stored;
}

TEST(L1LossInt64Test, GridMatchesTheReference) {
  ScopedStream stream;
  std::mt19937_64 rng(1401);
  struct Types { aclDataType self, target; };
  const std::vector<Types> type_pairs = {{ACL_INT64, ACL_INT64}, {ACL_INT32, ACL_INT64}, {ACL_INT64, ACL_INT16},
                                         {ACL_INT8, ACL_INT64},  {ACL_INT64, ACL_UINT8}, {ACL_BOOL, ACL_INT64}};
  struct Shapes { std::vector<int64_t> self, target; };
  const std::vector<Shapes> shape_cases = {{{}, {}}, {{67}, {67}}, {{3, 5}, {}}, {{6}, {4, 6}},
                                           {{2, 1, 2, 1, 2, 1, 2, 3}, {2, 3}}};
  for (const Types& types : type_pairs) {
    for (const Shapes& shapes : shape_cases) {
      for (int layout : {0, 1, 2}) {
        for (int64_t reduction : {0, 2}) {
          for (aclDataType out_type : {ACL_INT64, ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            SCOPED_TRACE("types " + std::to_string(types.self) + "/" + std::to_string(types.target) + " -> " +
                         std::to_string(out_type) + ", self rank " + std::to_string(shapes.self.size()) +
                         ", layout " + std::to_string(layout) + ", reduction " + std::to_string(reduction));
            const std::vector<int64_t> shape = BroadcastOf({shapes.self, shapes.target});
            const std::vector<int64_t> out_dims = reduction == 0 ? shape : std::vector<int64_t>{};
            DeviceTensor self(shapes.self, types.self, GridLayout(layout, shapes.self));
            DeviceTensor target(shapes.target, types.target, GridLayout(layout, shapes.target));
            DeviceTensor out(out_dims, out_type, GridLayout(layout, out_dims));
            const std::vector<int64_t> x = Draw(types.self, self.numel(), &rng);
            const std::vector<int64_t> y = Draw(types.target, target.numel(), &rng);
            self.FillIntegers(x);
            target.FillIntegers(y);
            ASSERT_EQ(L1(self, target, reduction, out, stream.get()), 0) << TakeErrorMessage();
            const std::vector<int64_t> want = Reference(x, shapes.self, y, shapes.target, reduction);
            if (out_type == ACL_INT64) {
              EXPECT_EQ(out.ReadIntegers(), want);
            } else {
              EXPECT_EQ(out.Read(), AsStored(out_type, want));
            }
            EXPECT_TRUE(out.OutsideViewUntouched());
            const std::vector<uint8_t> bits = out.Storage();
            for (int threads : {1, 2}) {
              ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
              ASSERT_EQ(L1(self, target, reduction, out, stream.get()), 0) << TakeErrorMessage();
              EXPECT_EQ(out.Storage(), bits) << threads << " threads";
            }
            openaclnnSetNumThreads(0);
          }
        }
      }
    }
  }
}

// INT64's limits: the difference, the absolute value and the sum wrap around modulo 2^64, as CANN's Sub, Abs and
// ReduceSum (and PyTorch's CPU kernels) do; |INT64_MIN| stays INT64_MIN.
TEST(L1LossInt64Test, WrapsAroundAtTheLimits) {
  ScopedStream stream;
  const std::vector<int64_t> x = {kMin, kMax, kMin, kMax, 0, -5, kMax, kMin + 1};
  const std::vector<int64_t> y = {0, -1, kMax, kMin, kMin, 3, 0, 0};
  const auto n = static_cast<int64_t>(x.size());
  DeviceTensor self({n}, ACL_INT64), target({n}, ACL_INT64), out({n}, ACL_INT64), sum({}, ACL_INT64);
  self.FillIntegers(x);
  target.FillIntegers(y);
  ASSERT_EQ(L1(self, target, 0, out, stream.get()), 0) << TakeErrorMessage();
  const std::vector<int64_t> want = {kMin, kMin, 1, 1, kMin, 8, kMax, kMax};
  EXPECT_EQ(out.ReadIntegers(), want);
  EXPECT_EQ(Reference(x, {n}, y, {n}, 0), want);  // The reference agrees with the hand-worked values.
  ASSERT_EQ(L1(self, target, 2, sum, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(sum.ReadIntegers(), Reference(x, {n}, y, {n}, 2));
}

// A float out gets the exact integer rounded once: 2^40 + 2^32 + 1 is just above the BFLOAT16 tie between 2^40
// and 2^40 + 2^33 (rounding through FLOAT first would land on the tie and give 2^40); INT64_MAX is 2^63 in FLOAT
// and BFLOAT16 and beyond FLOAT16's range.
TEST(L1LossInt64Test, FloatOutsRoundTheExactIntegerOnce) {
  ScopedStream stream;
  const int64_t above_tie = (int64_t{1} << 40) + (int64_t{1} << 32) + 1;
  DeviceTensor self({3}, ACL_INT64), target({3}, ACL_INT64);
  self.FillIntegers({above_tie, kMax, (int64_t{1} << 24) + 1});
  target.FillIntegers({0, 0, 0});
  for (aclDataType out_type : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    DeviceTensor out({3}, out_type);
    ASSERT_EQ(L1(self, target, 0, out, stream.get()), 0) << TakeErrorMessage();
    const std::vector<double> got = out.Read();
    const double inf = std::numeric_limits<double>::infinity();
    switch (out_type) {
      case ACL_FLOAT: EXPECT_EQ(got, (std::vector<double>{0x1p40 + 0x1p32, 0x1p63, 0x1p24})); break;
      case ACL_FLOAT16: EXPECT_EQ(got, (std::vector<double>{inf, inf, inf})); break;
      default: EXPECT_EQ(got, (std::vector<double>{0x1p40 + 0x1p33, 0x1p63, 0x1p24})); break;
    }
  }
}

// Empty inputs: none writes nothing, sum writes 0.
TEST(L1LossInt64Test, EmptyInputs) {
  ScopedStream stream;
  DeviceTensor self({0, 3}, ACL_INT64), target({3}, ACL_INT32), none_out({0, 3}, ACL_INT64), sum({}, ACL_INT64);
  EXPECT_EQ(L1(self, target, 0, none_out, stream.get()), 0) << TakeErrorMessage();
  EXPECT_TRUE(none_out.OutsideViewUntouched());
  sum.FillIntegers({7});
  ASSERT_EQ(L1(self, target, 2, sum, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(sum.ReadIntegers(), (std::vector<int64_t>{0}));
}

}  // namespace
}  // namespace openaclnn::test
