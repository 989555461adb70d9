// Deterministic sums for the reducing kernels (the forward losses' mean and sum). The result is a fixed function
// of the terms and their order: the same bits for any thread count and any SIMD target, because the grouping of
// the additions is fixed by the index alone:
//
//   1. Indices are cut into blocks of kSumBlockTerms. Inside a block, term k (counted from the block's start) is
//      added to lane k % kSumLanes, left to right, in double; the lanes are combined as
//      ((l0 + l1) + (l2 + l3)) + ((l4 + l5) + (l6 + l7)). A vector kernel holds the lanes in registers (one
//      8-double vector, two of 4 or four of 2) and gets the same bits.
//   2. Block totals are combined by an aligned binary tree: blocks 2i and 2i+1 first, then pairs of those, and so
//      on; what is left at the end (the binary digits of the block count) is added from the smallest group to the
//      largest. Threads take whole chunks of kSumChunkBlocks blocks (an aligned subtree), so the grouping never
//      depends on how many threads there are.
//
// Error bound: with exact terms t_i, the computed total S differs from the exact sum by at most
// (kSumBlockTerms / kSumLanes + 3 + ceil(log2(blocks))) * 2^-53 * sum(|t_i|) (to first order), i.e. about
// 3.2e-14 * sum(|t_i|) for any count below 2^40. Rounding S once to float32 adds 2^-24 |S|.
#ifndef OPENACLNN_BACKEND_CPU_REDUCE_H_
#define OPENACLNN_BACKEND_CPU_REDUCE_H_

#include <array>
#include <cstdint>
#include <functional>

#include "backend/cpu/function_ref.h"

namespace openaclnn::cpu {

inline constexpr int kSumLanes = 8;
inline constexpr int64_t kSumBlockTerms = 2048;
inline constexpr int64_t kSumChunkBlocks = 64;

// The lanes of one block for K series summed side by side (e.g. NLL's losses and weights).
template <int K>
class LaneAccumulator {
 public:
  // Adds the terms of the next index, terms[k] to series k.
  void Add(const std::array<double, K>& terms) {
    for (int k = 0; k < K; ++k) {
      lanes_[k][lane_] += terms[k];
    }
    lane_ = (lane_ + 1) & (kSumLanes - 1);
  }

  // Adds `count` consecutive terms of a single series: the same additions in the same order as count calls of
  // Add. The lanes are copied into locals for the loop: through the member array the compiler must assume `terms`
  // may alias them and stores and reloads every lane on each step.
  void AddSeries(const double* terms, int64_t count) {
    static_assert(K == 1, "AddSeries adds one series");
    int64_t i = 0;
    for (; i < count && lane_ != 0; ++i) {
      Add({terms[i]});
    }
    double lanes[kSumLanes];
    for (int l = 0; l < kSumLanes; ++l) {
      lanes[l] = lanes_[0][l];
    }
    for (; i + kSumLanes <= count; i += kSumLanes) {
      for (int l = 0; l < kSumLanes; ++l) {
        lanes[l] += terms[i + l];
      }
    }
    for (int l = 0; l < kSumLanes; ++l) {
      lanes_[0][l] = lanes[l];
    }
    for (; i < count; ++i) {
      Add({terms[i]});
    }
  }

  // Each series' lanes combined in the fixed tree above.
  std::array<double, K> Totals() const {
    std::array<double, K> totals;
    for (int k = 0; k < K; ++k) {
      const double* l = lanes_[k];
      totals[k] = ((l[0] + l[1]) + (l[2] + l[3])) + ((l[4] + l[5]) + (l[6] + l[7]));
    }
    return totals;
  }

 private:
  static_assert(kSumLanes == 8, "Totals() spells out the tree of 8 lanes");
  double lanes_[K][kSumLanes] = {};
  int lane_ = 0;
};

// add_terms(begin, end, accumulator) must call accumulator->Add once per index of [begin, end), in order.
// [begin, end) is always one block (or the last, shorter one).
template <int K>
using AddTermsFn = std::function<void(int64_t begin, int64_t end, LaneAccumulator<K>* accumulator)>;

// The K totals over indices [0, count), grouped as described above; zeros when count is 0. Blocks run on the
// kernel threads (cpu::ParallelFor), so add_terms may be called concurrently for different blocks.
// Throws std::bad_alloc only when the per-chunk totals (count / 131072 entries) cannot be allocated.
template <int K>
std::array<double, K> DeterministicSum(int64_t count, const AddTermsFn<K>& add_terms);

extern template std::array<double, 1> DeterministicSum<1>(int64_t, const AddTermsFn<1>&);
extern template std::array<double, 2> DeterministicSum<2>(int64_t, const AddTermsFn<2>&);

// fill_terms(begin, end, terms) stores the terms of indices [begin, end) at terms[0, end - begin); [begin, end) is
// always one block (or the last, shorter one), and terms has room for kSumBlockTerms.
using FillTermsFn = FunctionRef<void(int64_t begin, int64_t end, double* terms)>;

// The total of one series over indices [0, count): the same grouping, so the same bits, as DeterministicSum<1>.
// Faster for a series whose terms can be written to memory a block at a time: each lane's additions wait for the
// one before, so the lanes of one block alone keep the adder idle most of the time; this sums two blocks' lanes
// side by side. Runs on the kernel threads like DeterministicSum (fill_terms may be called concurrently), and on
// the calling thread alone, allocating nothing, when count fits one chunk (kSumChunkBlocks blocks).
// Throws std::bad_alloc only when the per-chunk totals cannot be allocated.
double DeterministicSeriesSum(int64_t count, FillTermsFn fill_terms);

// add_lanes(begin, end, lanes) adds the terms of indices [begin, end) into lanes[0, kSumLanes), which start at +0:
// term begin + k into lane k % kSumLanes, in index order, exactly as LaneAccumulator::Add does; [begin, end) is
// always one block (or the last, shorter one).
using AddLanesFn = FunctionRef<void(int64_t begin, int64_t end, double* lanes)>;

// The total of one series over indices [0, count), the same grouping and bits as DeterministicSeriesSum, for a
// kernel that adds its terms into the lanes as it computes them: no block of terms is written to memory and read
// back. Threads, chunks and allocation as DeterministicSeriesSum.
double DeterministicLaneSum(int64_t count, AddLanesFn add_lanes);

// add_lane_pair(begin, lanes_a, lanes_b) does what add_lanes(begin, begin + kSumBlockTerms, lanes_a) and then
// add_lanes(begin + kSumBlockTerms, begin + 2 * kSumBlockTerms, lanes_b) do, two full blocks, both sets of lanes
// starting at +0, in whatever interleaving it likes: each lane's additions wait for the one before, so one block's
// lanes alone keep the adder idle most of the time, and a kernel can add two blocks side by side.
using AddLanePairFn = FunctionRef<void(int64_t begin, double* lanes_a, double* lanes_b)>;

// DeterministicLaneSum with the full blocks taken two at a time by add_lane_pair where a chunk has two left (the
// rest through add_lanes): the same grouping, so the same bits.
double DeterministicLaneSum(int64_t count, AddLanesFn add_lanes, AddLanePairFn add_lane_pair);

}  // namespace openaclnn::cpu

#endif  // OPENACLNN_BACKEND_CPU_REDUCE_H_
