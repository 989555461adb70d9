// The deterministic reduction helpers the forward losses use (backend/cpu/reduce.h): their result is exactly the
// documented grouping (checked against an independent recursive evaluation), every index is visited once, and
// reduced values are rounded once to the 16-bit types (checked against the test-only rounding).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <random>
#include <vector>

#include "backend/cpu/parallel.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_round.h"
#include "test_numeric.h"

namespace openaclnn::test {
namespace {

constexpr int64_t kBlock = 2048;  // The documented block size.
constexpr int kLanes = 8;         // The documented lane count.

// Terms spread over 16 decades with both signs, so that any change of grouping changes the rounded sum.
std::vector<double> WildTerms(int64_t count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> mantissa(-1.0, 1.0);
  std::uniform_int_distribution<int> exponent(-8, 8);
  std::vector<double> terms(static_cast<size_t>(count));
  for (double& term : terms) {
    term = mantissa(rng) * std::pow(10.0, exponent(rng));
  }
  return terms;
}

double BlockTotal(const std::vector<double>& terms, int64_t begin, int64_t end) {
  double lanes[kLanes] = {};
  for (int64_t i = begin; i < end; ++i) {
    lanes[(i - begin) % kLanes] += terms[static_cast<size_t>(i)];
  }
  return ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
}

// The aligned subtree of `size` (a power of two) blocks starting at `first`.
double Subtree(const std::vector<double>& blocks, int64_t first, int64_t size) {
  if (size == 1) {
    return blocks[static_cast<size_t>(first)];
  }
  return Subtree(blocks, first, size / 2) + Subtree(blocks, first + size / 2, size / 2);
}

// The documented grouping, written recursively: blocks form aligned subtrees by the binary digits of their count
// (largest first), and those are added from the smallest (last) to the largest.
double DocumentedSum(const std::vector<double>& terms) {
  const int64_t count = static_cast<int64_t>(terms.size());
  std::vector<double> blocks;
  for (int64_t begin = 0; begin < count; begin += kBlock) {
    blocks.push_back(BlockTotal(terms, begin, std::min(count, begin + kBlock)));
  }
  std::vector<double> groups;
  int64_t first = 0;
  for (int bit = 62; bit >= 0; --bit) {
    const int64_t size = int64_t{1} << bit;
    if ((static_cast<int64_t>(blocks.size()) & size) != 0) {
      groups.push_back(Subtree(blocks, first, size));
      first += size;
    }
  }
  if (groups.empty()) {
    return 0.0;
  }
  double total = groups.back();
  for (size_t g = groups.size() - 1; g-- > 0;) {
    total = groups[g] + total;
  }
  return total;
}

uint64_t Bits(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

TEST(DeterministicSumTest, EqualsTheDocumentedGroupingBitForBit) {
  const int64_t counts[] = {0, 1, 7, 8, 9, 2047, 2048, 2049, 3 * 2048 + 5, 64 * 2048 - 1, 64 * 2048, 64 * 2048 + 1,
                            5 * 64 * 2048 + 12345};
  for (int64_t count : counts) {
    SCOPED_TRACE("count " + std::to_string(count));
    const std::vector<double> terms = WildTerms(count, static_cast<uint32_t>(count) + 1);
    const std::array<double, 1> got = cpu::DeterministicSum<1>(
        count, [&](int64_t begin, int64_t end, cpu::LaneAccumulator<1>* lanes) {
          for (int64_t i = begin; i < end; ++i) {
            lanes->Add({terms[static_cast<size_t>(i)]});
          }
        });
    EXPECT_EQ(Bits(got[0]), Bits(DocumentedSum(terms))) << got[0] << " vs " << DocumentedSum(terms);
  }
}

TEST(DeterministicSumTest, SeriesAreIndependentAndIndicesVisitedOnceInBlocks) {
  const int64_t count = 3 * 64 * 2048 + 77;
  const std::vector<double> a = WildTerms(count, 1);
  const std::vector<double> b = WildTerms(count, 2);
  std::vector<int> visits(static_cast<size_t>(count), 0);
  std::mutex mu;
  bool blocks_aligned = true;
  const std::array<double, 2> got = cpu::DeterministicSum<2>(
      count, [&](int64_t begin, int64_t end, cpu::LaneAccumulator<2>* lanes) {
        {
          std::lock_guard<std::mutex> lock(mu);
          blocks_aligned = blocks_aligned && begin % kBlock == 0 && (end - begin == kBlock || end == count);
        }
        for (int64_t i = begin; i < end; ++i) {
          ++visits[static_cast<size_t>(i)];
          lanes->Add({a[static_cast<size_t>(i)], b[static_cast<size_t>(i)]});
        }
      });
  EXPECT_TRUE(blocks_aligned);
  for (int64_t i = 0; i < count; ++i) {
    ASSERT_EQ(visits[static_cast<size_t>(i)], 1) << i;
  }
  EXPECT_EQ(Bits(got[0]), Bits(DocumentedSum(a)));
  EXPECT_EQ(Bits(got[1]), Bits(DocumentedSum(b)));
}

// The block-at-a-time form the pointwise losses use: the same bits as the documented grouping for every count
// (partial blocks, odd pairs of blocks, several chunks), each block written once in aligned blocks, on any number of
// kernel threads; and signed zeros, infinities and NaN come out as the per-index form gives them.
TEST(DeterministicSumTest, SeriesSumEqualsTheDocumentedGroupingBitForBit) {
  const int64_t counts[] = {0, 1, 7, 9, 2047, 2048, 2049, 2 * 2048, 3 * 2048, 3 * 2048 + 5, 64 * 2048 - 1, 64 * 2048,
                            64 * 2048 + 1, 65 * 2048, 5 * 64 * 2048 + 12345};
  for (int threads : {1, 2, 3}) {
    ASSERT_EQ(cpu::SetKernelThreads("test", threads).ok(), true);
    for (int64_t count : counts) {
      SCOPED_TRACE("count " + std::to_string(count) + ", threads " + std::to_string(threads));
      const std::vector<double> terms = WildTerms(count, static_cast<uint32_t>(count) + 7);
      std::vector<int> visits(static_cast<size_t>(count), 0);
      std::mutex mu;
      bool blocks_aligned = true;
      const double got = cpu::DeterministicSeriesSum(count, [&](int64_t begin, int64_t end, double* into) {
        std::lock_guard<std::mutex> lock(mu);
        blocks_aligned = blocks_aligned && begin % kBlock == 0 && (end - begin == kBlock || end == count);
        for (int64_t i = begin; i < end; ++i) {
          ++visits[static_cast<size_t>(i)];
          into[i - begin] = terms[static_cast<size_t>(i)];
        }
      });
      EXPECT_EQ(Bits(got), Bits(DocumentedSum(terms))) << got << " vs " << DocumentedSum(terms);
      EXPECT_TRUE(blocks_aligned);
      EXPECT_TRUE(std::all_of(visits.begin(), visits.end(), [](int v) { return v == 1; }));
    }
  }
  ASSERT_EQ(cpu::SetKernelThreads("test", 0).ok(), true);
  const double kInf = INFINITY;
  const std::vector<std::vector<double>> specials = {
      std::vector<double>(3 * 2048, -0.0), {-0.0, 0.0}, std::vector<double>(2 * 2048 + 1, -0.0),
      std::vector<double>(4096, kInf), {kInf, -kInf}, {1.0, NAN, 2.0}};
  for (const std::vector<double>& terms : specials) {
    const int64_t count = static_cast<int64_t>(terms.size());
    const double got = cpu::DeterministicSeriesSum(count, [&](int64_t begin, int64_t end, double* into) {
      std::copy(terms.begin() + begin, terms.begin() + end, into);
    });
    const std::array<double, 1> per_index = cpu::DeterministicSum<1>(
        count, [&](int64_t begin, int64_t end, cpu::LaneAccumulator<1>* lanes) {
          for (int64_t i = begin; i < end; ++i) {
            lanes->Add({terms[static_cast<size_t>(i)]});
          }
        });
    EXPECT_EQ(Bits(got), Bits(per_index[0])) << count << " terms from " << terms[0];
  }
}

// The form whose kernels add their terms into the lanes themselves: lane k % 8 of each block, in order, as the
// documented grouping has it; the same bits for every count and thread count, blocks aligned and visited once.
TEST(DeterministicSumTest, LaneSumEqualsTheDocumentedGroupingBitForBit) {
  const int64_t counts[] = {0, 1, 7, 9, 2047, 2048, 2049, 3 * 2048 + 5, 64 * 2048, 64 * 2048 + 1, 3 * 64 * 2048 + 99};
  for (int threads : {1, 2, 3}) {
    ASSERT_EQ(cpu::SetKernelThreads("test", threads).ok(), true);
    for (int64_t count : counts) {
      SCOPED_TRACE("count " + std::to_string(count) + ", threads " + std::to_string(threads));
      const std::vector<double> terms = WildTerms(count, static_cast<uint32_t>(count) + 11);
      std::vector<int> visits(static_cast<size_t>(count), 0);
      std::mutex mu;
      bool blocks_aligned = true;
      const double got = cpu::DeterministicLaneSum(count, [&](int64_t begin, int64_t end, double* lanes) {
        std::lock_guard<std::mutex> lock(mu);
        blocks_aligned = blocks_aligned && begin % kBlock == 0 && (end - begin == kBlock || end == count);
        for (int64_t i = begin; i < end; ++i) {
          ++visits[static_cast<size_t>(i)];
          lanes[(i - begin) % cpu::kSumLanes] += terms[static_cast<size_t>(i)];
        }
      });
      EXPECT_EQ(Bits(got), Bits(DocumentedSum(terms))) << got << " vs " << DocumentedSum(terms);
      EXPECT_TRUE(blocks_aligned);
      EXPECT_TRUE(std::all_of(visits.begin(), visits.end(), [](int v) { return v == 1; }));
    }
  }
  ASSERT_EQ(cpu::SetKernelThreads("test", 0).ok(), true);
  // The lanes start at +0, as LaneAccumulator's: a block of -0 terms totals +0.
  const std::vector<double> negative_zeros(2048 + 3, -0.0);
  const double zero = cpu::DeterministicLaneSum(static_cast<int64_t>(negative_zeros.size()),
                                                [&](int64_t begin, int64_t end, double* lanes) {
                                                  for (int64_t i = begin; i < end; ++i) {
                                                    lanes[(i - begin) % cpu::kSumLanes] += -0.0;
                                                  }
                                                });
  EXPECT_EQ(Bits(zero), Bits(DocumentedSum(negative_zeros)));
}

// The same with full blocks taken two at a time (here the second block's terms added first, to show that the
// interleaving is free): the same bits, every index visited once, pairs only of aligned full blocks.
TEST(DeterministicSumTest, LanePairSumEqualsTheDocumentedGroupingBitForBit) {
  const int64_t counts[] = {1, 2049, 2 * 2048, 3 * 2048 + 5, 64 * 2048 + 1, 65 * 2048, 3 * 64 * 2048 + 99};
  for (int threads : {1, 2, 3}) {
    ASSERT_EQ(cpu::SetKernelThreads("test", threads).ok(), true);
    for (int64_t count : counts) {
      SCOPED_TRACE("count " + std::to_string(count) + ", threads " + std::to_string(threads));
      const std::vector<double> terms = WildTerms(count, static_cast<uint32_t>(count) + 5);
      std::vector<int> visits(static_cast<size_t>(count), 0);
      std::mutex mu;
      bool pairs_aligned = true;
      auto add = [&](int64_t begin, int64_t end, double* lanes) {
        for (int64_t i = begin; i < end; ++i) {
          ++visits[static_cast<size_t>(i)];
          lanes[(i - begin) % cpu::kSumLanes] += terms[static_cast<size_t>(i)];
        }
      };
      const double got = cpu::DeterministicLaneSum(
          count,
          [&](int64_t begin, int64_t end, double* lanes) {
            std::lock_guard<std::mutex> lock(mu);
            add(begin, end, lanes);
          },
          [&](int64_t begin, double* lanes_a, double* lanes_b) {
            std::lock_guard<std::mutex> lock(mu);
            pairs_aligned = pairs_aligned && begin % (2 * kBlock) == 0 && begin + 2 * kBlock <= count;
            add(begin + kBlock, begin + 2 * kBlock, lanes_b);
            add(begin, begin + kBlock, lanes_a);
          });
      EXPECT_EQ(Bits(got), Bits(DocumentedSum(terms))) << got << " vs " << DocumentedSum(terms);
      EXPECT_TRUE(pairs_aligned);
      EXPECT_TRUE(std::all_of(visits.begin(), visits.end(), [](int v) { return v == 1; }));
    }
  }
  ASSERT_EQ(cpu::SetKernelThreads("test", 0).ok(), true);
}

TEST(DeterministicSumTest, ErrorWithinTheDocumentedBound) {
  // Positive terms: the bound (2048 / 8 + 3 + log2(blocks)) * 2^-53 * sum|t| against a compensated sum.
  const int64_t count = 1 << 22;
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> draw(0.0, 1.0);
  std::vector<double> terms(static_cast<size_t>(count));
  double sum = 0;
  double correction = 0;
  for (double& term : terms) {
    term = draw(rng);
    const double next = sum + term;
    correction += std::fabs(sum) >= std::fabs(term) ? (sum - next) + term : (term - next) + sum;
    sum = next;
  }
  const double exact = sum + correction;
  const std::array<double, 1> got = cpu::DeterministicSum<1>(
      count, [&](int64_t begin, int64_t end, cpu::LaneAccumulator<1>* lanes) {
        for (int64_t i = begin; i < end; ++i) {
          lanes->Add({terms[static_cast<size_t>(i)]});
        }
      });
  const double bound = (2048.0 / 8 + 3 + 11) * std::ldexp(1.0, -53) * exact;
  EXPECT_LE(std::fabs(got[0] - exact), bound);
}

// Doubles that sit where rounding through float with round-to-nearest goes wrong: just above or below a midpoint
// of the 16-bit format, by less than half a float ulp.
std::vector<double> RoundingTraps(bool half, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<uint32_t> pattern(0, 0x7bff);
  std::vector<double> values;
  for (int i = 0; i < 20000; ++i) {
    const uint16_t bits = static_cast<uint16_t>(pattern(rng) & (half ? 0x7fffu : 0x7f7fu));
    const double low = half ? FromHalfBits(bits) : FromBf16Bits(bits);
    const double high = half ? FromHalfBits(static_cast<uint16_t>(bits + 1)) : FromBf16Bits(static_cast<uint16_t>(bits + 1));
    if (!std::isfinite(low) || !std::isfinite(high)) {
      continue;
    }
    const double midpoint = low + (high - low) / 2;
    const double nudge = (high - low) * std::ldexp(1.0, -30);
    for (double value : {midpoint, midpoint + nudge, midpoint - nudge, low, low + nudge}) {
      values.push_back(value);
      values.push_back(-value);
    }
  }
  // Around the top of the range, beyond float, and tiny values.
  for (double value : {65504.0, 65519.99, 65520.0, 1e10, 3.4e38, 3.4028235e38, 3.5e38, 1e300, 5.96e-8, 2.98e-8,
                       2.9802322387695312e-08, 2.9802322387695313e-08, 1e-40, 1e-300, 0.0}) {
    values.push_back(value);
    values.push_back(-value);
  }
  return values;
}

TEST(RoundOnceTest, SixteenBitStoresRoundOnceFromDouble) {
  for (double value : RoundingTraps(true, 1)) {
    char stored[2];
    cpu::StoreFromDouble<Float16>(stored, value);
    uint16_t bits;
    std::memcpy(&bits, stored, sizeof(bits));
    ASSERT_EQ(bits, ToHalfBits(value)) << "FLOAT16 of " << value;
  }
  for (double value : RoundingTraps(false, 2)) {
    char stored[2];
    cpu::StoreFromDouble<BFloat16>(stored, value);
    uint16_t bits;
    std::memcpy(&bits, stored, sizeof(bits));
    ASSERT_EQ(bits, ToBf16Bits(value)) << "BFLOAT16 of " << value;
  }
}

TEST(RoundOnceTest, StoreReturnsTheStoredValue) {
  char stored[4];
  EXPECT_EQ(cpu::StoreRoundedOnce(ACL_FLOAT16, stored, 70000.0), INFINITY);
  EXPECT_EQ(cpu::StoreRoundedOnce(ACL_BF16, stored, 3.0), 3.0);
  EXPECT_EQ(cpu::StoreRoundedOnce(ACL_FLOAT, stored, 0.1), static_cast<double>(0.1f));
  EXPECT_TRUE(std::isnan(cpu::StoreRoundedOnce(ACL_FLOAT16, stored, NAN)));
}

}  // namespace
}  // namespace openaclnn::test
