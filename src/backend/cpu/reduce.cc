#include "backend/cpu/reduce.h"

#include <algorithm>
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

}  // namespace

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
