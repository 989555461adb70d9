// aclnnL1Loss and aclnnL1LossBackward with an integer input beside a floating one (docs/l1_loss.md): CANN casts the
// integer to the promoted floating type, then runs the float kernel. A grid over the integer types, the floating
// types, which input is the integer, reductions, broadcasts and a strided integer layout, against a reference
// written from the definition (each integer rounded once to the promoted type, |x - y| and sign(x - y) in double);
// integers beyond a 16-bit type's range; the cast happening at the launch (values written after phase 1); nothing
// written outside out.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "device_tensor.h"
#include "pointwise_call.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

const aclDataType kIntegerTypes[] = {ACL_BOOL, ACL_UINT8, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64};
const aclDataType kFloatTypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

bool IsFloat(aclDataType dtype) { return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16; }

// Integers of each type's range, INT32 and INT64 narrowed to +-2^20 (beyond FLOAT and BFLOAT16's exact integers),
// or to +-30000 for FLOAT16 (its range; the infinities have their own test).
std::vector<int64_t> DrawIntegers(aclDataType dtype, aclDataType promoted, int64_t count, std::mt19937_64* rng) {
  const int64_t wide = promoted == ACL_FLOAT16 ? 30000 : int64_t{1} << 20;
  int64_t lo = -wide, hi = wide;
  switch (dtype) {
    case ACL_BOOL: lo = 0; hi = 1; break;
    case ACL_UINT8: lo = 0; hi = 255; break;
    case ACL_INT8: lo = -128; hi = 127; break;
    case ACL_INT16: lo = std::max<int64_t>(-32768, -wide); hi = std::min<int64_t>(32767, wide); break;
    default: break;
  }
  std::uniform_int_distribution<int64_t> draw(lo, hi);
  std::vector<int64_t> values(static_cast<size_t>(count));
  for (int64_t& v : values) v = draw(*rng);
  return values;
}

// An operand of the grid: its values as the kernel sees them (integers rounded once to `promoted`).
struct Operand {
  std::vector<int64_t> dims;
  aclDataType dtype;
  Layout layout;
  std::vector<double> seen;
};

std::unique_ptr<DeviceTensor> Make(Operand* operand, aclDataType promoted, std::mt19937_64* rng) {
  auto tensor = std::make_unique<DeviceTensor>(operand->dims, operand->dtype, operand->layout);
  const int64_t count = Numel(operand->dims);
  operand->seen.clear();
  if (IsFloat(operand->dtype)) {
    std::uniform_real_distribution<double> draw(-1000.0, 1000.0);
    std::vector<double> values;
    for (int64_t i = 0; i < count; ++i) values.push_back(RoundTo(operand->dtype, draw(*rng)));
    tensor->Fill(values);
    operand->seen = values;
  } else {
    const std::vector<int64_t> values = DrawIntegers(operand->dtype, promoted, count, rng);
    tensor->FillIntegers(values);
    for (int64_t v : values) operand->seen.push_back(RoundTo(promoted, static_cast<double>(v)));
  }
  return tensor;
}

double At(const Operand& operand, const std::vector<int64_t>& shape, int64_t i) {
  return operand.seen[static_cast<size_t>(BroadcastIndex(operand.dims, shape, i))];
}

aclDataType Promoted(std::initializer_list<aclDataType> types) {
  aclDataType promoted = ACL_DT_UNDEFINED;
  for (aclDataType t : types) {
    if (!IsFloat(t)) continue;
    promoted = promoted == ACL_DT_UNDEFINED || promoted == t ? t : ACL_FLOAT;
  }
  return promoted;
}

void ExpectWithinOneUlp(aclDataType out_type, const std::vector<double>& expected, const std::vector<double>& got) {
  ASSERT_EQ(expected.size(), got.size());
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_LE(UlpDistance(out_type, RoundTo(out_type, expected[i]), got[i]), 1.0)
        << "element " << i << ": expected " << expected[i] << ", got " << got[i];
  }
}

