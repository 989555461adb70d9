// 64-bit sizes (DECISIONS 9): an aclnnNLLLossBackward out of N x C >= 2^31 elements and an
// aclnnBinaryCrossEntropyBackward out of numel >= 2^31, in FLOAT16 (4 GiB each). Only out is large: the
// inputs are small or zero-stride broadcasts. Elements around the 2^31 boundary, at the start and at the end are
// checked exactly, as are the bytes just outside the view (the first and last bytes of the allocation).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "acl_environment.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr int64_t kTwo31 = int64_t{1} << 31;
// N x C just above 2^31, with C not a power of two so element 2^31 falls inside a row.
constexpr int64_t kRows = 53689;
constexpr int64_t kColumns = 40000;
constexpr int64_t kNumel = kRows * kColumns;
static_assert(kNumel >= kTwo31, "the out tensor must have at least 2^31 elements");
// Row and column of flat element 2^31.
constexpr int64_t kBoundaryRow = kTwo31 / kColumns;
constexpr int64_t kBoundaryColumn = kTwo31 % kColumns;
// Guard elements before and after out's view inside its allocation.
constexpr int64_t kGuard = 64;
constexpr uint8_t kGuardByte = 0xA5;

int64_t AvailableMemoryBytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  int64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") {
      return kib * 1024;
    }
  }
  return 0;
}

// Device memory plus a tensor over it; the memory is released with the object.
class Buffer {
 public:
  explicit Buffer(size_t bytes) : bytes_(bytes) {
    if (aclrtMalloc(&data_, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
      data_ = nullptr;
    }
  }
  ~Buffer() {
    aclDestroyTensor(tensor_);
    if (data_ != nullptr) {
      aclrtFree(data_);
    }
  }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  bool ok() const { return data_ != nullptr; }
  uint8_t* bytes() const { return static_cast<uint8_t*>(data_); }
  size_t size() const { return bytes_; }
  uint16_t* half() const { return static_cast<uint16_t*>(data_); }

  aclTensor* View(const std::vector<int64_t>& dims, aclDataType dtype, const std::vector<int64_t>& strides,
                  int64_t offset) {
    const std::vector<int64_t> storage = {static_cast<int64_t>(bytes_ / 2)};
    tensor_ = aclCreateTensor(dims.data(), dims.size(), dtype, strides.data(), offset, ACL_FORMAT_ND, storage.data(),
                              storage.size(), data_);
    return tensor_;
  }

 private:
  size_t bytes_;
  void* data_ = nullptr;
  aclTensor* tensor_ = nullptr;
};

// The FLOAT16 out with kGuard guard elements on both sides, only the guards pre-filled.
struct LargeOut {
  Buffer buffer{static_cast<size_t>((kNumel + 2 * kGuard) * 2)};
  aclTensor* tensor = nullptr;

