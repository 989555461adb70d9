#include "ops/nll_loss/nll_loss_kernel.h"

#include "backend/cpu/reduce_round.h"
#include "core/element.h"

namespace openaclnn::nll_forward {
namespace {

// The loss and weight of one row; false (and nothing to add) when the row does not count.
template <typename TargetT, typename InT>
inline bool RowTerms(const char* target_address, const char* row, int64_t row_index, const NllRowParams& params,
                     TargetFault* fault, double* loss, double* weight) {
  const int64_t target = LoadAsIndex<TargetT>(target_address);
  if (target == params.ignore_index) {
    return false;
  }
  if (target < 0 || target >= params.classes) {
    fault->Note(row_index, target);
    return false;
  }
  const double w = LoadAsFloat<InT>(params.weight + target * params.weight_stride);
  const double x = LoadAsFloat<InT>(row + target * params.class_stride);
  *weight = w;
  *loss = -(w * x);
  return true;
}

template <typename TargetT, typename InT, typename OutT>
void NllNoneReference(const iter::Block& block, const NllRowParams& params, TargetFault* fault) {
  for (int64_t i = 0; i < block.inner_size; ++i) {
    double loss = 0.0;
    double weight = 0.0;
    RowTerms<TargetT, InT>(block.data[kTargetOperand] + i * block.inner_stride[kTargetOperand],
                           block.data[kSelfRowOperand] + i * block.inner_stride[kSelfRowOperand],
                           block.inner_index + i, params, fault, &loss, &weight);
    cpu::StoreFromDouble<OutT>(block.data[kOutOperand] + i * block.inner_stride[kOutOperand], loss);
  }
}

template <typename TargetT, typename InT>
void NllSumReference(const iter::Block& block, const NllRowParams& params, cpu::LaneAccumulator<2>* accumulator,
                     TargetFault* fault) {
  for (int64_t i = 0; i < block.inner_size; ++i) {
    double loss = 0.0;
    double weight = 0.0;
    RowTerms<TargetT, InT>(block.data[kTargetOperand] + i * block.inner_stride[kTargetOperand],
                           block.data[kSelfRowOperand] + i * block.inner_stride[kSelfRowOperand],
                           block.inner_index + i, params, fault, &loss, &weight);
    // A row that does not count still takes its lane, so the grouping depends on the index alone.
    accumulator->Add({loss, weight});
  }
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