TEST(L1LossMixedTest, ForwardGridMatchesTheReference) {
  ScopedStream stream;
  std::mt19937_64 rng(20261201);
  int cases = 0;
  for (aclDataType integer : kIntegerTypes) {
    for (aclDataType floating : kFloatTypes) {
      for (int integer_is_self = 0; integer_is_self < 2; ++integer_is_self) {
        for (int64_t reduction = 0; reduction < 3; ++reduction) {
          if (integer_is_self == 1 && reduction == 0) continue;  // CANN refuses it (the bad-input table).
          SCOPED_TRACE(std::to_string(integer) + " " + std::to_string(floating) + " self " +
                       std::to_string(integer_is_self) + " reduction " + std::to_string(reduction));
          // The integer input broadcasts along dim 0 and is strided; the floating one is contiguous.
          Operand int_operand{{1, 5, 7}, integer, {PaddedStrides({1, 5, 7}, 2), 3, 3}, {}};
          Operand float_operand{{4, 5, 7}, floating, {}, {}};
          const aclDataType promoted = floating;
          auto int_tensor = Make(&int_operand, promoted, &rng);
          auto float_tensor = Make(&float_operand, promoted, &rng);
          const Operand& x = integer_is_self ? int_operand : float_operand;
          const Operand& y = integer_is_self ? float_operand : int_operand;
          const DeviceTensor& self = integer_is_self ? *int_tensor : *float_tensor;
          const DeviceTensor& target = integer_is_self ? *float_tensor : *int_tensor;
          const std::vector<int64_t> shape = {4, 5, 7};
          const aclDataType out_type = (cases % 2 == 0) ? promoted : ACL_FLOAT;
          DeviceTensor out(reduction == 0 ? shape : std::vector<int64_t>{}, out_type);
          uint64_t size = 0;
          aclOpExecutor* executor = nullptr;
          ASSERT_EQ(aclnnL1LossGetWorkspaceSize(self.get(), target.get(), reduction, out.get(), &size, &executor), 0)
              << TakeErrorMessage();
          ASSERT_EQ(aclnnL1Loss(nullptr, size, executor, stream.get()), 0);
          ASSERT_EQ(aclrtSynchronizeStream(stream.get()), 0);
          std::vector<double> terms;
          double sum = 0.0;
          for (int64_t i = 0; i < Numel(shape); ++i) {
            terms.push_back(std::fabs(At(x, shape, i) - At(y, shape, i)));
            sum += terms.back();
          }
          const std::vector<double> expected =
              reduction == 0 ? terms : std::vector<double>{reduction == 1 ? sum / Numel(shape) : sum};
          ExpectWithinOneUlp(out_type, expected, out.Read());
          EXPECT_TRUE(out.OutsideViewUntouched());
          EXPECT_TRUE(int_tensor->OutsideViewUntouched());
          ++cases;
        }
      }
    }
  }
  EXPECT_EQ(cases, 6 * 3 * 5);
}

TEST(L1LossMixedTest, BackwardGridMatchesTheReference) {
  ScopedStream stream;
  std::mt19937_64 rng(20261202);
  int cases = 0;
  // Each of gradOutput, self and target integral or floating (at least one floating), over reductions.
  for (int pattern = 1; pattern < 8; ++pattern) {
    for (size_t t = 0; t < 6; ++t) {
      const aclDataType integer = kIntegerTypes[t];
      const aclDataType floating = kFloatTypes[(static_cast<size_t>(pattern) + t) % 3];
      const aclDataType second_floating = kFloatTypes[t % 3];
      const int64_t reduction = (pattern + static_cast<int>(t)) % 3;
      // Bit k of pattern set: input k (gradOutput, self, target) is floating.
      aclDataType types[3];
      for (int k = 0; k < 3; ++k) {
        types[k] = (pattern >> k) & 1 ? (k == 2 ? second_floating : floating) : integer;
      }
      SCOPED_TRACE("pattern " + std::to_string(pattern) + " integer " + std::to_string(integer) + " reduction " +
                   std::to_string(reduction));
      const aclDataType promoted = Promoted({types[0], types[1], types[2]});
      Operand grad{{1, 6}, types[0], {}, {}};
      Operand x{{3, 6}, types[1], {TransposedStrides({3, 6}), 1, 3}, {}};
      Operand y{{3, 1}, types[2], {}, {}};
      auto grad_tensor = Make(&grad, promoted, &rng);
      auto self_tensor = Make(&x, promoted, &rng);
      auto target_tensor = Make(&y, promoted, &rng);
      const std::vector<int64_t> shape = {3, 6};
      const aclDataType out_type = (cases % 2 == 0) ? promoted : ACL_FLOAT;
      DeviceTensor out(shape, out_type);
      uint64_t size = 0;
      aclOpExecutor* executor = nullptr;
      ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(grad_tensor->get(), self_tensor->get(), target_tensor->get(),
                                                    reduction, out.get(), &size, &executor),
                0)
          << TakeErrorMessage();
      ASSERT_EQ(aclnnL1LossBackward(nullptr, size, executor, stream.get()), 0);
      ASSERT_EQ(aclrtSynchronizeStream(stream.get()), 0);
      const double scale = reduction == 1 ? 1.0 / static_cast<double>(Numel(shape)) : 1.0;
      std::vector<double> expected;
      for (int64_t i = 0; i < Numel(shape); ++i) {
        const double d = At(x, shape, i) - At(y, shape, i);
        const double sign = d > 0 ? 1.0 : (d < 0 ? -1.0 : 0.0);
        expected.push_back(sign * At(grad, shape, i) * scale);
      }
      ExpectWithinOneUlp(out_type, expected, out.Read());
      EXPECT_TRUE(out.OutsideViewUntouched());
      ++cases;
    }
  }
  EXPECT_EQ(cases, 42);
}