  bool Prepare() {
    if (!buffer.ok()) {
      return false;
    }
    std::memset(buffer.bytes(), kGuardByte, kGuard * 2);
    std::memset(buffer.bytes() + (kGuard + kNumel) * 2, kGuardByte, kGuard * 2);
    tensor = buffer.View({kRows, kColumns}, ACL_FLOAT16, {kColumns, 1}, kGuard);
    return tensor != nullptr;
  }
  double At(int64_t row, int64_t column) const {
    return FromHalfBits(buffer.half()[kGuard + row * kColumns + column]);
  }
  const uint16_t* Row(int64_t row) const { return buffer.half() + kGuard + row * kColumns; }
  bool GuardsIntact() const {
    for (int64_t i = 0; i < kGuard * 2; ++i) {
      if (buffer.bytes()[i] != kGuardByte || buffer.bytes()[buffer.size() - 1 - i] != kGuardByte) {
        return false;
      }
    }
    return true;
  }
};

bool SkipForMemory() {
  const int64_t needed = (kNumel + 2 * kGuard) * 2 + (int64_t{1} << 30);
  return AvailableMemoryBytes() < needed;
}

// CI sets OPENACLNN_REQUIRE_LARGE=1: there a skipped case would pass without testing anything, so too little
// memory is a failure instead.
bool LargeCasesRequired() {
  const char* value = std::getenv("OPENACLNN_REQUIRE_LARGE");
  return value != nullptr && std::string(value) == "1";
}

// Targets: row 0 -> class 0 (the first element), the boundary row -> the column of element 2^31, the last row ->
// C - 1 (the last element), every 997th row ignored, the rest spread over the classes.
int64_t TargetOf(int64_t row) {
  if (row == 0) return 0;
  if (row == kBoundaryRow) return kBoundaryColumn;
  if (row == kRows - 1) return kColumns - 1;
  if (row % 997 == 5) return -100;
  return (row * 7919) % kColumns;
}

TEST(LargeSizesTest, NllLossBackwardBeyondTwoTo31Elements) {
  if (SkipForMemory()) {
    ASSERT_FALSE(LargeCasesRequired()) << "needs about 5.3 GB of available memory (OPENACLNN_REQUIRE_LARGE=1)";
    GTEST_SKIP() << "needs about 5.3 GB of available memory";
  }
  LargeOut out;
  ASSERT_TRUE(out.Prepare()) << TakeErrorMessage();

  Buffer self(2);  // Never read: a (N, C) view with zero strides over one element.
  Buffer target(kRows * 8);
  Buffer grad(kRows * 2);
  Buffer weight(kColumns * 2);
  Buffer total(2);
  auto* targets = reinterpret_cast<int64_t*>(target.bytes());
  for (int64_t row = 0; row < kRows; ++row) {
    targets[row] = TargetOf(row);
    grad.half()[row] = ToHalfBits(0.125 * static_cast<double>(1 + row % 13));
  }
  for (int64_t column = 0; column < kColumns; ++column) {
    weight.half()[column] = ToHalfBits(1.0 + static_cast<double>(column % 16) / 16.0);
  }
  total.half()[0] = ToHalfBits(1.0);
  std::memset(self.bytes(), 0, 2);

  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnNLLLossBackwardGetWorkspaceSize(grad.View({kRows}, ACL_FLOAT16, {1}, 0),
                                                 self.View({kRows, kColumns}, ACL_FLOAT16, {0, 0}, 0),
                                                 target.View({kRows}, ACL_INT64, {1}, 0),
                                                 weight.View({kColumns}, ACL_FLOAT16, {1}, 0), 0, -100,
                                                 total.View({1}, ACL_FLOAT16, {1}, 0), out.tensor, &workspace_size,
                                                 &executor),
            0)
      << TakeErrorMessage();
  ScopedStream stream;
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, workspace_size, executor, stream.get()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();

  EXPECT_TRUE(out.GuardsIntact()) << "bytes just outside out's view changed";
  // Every row in full: zero everywhere but the target column, which holds -(g * w) rounded once.
  const std::vector<uint16_t> zeros(static_cast<size_t>(kColumns), 0);
  int64_t wrong_rows = 0;
  for (int64_t row = 0; row < kRows; ++row) {
    const int64_t column = TargetOf(row);
    const uint16_t* values = out.Row(row);
    bool right = true;
    if (column >= 0) {
      const double expected = -(FromHalfBits(grad.half()[row]) * FromHalfBits(weight.half()[column]));
      right = values[column] == ToHalfBits(expected) &&
              std::memcmp(values, zeros.data(), static_cast<size_t>(column) * 2) == 0 &&
              std::memcmp(values + column + 1, zeros.data(), static_cast<size_t>(kColumns - column - 1) * 2) == 0;
    } else {
      right = std::memcmp(values, zeros.data(), static_cast<size_t>(kColumns) * 2) == 0;
    }
    if (!right && wrong_rows++ < 5) {
      ADD_FAILURE() << "row " << row << " (target " << column << ") is wrong";
    }
  }
  EXPECT_EQ(wrong_rows, 0);
  // The elements named in the header, explicitly.
  EXPECT_LT(out.At(0, 0), 0.0);
  EXPECT_LT(out.At(kBoundaryRow, kBoundaryColumn), 0.0) << "element 2^31";
  EXPECT_EQ(out.At(kBoundaryRow, kBoundaryColumn - 1), 0.0) << "element 2^31 - 1";
  EXPECT_EQ(out.At(kBoundaryRow, kBoundaryColumn + 1), 0.0) << "element 2^31 + 1";
  EXPECT_LT(out.At(kRows - 1, kColumns - 1), 0.0) << "the last element";
}

