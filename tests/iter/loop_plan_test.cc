// The iteration engine's dimension policies: kCoalesceInLogicalOrder must visit exactly the elements, in exactly
// the order, that the uncoalesced kKeepDims plan visits (row-major over the iteration shape), whatever the
// operands' strides, while still merging what can be merged. The forward losses' deterministic sums rely on it.
// And AsColumn, with which NLL views its per-row operands.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "iter/loop_plan.h"

namespace openaclnn::iter {
namespace {

constexpr int64_t kElementBytes = 4;

// A strided operand: only the offsets from its base that the walk forms are compared.
struct Strided {
  std::vector<int64_t> dims;
  std::vector<int64_t> strides;  // Elements.

  OperandView View(char* base) const {
    OperandView view;
    view.base = base;
    view.element_bytes = kElementBytes;
    view.rank = static_cast<int64_t>(dims.size());
    view.dims = dims.data();
    view.strides = strides.data();
    return view;
  }
};

// Memory for every operand, large enough for the views below, so that every address the walk forms is a valid
// one; distinct per operand, so that a mix-up between operands shows. Never read.
char operand_memory[kMaxOperands][1024];

LoopPlan PlanOf(const std::vector<int64_t>& shape, const std::vector<Strided>& operands, DimPolicy policy) {
  LoopPlanBuilder builder(shape.data(), static_cast<int64_t>(shape.size()));
  for (size_t k = 0; k < operands.size(); ++k) {
    builder.AddOperand(operands[k].View(operand_memory[k]));
  }
  return builder.Build(policy);
}

// The element offsets (in elements from each base) that ForEachBlock visits over [begin, end), in order;
// element i of operand k is at [i * noperands + k].
std::vector<int64_t> Visits(const LoopPlan& plan, int64_t begin, int64_t end) {
  std::vector<int64_t> offsets;
  ForEachBlock(plan, begin, end, [&](const Block& block) {
    for (int64_t j = 0; j < block.outer_size; ++j) {
      for (int64_t i = 0; i < block.inner_size; ++i) {
        for (int k = 0; k < plan.noperands; ++k) {
          const char* element = block.data[k] + i * block.inner_stride[k] + j * block.outer_stride[k];
          offsets.push_back((element - operand_memory[k]) / kElementBytes);
        }
      }
    }
  });
  return offsets;
}

// A contiguous (row-major) operand of the given dims.
Strided Contiguous(const std::vector<int64_t>& dims) {
  Strided operand{dims, std::vector<int64_t>(dims.size())};
  int64_t stride = 1;
  for (size_t d = dims.size(); d-- > 0;) {
    operand.strides[d] = stride;
    stride *= dims[d];
  }
  return operand;
}

// An operand of `dims` whose memory holds dimension order[0] outermost and order.back() innermost.
Strided InMemoryOrder(const std::vector<int64_t>& dims, const std::vector<int>& order) {
  Strided operand{dims, std::vector<int64_t>(dims.size())};
  int64_t stride = 1;
  for (size_t i = order.size(); i-- > 0;) {
    operand.strides[order[i]] = stride;
    stride *= dims[order[i]];
  }
  return operand;
}

// The same elements in the same order as the uncoalesced plan, from every starting point of a split.
void ExpectLogicalOrder(const std::vector<int64_t>& shape, const std::vector<Strided>& operands) {
  const LoopPlan logical = PlanOf(shape, operands, DimPolicy::kKeepDims);
  const LoopPlan coalesced = PlanOf(shape, operands, DimPolicy::kCoalesceInLogicalOrder);
  ASSERT_EQ(coalesced.numel, logical.numel);
  EXPECT_LE(coalesced.ndim, logical.ndim);
  const std::vector<int64_t> expected = Visits(logical, 0, logical.numel);
  ASSERT_EQ(expected, Visits(coalesced, 0, coalesced.numel));
  for (int64_t split = 1; split < coalesced.numel; ++split) {
    std::vector<int64_t> pieces = Visits(coalesced, 0, split);
    const std::vector<int64_t> rest = Visits(coalesced, split, coalesced.numel);
    pieces.insert(pieces.end(), rest.begin(), rest.end());
    ASSERT_EQ(expected, pieces) << "split at " << split;
  }
}

TEST(LoopPlanTest, TransposedInputKeepsLogicalOrder) {
  // A (3, 4) transpose of a contiguous (4, 3) tensor: memory order runs down the columns.
  const std::vector<int64_t> shape = {3, 4};
  const std::vector<Strided> operands = {InMemoryOrder(shape, {1, 0})};

  const LoopPlan reordered = PlanOf(shape, operands, DimPolicy::kReorderAndCoalesce);
  ASSERT_EQ(reordered.ndim, 1);  // Memory order: one contiguous run, the row index moving fastest.
  EXPECT_EQ(reordered.sizes[0], 12);
  EXPECT_EQ(reordered.strides[0][0], 1 * kElementBytes);

  const LoopPlan logical = PlanOf(shape, operands, DimPolicy::kCoalesceInLogicalOrder);
  ASSERT_EQ(logical.ndim, 2);
  EXPECT_EQ(logical.sizes[0], 4);  // Logical order: the last dimension stays innermost.
  EXPECT_EQ(logical.sizes[1], 3);
  EXPECT_EQ(logical.strides[0][0], 3 * kElementBytes);
  EXPECT_EQ(logical.strides[0][1], 1 * kElementBytes);
  ExpectLogicalOrder(shape, operands);
}

TEST(LoopPlanTest, LogicalOrderMergesWhatItCanWithoutReordering) {
  // (2, 3, 4) stored as (3, 4, 2): the last two dimensions are one run of stride 2, the first is innermost in
  // memory and so no neighbour of them.
  const std::vector<int64_t> shape = {2, 3, 4};
  const std::vector<Strided> operands = {InMemoryOrder(shape, {1, 2, 0})};
  const LoopPlan plan = PlanOf(shape, operands, DimPolicy::kCoalesceInLogicalOrder);
  ASSERT_EQ(plan.ndim, 2);
  EXPECT_EQ(plan.sizes[0], 12);
  EXPECT_EQ(plan.sizes[1], 2);
  EXPECT_EQ(plan.strides[0][0], 2 * kElementBytes);
  EXPECT_EQ(plan.strides[0][1], 1 * kElementBytes);
  ExpectLogicalOrder(shape, operands);
}

TEST(LoopPlanTest, LogicalOrderDropsSizeOneDimensionsAndMergesContiguousOperands) {
  const std::vector<int64_t> shape = {2, 1, 3, 1, 5};
  const std::vector<Strided> operands = {Contiguous(shape), Contiguous(shape)};
  const LoopPlan plan = PlanOf(shape, operands, DimPolicy::kCoalesceInLogicalOrder);
  ASSERT_EQ(plan.ndim, 1);
  EXPECT_EQ(plan.sizes[0], 30);
  EXPECT_EQ(plan.strides[0][0], kElementBytes);
  EXPECT_EQ(plan.strides[1][0], kElementBytes);
  ExpectLogicalOrder(shape, operands);
}

TEST(LoopPlanTest, LogicalOrderBroadcastsOperands) {
  // A row (4), a column (3, 1) and a contiguous (3, 4): the broadcast operands keep the dimensions apart.
  const std::vector<int64_t> shape = {3, 4};
  const std::vector<Strided> operands = {Contiguous(shape), Contiguous({4}), Contiguous({3, 1})};
  const LoopPlan plan = PlanOf(shape, operands, DimPolicy::kCoalesceInLogicalOrder);
  ASSERT_EQ(plan.ndim, 2);
  EXPECT_EQ(plan.strides[1][1], 0);  // The row repeats down the rows.
  EXPECT_EQ(plan.strides[2][0], 0);  // The column repeats along a row.
  ExpectLogicalOrder(shape, operands);
}

TEST(LoopPlanTest, LogicalOrderMatchesKeepDimsOverMixedLayouts) {
  const std::vector<int64_t> shape = {2, 3, 1, 4};
  const std::vector<std::vector<int>> orders = {{0, 1, 2, 3}, {3, 2, 1, 0}, {1, 0, 2, 3},
                                                {0, 3, 1, 2}, {2, 0, 3, 1}, {3, 0, 1, 2}};
  for (const std::vector<int>& self_order : orders) {
    for (const std::vector<int>& target_order : orders) {
      // weight broadcasts from the last dimension, as a per-class weight does.
      const std::vector<Strided> operands = {InMemoryOrder(shape, self_order), InMemoryOrder(shape, target_order),
                                             Contiguous({shape.back()})};
      SCOPED_TRACE(testing::PrintToString(self_order) + " / " + testing::PrintToString(target_order));
      ExpectLogicalOrder(shape, operands);
    }
  }
}

// A dimension of one element never steps, so the extent check accepts any stride on it (2^62 here, whose byte
// stride passes int64): every policy gives it a byte stride of 0 instead of forming the product.
TEST(LoopPlanTest, OneElementDimensionsIgnoreTheirStrides) {
  const std::vector<int64_t> shape = {3, 1, 2};
  const int64_t unbounded = int64_t{1} << 62;
  const std::vector<Strided> operands = {Strided{{3, 1, 2}, {2, unbounded, 1}}, Strided{{1, 1, 2}, {unbounded, unbounded, 1}}};
  for (const DimPolicy policy :
       {DimPolicy::kKeepDims, DimPolicy::kCoalesceInLogicalOrder, DimPolicy::kReorderAndCoalesce}) {
    const LoopPlan plan = PlanOf(shape, operands, policy);
    std::vector<int64_t> expected;
    for (int64_t i = 0; i < 3; ++i) {
      for (int64_t j = 0; j < 2; ++j) {
        expected.push_back(2 * i + j);
        expected.push_back(j);
      }
    }
    EXPECT_EQ(Visits(plan, 0, plan.numel), expected) << static_cast<int>(policy);
  }
}

TEST(LoopPlanTest, LogicalOrderOfAScalarIsOneElement) {
  const std::vector<int64_t> shape = {};
  const LoopPlan plan = PlanOf(shape, {Strided{}}, DimPolicy::kCoalesceInLogicalOrder);
  EXPECT_EQ(plan.ndim, 1);
  EXPECT_EQ(plan.numel, 1);
  EXPECT_EQ(plan.sizes[0], 1);
  EXPECT_EQ(Visits(plan, 0, 1), std::vector<int64_t>{0});
}

TEST(LoopPlanTest, AColumnVariesAlongRowsOnly) {
  // A per-row operand of a (3, 4) iteration with element stride 5: row r is at 5 * r for every column; a 0-D one
  // stays at 0 everywhere.
  const std::vector<int64_t> shape = {3, 4};
  const Strided rows{{3}, {5}};
  const Strided scalar{};
  ColumnStorage row_column;
  ColumnStorage scalar_column;
  LoopPlanBuilder builder(shape.data(), 2);
  builder.AddOperand(AsColumn(rows.View(operand_memory[0]), &row_column));
  builder.AddOperand(AsColumn(scalar.View(operand_memory[1]), &scalar_column));
  const LoopPlan plan = builder.Build(DimPolicy::kKeepDims);
  std::vector<int64_t> expected;
  for (int64_t r = 0; r < 3; ++r) {
    for (int64_t c = 0; c < 4; ++c) {
      expected.push_back(5 * r);
      expected.push_back(0);
    }
  }
  EXPECT_EQ(Visits(plan, 0, plan.numel), expected);
}

}  // namespace
}  // namespace openaclnn::iter
