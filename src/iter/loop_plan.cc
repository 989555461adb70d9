#include "iter/loop_plan.h"

#include <utility>

namespace openaclnn::iter {

LoopPlanBuilder::LoopPlanBuilder(const int64_t* shape, int64_t rank) : rank_(static_cast<int>(rank)) {
  for (int d = 0; d < rank_; ++d) {
    shape_[d] = shape[d];
  }
}

OperandView AsColumn(const OperandView& view, ColumnStorage* storage) {
  for (int64_t d = 0; d < view.rank; ++d) {
    storage->dims[d] = view.dims[d];
    storage->strides[d] = view.strides[d];
  }
  storage->dims[view.rank] = 1;
  storage->strides[view.rank] = 0;
  OperandView column = view;
  column.rank = view.rank + 1;
  column.dims = storage->dims;
  column.strides = storage->strides;
  return column;
}

int LoopPlanBuilder::AddOperand(const OperandView& view) {
  const int index = noperands_++;
  base_[index] = view.base;
  const int64_t leading = rank_ - view.rank;  // Right alignment: the view's dims fill the last positions.
  for (int d = 0; d < rank_; ++d) {
    const int64_t source = d - leading;
    // A dimension of fewer than two elements never steps (a broadcast one, a size-1 one, an empty one), and the
    // extent check leaves its stride unbounded: its product with the element size could overflow.
    const bool steps = source >= 0 && view.dims[source] > 1;
    byte_strides_[index][d] = steps ? view.strides[source] * view.element_bytes : 0;
  }
  return index;
}

LoopPlan LoopPlanBuilder::Build(DimPolicy policy) const {
  LoopPlan plan;
  plan.noperands = noperands_;
  for (int k = 0; k < noperands_; ++k) {
    plan.base[k] = base_[k];
  }
  plan.numel = 1;
  for (int d = 0; d < rank_; ++d) {
    plan.numel *= shape_[d];
  }

  const bool coalesce = policy != DimPolicy::kKeepDims;

  // Collect dimensions innermost first.
  int order[kMaxLoopDims];
  int count = 0;
  for (int d = rank_ - 1; d >= 0; --d) {
    if (!coalesce || shape_[d] != 1) {
      order[count++] = d;
    }
  }

  if (policy == DimPolicy::kReorderAndCoalesce) {
    // Stable insertion sort: a dimension moves inward when the output (then each input in turn) steps through
    // memory by a smaller stride along it. Broadcast (zero) strides do not decide.
    auto inner_first = [this](int a, int b) {
      for (int k = 0; k < noperands_; ++k) {
        const int64_t sa = byte_strides_[k][a];
        const int64_t sb = byte_strides_[k][b];
        if (sa == 0 || sb == 0 || sa == sb) {
          continue;
        }
        return sa < sb;
      }
      return false;
    };
    for (int i = 1; i < count; ++i) {
      for (int j = i; j > 0 && inner_first(order[j], order[j - 1]); --j) {
        std::swap(order[j], order[j - 1]);
      }
    }
  }

  plan.ndim = 0;
  for (int i = 0; i < count; ++i) {
    const int d = order[i];
    if (coalesce && plan.ndim > 0) {
      const int last = plan.ndim - 1;
      bool mergeable = true;
      for (int k = 0; k < noperands_ && mergeable; ++k) {
        // The merged span may pass int64 where the last dimension's extent did not (it adds one stride).
        int64_t span = 0;
        mergeable = !__builtin_mul_overflow(plan.strides[k][last], plan.sizes[last], &span) &&
                    byte_strides_[k][d] == span;
      }
      if (mergeable) {
        plan.sizes[last] *= shape_[d];
        continue;
      }
    }
    plan.sizes[plan.ndim] = shape_[d];
    for (int k = 0; k < noperands_; ++k) {
      plan.strides[k][plan.ndim] = byte_strides_[k][d];
    }
    ++plan.ndim;
  }
  if (plan.ndim == 0) {
    // A scalar iteration: one element.
    plan.ndim = 1;
    plan.sizes[0] = 1;
    for (int k = 0; k < noperands_; ++k) {
      plan.strides[k][0] = 0;
    }
  }
  return plan;
}

}  // namespace openaclnn::iter