TEST(LargeSizesTest, BinaryCrossEntropyBackwardBeyondTwoTo31Elements) {
  if (SkipForMemory()) {
    ASSERT_FALSE(LargeCasesRequired()) << "needs about 5.3 GB of available memory (OPENACLNN_REQUIRE_LARGE=1)";
    GTEST_SKIP() << "needs about 5.3 GB of available memory";
  }
  LargeOut out;
  ASSERT_TRUE(out.Prepare()) << TakeErrorMessage();

  // x varies along columns (self is one stored row repeated by a zero stride), the weight along rows, target per
  // column, gradOutput a scalar: out[r][c] = g * (x[c] - y[c]) / max(x[c] * (1 - x[c]), 1e-12) * w[r].
  Buffer self(kColumns * 2);
  Buffer target(kColumns * 2);
  Buffer weight(kRows * 2);
  Buffer grad(2);
  for (int64_t column = 0; column < kColumns; ++column) {
    self.half()[column] = ToHalfBits(static_cast<double>(1 + column % 997) / 999.0);
    target.half()[column] = ToHalfBits(column % 3 == 0 ? 1.0 : (column % 3 == 1 ? 0.0 : 0.5));
  }
  for (int64_t row = 0; row < kRows; ++row) {
    weight.half()[row] = ToHalfBits(0.5 + static_cast<double>(row % 29) / 32.0);
  }
  grad.half()[0] = ToHalfBits(0.75);

  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(
                grad.View({}, ACL_FLOAT16, {}, 0), self.View({kRows, kColumns}, ACL_FLOAT16, {0, 1}, 0),
                target.View({kColumns}, ACL_FLOAT16, {1}, 0), weight.View({kRows, 1}, ACL_FLOAT16, {1, 1}, 0),
                /*reduction=*/2, out.tensor, &workspace_size, &executor),
            0)
      << TakeErrorMessage();
  ScopedStream stream;
  ASSERT_EQ(aclnnBinaryCrossEntropyBackward(nullptr, workspace_size, executor, stream.get()), 0)
      << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();

  EXPECT_TRUE(out.GuardsIntact()) << "bytes just outside out's view changed";
  auto expected = [&](int64_t row, int64_t column) {
    const double x = FromHalfBits(self.half()[column]);
    const double y = FromHalfBits(target.half()[column]);
    const double denominator = x * (1.0 - x) < 1e-12 ? static_cast<double>(1e-12f) : x * (1.0 - x);
    return FromHalfBits(grad.half()[0]) * (x - y) / denominator * FromHalfBits(weight.half()[row]);
  };
  // Whole rows: the first, both sides of element 2^31, the last; plus a stride through everything else.
  // Float arithmetic then one rounding is within 1 FLOAT16 ulp of the fp64 value rounded once.
  std::vector<std::pair<int64_t, int64_t>> ranges = {
      {0, kColumns}, {(kBoundaryRow - 1) * kColumns, (kBoundaryRow + 2) * kColumns}, {kNumel - kColumns, kNumel}};
  int64_t checked = 0;
  int64_t wrong = 0;
  auto check = [&](int64_t flat) {
    const int64_t row = flat / kColumns;
    const int64_t column = flat % kColumns;
    const double want = RoundTo(ACL_FLOAT16, expected(row, column));
    const double got = out.At(row, column);
    ++checked;
    if (UlpDistance(ACL_FLOAT16, got, want) > 1.0 && wrong++ < 5) {
      ADD_FAILURE() << "element " << flat << " (" << row << ", " << column << "): got " << got << ", expected "
                    << want;
    }
  };
  for (const auto& [begin, end] : ranges) {
    for (int64_t flat = begin; flat < end; ++flat) {
      check(flat);
    }
  }
  for (int64_t flat = 12345; flat < kNumel; flat += 4099) {
    check(flat);
  }
  EXPECT_EQ(wrong, 0) << "of " << checked << " elements checked";
  EXPECT_NE(out.At(kBoundaryRow, kBoundaryColumn), 0.0) << "element 2^31";
}

}  // namespace
}  // namespace openaclnn::test
