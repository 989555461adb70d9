#include "ops/nll_loss/nll_loss_kernel.h"

#include "backend/cpu/reduce_round.h"
#include "core/element.h"

namespace openaclnn::nll_forward {
namespace {

// The loss and weight of one position; false (and nothing to add) when it does not count.
template <typename TargetT, typename InT>
inline bool RowTerms(const char* target_address, const char* row, int64_t position, const NllRowParams& params,
                     class_index::TargetFault* fault, double* loss, double* weight) {
  const int64_t target = LoadAsIndex<TargetT>(target_address);
  if (target == params.ignore_index) {
    return false;
  }
  if (target < 0 || target >= params.classes) {
    fault->Note(position, target);
    return false;
  }
  const double w = LoadAsFloat<InT>(params.weight + target * params.weight_stride);
  const double x = LoadAsFloat<InT>(row + target * params.class_stride);
  *weight = w;
  *loss = -(w * x);
  return true;
}

// Calls visit(out_address, loss, weight) for each of the block's positions in linear order, with out_address null
// when the plan has no out operand (mean, sum).
template <typename TargetT, typename InT, typename Visit>
inline void ForEachPosition(const iter::Block& block, const NllRowParams& params, bool with_out,
                            class_index::TargetFault* fault, Visit visit) {
  for (int64_t j = 0; j < block.outer_size; ++j) {
    const char* target = block.data[kTargetOperand] + j * block.outer_stride[kTargetOperand];
    const char* row = block.data[kSelfRowOperand] + j * block.outer_stride[kSelfRowOperand];
    char* out = with_out ? block.data[kOutOperand] + j * block.outer_stride[kOutOperand] : nullptr;
    const int64_t first_position = block.linear_index + j * block.inner_size;
    for (int64_t i = 0; i < block.inner_size; ++i) {
      double loss = 0.0;
      double weight = 0.0;
      RowTerms<TargetT, InT>(target + i * block.inner_stride[kTargetOperand],
                             row + i * block.inner_stride[kSelfRowOperand], first_position + i, params, fault, &loss,
                             &weight);
      visit(with_out ? out + i * block.inner_stride[kOutOperand] : nullptr, loss, weight);
    }
  }
}

template <typename TargetT, typename InT, typename OutT>
void NllNoneReference(const iter::Block& block, const NllRowParams& params, class_index::TargetFault* fault) {
  ForEachPosition<TargetT, InT>(block, params, /*with_out=*/true, fault, [](char* out, double loss, double) {
    cpu::StoreFromDouble<OutT>(out, loss);
  });
}

template <typename TargetT, typename InT>
void NllSumReference(const iter::Block& block, const NllRowParams& params, cpu::LaneAccumulator<2>* accumulator,
                     class_index::TargetFault* fault) {
  // A position that does not count still takes its lane, so the grouping depends on the index alone.
  ForEachPosition<TargetT, InT>(block, params, /*with_out=*/false, fault,
                                [accumulator](char*, double loss, double weight) { accumulator->Add({loss, weight}); });
}

template <typename TargetT, typename InT>
NllNoneKernel NoneForOut(aclDataType out) {
  switch (out) {
    case ACL_FLOAT: return &NllNoneReference<TargetT, InT, float>;
    case ACL_FLOAT16: return &NllNoneReference<TargetT, InT, Float16>;
    case ACL_BF16: return &NllNoneReference<TargetT, InT, BFloat16>;
    default: return nullptr;
  }
}

template <typename TargetT>
NllNoneKernel NoneForInput(aclDataType input, aclDataType out) {
  switch (input) {
    case ACL_FLOAT: return NoneForOut<TargetT, float>(out);
    case ACL_FLOAT16: return NoneForOut<TargetT, Float16>(out);
    case ACL_BF16: return NoneForOut<TargetT, BFloat16>(out);
    default: return nullptr;
  }
}

template <typename TargetT>
NllSumKernel SumForInput(aclDataType input) {
  switch (input) {
    case ACL_FLOAT: return &NllSumReference<TargetT, float>;
    case ACL_FLOAT16: return &NllSumReference<TargetT, Float16>;
    case ACL_BF16: return &NllSumReference<TargetT, BFloat16>;
    default: return nullptr;
  }
}

}  // namespace

NllNoneKernel SelectNllNoneKernel(aclDataType target, aclDataType input, aclDataType out) {
  switch (target) {
    case ACL_INT64: return NoneForInput<int64_t>(input, out);
    case ACL_INT32: return NoneForInput<int32_t>(input, out);
    case ACL_UINT8: return NoneForInput<uint8_t>(input, out);
    default: return nullptr;
  }
}

NllSumKernel SelectNllSumKernel(aclDataType target, aclDataType input) {
  switch (target) {
    case ACL_INT64: return SumForInput<int64_t>(input);
    case ACL_INT32: return SumForInput<int32_t>(input);
    case ACL_UINT8: return SumForInput<uint8_t>(input);
    default: return nullptr;
  }
}

}  // namespace openaclnn::nll_forward
