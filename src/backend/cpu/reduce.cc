#include "backend/cpu/reduce.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "backend/cpu/parallel.h"

namespace openaclnn::cpu {
namespace {

// Combines values pushed in index order as an aligned binary tree (item 2i with item 2i+1, then pairs of pairs,
// ...), holding one pending subtree per binary digit of the count so far.
template <int K>
class AlignedTree {
 public:
  void Push(std::array<double, K> value) {
    // Every trailing 1 bit of the count is a finished subtree of the same size as value's: merge it.
    for (uint64_t n = count_; (n & 1u) != 0; n >>= 1) {
      const std::array<double, K>& left = pending_[--depth_];
      for (int k = 0; k < K; ++k) {
        value[k] = left[k] + value[k];
      }
    }
    pending_[depth_++] = value;
    ++count_;
  }

  // The pending subtrees added from the smallest (latest) to the largest (earliest).
  std::array<double, K> Total() const {
    std::array<double, K> total{};
    if (depth_ == 0) {
      return total;
    }
    total = pending_[depth_ - 1];
    for (int d = depth_ - 2; d >= 0; --d) {
      for (int k = 0; k < K; ++k) {
        total[k] = pending_[d][k] + total[k];
      }
    }
    return total;
  }

 private:
  std::array<double, K> pending_[64] = {};
  int depth_ = 0;
  uint64_t count_ = 0;
};

// The lanes of one block combined in LaneAccumulator's fixed tree.
double LaneTree(const double* l) { return ((l[0] + l[1]) + (l[2] + l[3])) + ((l[4] + l[5]) + (l[6] + l[7])); }

// Two lanes at once: element-wise IEEE additions (the compiler's generic vectors: SSE2 on x86-64, NEON on
// aarch64), so each lane gets exactly the additions it would get alone.
using LanePair = double __attribute__((vector_size(16)));
constexpr int kLanePairs = kSumLanes / 2;

LanePair LoadPair(const double* p) {
  LanePair pair;
  std::memcpy(&pair, p, sizeof(pair));
  return pair;
}

// The totals of two full blocks: lane l of each adds its terms l, l + kSumLanes, ... from +0 in order, exactly as
// LaneAccumulator does, but the two blocks' additions alternate, so the adder always has independent ones.
void TwoBlockTotals(const double* a, const double* b, double* total_a, double* total_b) {
  LanePair lanes_a[kLanePairs] = {};
  LanePair lanes_b[kLanePairs] = {};
  for (int64_t i = 0; i < kSumBlockTerms; i += kSumLanes) {
    for (int p = 0; p < kLanePairs; ++p) {
      lanes_a[p] += LoadPair(a + i + 2 * p);
      lanes_b[p] += LoadPair(b + i + 2 * p);
    }
  }
  double flat_a[kSumLanes];
  double flat_b[kSumLanes];
  std::memcpy(flat_a, lanes_a, sizeof(flat_a));
  std::memcpy(flat_b, lanes_b, sizeof(flat_b));
  *total_a = LaneTree(flat_a);
  *total_b = LaneTree(flat_b);
}

// Blocks [first_block, end_block) of a series of `count` terms through the aligned tree.
double SeriesChunkTotal(int64_t count, int64_t first_block, int64_t end_block, FillTermsFn fill_terms) {
  alignas(64) double terms[2][kSumBlockTerms];
  AlignedTree<1> tree;
  int64_t b = first_block;
  for (; b + 2 <= end_block && (b + 2) * kSumBlockTerms <= count; b += 2) {
    const int64_t begin = b * kSumBlockTerms;
    fill_terms(begin, begin + kSumBlockTerms, terms[0]);
    fill_terms(begin + kSumBlockTerms, begin + 2 * kSumBlockTerms, terms[1]);
    std::array<double, 1> first;
    std::array<double, 1> second;
    TwoBlockTotals(terms[0], terms[1], &first[0], &second[0]);
    tree.Push(first);
    tree.Push(second);
  }
  for (; b < end_block; ++b) {
    const int64_t begin = b * kSumBlockTerms;
    const int64_t end = std::min(count, begin + kSumBlockTerms);
    fill_terms(begin, end, terms[0]);
    LaneAccumulator<1> lanes;
    lanes.AddSeries(terms[0], end - begin);
    tree.Push(lanes.Totals());
  }
  return tree.Total()[0];
}

// Blocks [first_block, end_block) of a series of `count` terms, each added into its lanes by add_lanes, or two
// full ones at a time by add_lane_pair where there is one.
double LaneChunkTotal(int64_t count, int64_t first_block, int64_t end_block, AddLanesFn add_lanes,
                      const AddLanePairFn* add_lane_pair) {
  AlignedTree<1> tree;
  int64_t b = first_block;
  for (; add_lane_pair != nullptr && b + 2 <= end_block && (b + 2) * kSumBlockTerms <= count; b += 2) {
    double lanes_a[kSumLanes] = {};
    double lanes_b[kSumLanes] = {};
    (*add_lane_pair)(b * kSumBlockTerms, lanes_a, lanes_b);
    tree.Push({LaneTree(lanes_a)});
    tree.Push({LaneTree(lanes_b)});
  }
  for (; b < end_block; ++b) {
    const int64_t begin = b * kSumBlockTerms;
    double lanes[kSumLanes] = {};
    add_lanes(begin, std::min(count, begin + kSumBlockTerms), lanes);
    tree.Push({LaneTree(lanes)});
  }
  return tree.Total()[0];
}

// The chunk totals of a series of `count` terms through the final tree; one chunk runs on the calling thread.
template <typename ChunkTotal>
double ChunkedSum(int64_t count, const ChunkTotal& chunk_total) {
  if (count <= 0) {
    return 0.0;
  }
  const int64_t blocks = (count - 1) / kSumBlockTerms + 1;
  const int64_t chunks = (blocks - 1) / kSumChunkBlocks + 1;
  if (chunks == 1) {
    return chunk_total(0, blocks);  // One chunk: the final tree below is this total.
  }
  std::vector<std::array<double, 1>> chunk_totals(static_cast<size_t>(chunks));
  ParallelFor(chunks, 1, [&](int64_t first_chunk, int64_t end_chunk) {
    for (int64_t c = first_chunk; c < end_chunk; ++c) {
      const int64_t end_block = std::min(blocks, (c + 1) * kSumChunkBlocks);
      chunk_totals[static_cast<size_t>(c)] = {chunk_total(c * kSumChunkBlocks, end_block)};
    }
  });
  AlignedTree<1> tree;
  for (const std::array<double, 1>& total : chunk_totals) {
    tree.Push(total);
  }
  return tree.Total()[0];
}

}  // namespace

double DeterministicSeriesSum(int64_t count, FillTermsFn fill_terms) {
  return ChunkedSum(count, [&](int64_t first_block, int64_t end_block) {
    return SeriesChunkTotal(count, first_block, end_block, fill_terms);
  });
}

double DeterministicLaneSum(int64_t count, AddLanesFn add_lanes) {
  return ChunkedSum(count, [&](int64_t first_block, int64_t end_block) {
    return LaneChunkTotal(count, first_block, end_block, add_lanes, nullptr);
  });
}

double DeterministicLaneSum(int64_t count, AddLanesFn add_lanes, AddLanePairFn add_lane_pair) {
  return ChunkedSum(count, [&](int64_t first_block, int64_t end_block) {
    return LaneChunkTotal(count, first_block, end_block, add_lanes, &add_lane_pair);
  });
}

template <int K>
std::array<double, K> DeterministicSum(int64_t count, const AddTermsFn<K>& add_terms) {
  if (count <= 0) {
    return std::array<double, K>{};
  }
  const int64_t blocks = (count - 1) / kSumBlockTerms + 1;
  const int64_t chunks = (blocks - 1) / kSumChunkBlocks + 1;
  std::vector<std::array<double, K>> chunk_totals(static_cast<size_t>(chunks));
  // One chunk per task: a chunk is an aligned subtree, so its total is the same whichever thread computes it.
  ParallelFor(chunks, 1, [&](int64_t first_chunk, int64_t end_chunk) {
    for (int64_t c = first_chunk; c < end_chunk; ++c) {
      AlignedTree<K> tree;
      const int64_t end_block = std::min(blocks, (c + 1) * kSumChunkBlocks);
      for (int64_t b = c * kSumChunkBlocks; b < end_block; ++b) {
        LaneAccumulator<K> lanes;
        const int64_t begin = b * kSumBlockTerms;
        add_terms(begin, std::min(count, begin + kSumBlockTerms), &lanes);
        tree.Push(lanes.Totals());
      }
      chunk_totals[static_cast<size_t>(c)] = tree.Total();
    }
  });
  AlignedTree<K> tree;
  for (const std::array<double, K>& total : chunk_totals) {
    tree.Push(total);
  }
  return tree.Total();
}

template std::array<double, 1> DeterministicSum<1>(int64_t, const AddTermsFn<1>&);
template std::array<double, 2> DeterministicSum<2>(int64_t, const AddTermsFn<2>&);

}  // namespace openaclnn::cpu