TEST(L1LossMixedTest, IntegersBeyondTheFloatingRangeBecomeInfinite) {
  ScopedStream stream;
  // 70000 is beyond FLOAT16's largest finite value (65504): CANN's cast makes it infinity, so the loss is too.
  DeviceTensor self({3}, ACL_FLOAT16), target({3}, ACL_INT32);
  self.Fill({1.0, 2.0, 3.0});
  target.FillIntegers({70000, -70000, 65504});
  DeviceTensor out({3}, ACL_FLOAT16);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnL1LossGetWorkspaceSize(self.get(), target.get(), 0, out.get(), &size, &executor), 0);
  ASSERT_EQ(aclnnL1Loss(nullptr, size, executor, stream.get()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), 0);
  const std::vector<double> got = out.Read();
  EXPECT_EQ(got[0], std::numeric_limits<double>::infinity());
  EXPECT_EQ(got[1], std::numeric_limits<double>::infinity());
  EXPECT_EQ(got[2], 65504.0);  // |3 - 65504| = 65501 rounds to 65504 (FLOAT16's spacing there is 32).
}

TEST(L1LossMixedTest, TheCastReadsTheIntegersAtTheLaunch) {
  ScopedStream stream;
  DeviceTensor self({4}, ACL_FLOAT), target({4}, ACL_INT64);
  self.Fill({0.5, 0.5, 0.5, 0.5});
  target.FillIntegers({0, 0, 0, 0});
  DeviceTensor out({}, ACL_FLOAT);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnL1LossGetWorkspaceSize(self.get(), target.get(), 2, out.get(), &size, &executor), 0);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), 0);
  target.FillIntegers({1, 2, 3, 4});  // After phase 1: the launch must see these.
  ASSERT_EQ(aclnnL1Loss(nullptr, size, executor, stream.get()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), 0);
  EXPECT_EQ(out.Read()[0], 0.5 + 1.5 + 2.5 + 3.5);
  target.FillIntegers({-1, -1, -1, -1});
  ASSERT_EQ(aclnnL1Loss(nullptr, size, executor, stream.get()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), 0);
  EXPECT_EQ(out.Read()[0], 4 * 1.5);
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0);
}

// An empty self makes the broadcast empty: nothing is read, so the integer target is not cast either, and its
// memory is never checked or touched (here it has none).
TEST(L1LossMixedTest, AnEmptyBroadcastCastsNothing) {
  ScopedStream stream;
  DeviceTensor self({0}, ACL_FLOAT);
  const std::vector<int64_t> one = {1};
  const std::vector<int64_t> stride = {1};
  aclTensor* target = aclCreateTensor(one.data(), 1, ACL_INT64, stride.data(), 0, ACL_FORMAT_ND, one.data(), 1,
                                      nullptr);
  ASSERT_NE(target, nullptr);
  DeviceTensor out({}, ACL_FLOAT);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnL1LossGetWorkspaceSize(self.get(), target, 2, out.get(), &size, &executor), 0) << TakeErrorMessage();
  ASSERT_EQ(aclnnL1Loss(nullptr, size, executor, stream.get()), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), 0);
  EXPECT_EQ(out.Read()[0], 0.0);  // The sum of nothing.
  EXPECT_EQ(aclDestroyTensor(target), 0);
}

}  // namespace
}  // namespace openaclnn::test
