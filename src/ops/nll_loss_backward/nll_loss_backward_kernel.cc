#include "ops/nll_loss_backward/nll_loss_backward_kernel.h"

#include "core/element.h"
#include "core/nan.h"

namespace openaclnn::nll {
namespace {

template <typename TargetT, typename InT, typename OutT>
void NllBlockReference(const iter::Block& block, const NllKernelParams& params, class_index::TargetFault* fault) {
  const int64_t first_column = block.inner_index;
  for (int64_t r = 0; r < block.outer_size; ++r) {
    const int64_t target = LoadAsIndex<TargetT>(block.data[kTargetOperand] + r * block.outer_stride[kTargetOperand]);
    const bool ignored = target == params.ignore_index;
    const bool in_range = target >= 0 && target < params.classes;
    if (!ignored && !in_range) {
      fault->Note(block.linear_index / params.classes + r, target);  // Rows of C elements.
    }
    int64_t hit_column = -1;  // Relative to the block.
    float value = 0.0f;
    if (!ignored && in_range && target >= first_column && target < first_column + block.inner_size) {
      hit_column = target - first_column;
      const float weight =
          LoadAsFloat<InT>(block.data[kWeightOperand] + hit_column * block.inner_stride[kWeightOperand]);
      if (params.mean) {
        value = params.mean_scale * weight;
      } else {
        const float grad = LoadAsFloat<InT>(block.data[kGradOperand] + r * block.outer_stride[kGradOperand]);
        value = -(grad * weight);
      }
      value = CanonicalizeNan(value);  // Same NaN bits on every path (core/nan.h).
    }
    char* row = block.data[kOutOperand] + r * block.outer_stride[kOutOperand];
    for (int64_t i = 0; i < block.inner_size; ++i) {
      StoreFromFloat<OutT>(row + i * block.inner_stride[kOutOperand], i == hit_column ? value : 0.0f);
    }
  }
}

template <typename TargetT, typename InT>
NllBlockKernel ForOut(aclDataType out) {
  switch (out) {
    case ACL_FLOAT: return &NllBlockReference<TargetT, InT, float>;
    case ACL_FLOAT16: return &NllBlockReference<TargetT, InT, Float16>;
    case ACL_BF16: return &NllBlockReference<TargetT, InT, BFloat16>;
    default: return nullptr;
  }
}

template <typename TargetT>
NllBlockKernel ForInput(aclDataType input, aclDataType out) {
  switch (input) {
    case ACL_FLOAT: return ForOut<TargetT, float>(out);
    case ACL_FLOAT16: return ForOut<TargetT, Float16>(out);
    case ACL_BF16: return ForOut<TargetT, BFloat16>(out);
    default: return nullptr;
  }
}

}  // namespace

NllBlockKernel SelectNllBlockKernel(aclDataType target, aclDataType input, aclDataType out) {
  switch (target) {
    case ACL_INT64: return ForInput<int64_t>(input, out);
    case ACL_INT32: return ForInput<int32_t>(input, out);
    case ACL_UINT8: return ForInput<uint8_t>(input, out);
    default: return nullptr;
  }
}

}  // namespace openaclnn::nll
