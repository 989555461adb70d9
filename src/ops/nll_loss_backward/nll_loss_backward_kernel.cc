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

template <typename TargetT, typename InT, typename OutT>
void NllScatterReference(const iter::Block& block, const NllKernelParams& params, class_index::TargetFault* fault) {
  for (int64_t j = 0; j < block.outer_size; ++j) {
    for (int64_t i = 0; i < block.inner_size; ++i) {
      const int64_t target = LoadAsIndex<TargetT>(block.data[kTargetOperand] + j * block.outer_stride[kTargetOperand] +
                                                  i * block.inner_stride[kTargetOperand]);
      if (target == params.ignore_index) {
        continue;
      }
      if (target < 0 || target >= params.classes) {
        fault->Note(block.linear_index + j * block.inner_size + i, target);
        continue;
      }
      const float weight = LoadAsFloat<InT>(params.weight + target * params.weight_stride);
      float value = 0.0f;
      if (params.mean) {
        value = params.mean_scale * weight;
      } else {
        const float grad = LoadAsFloat<InT>(block.data[kGradOperand] + j * block.outer_stride[kGradOperand] +
                                            i * block.inner_stride[kGradOperand]);
        value = -(grad * weight);
      }
      char* out = block.data[kOutOperand] + j * block.outer_stride[kOutOperand] + i * block.inner_stride[kOutOperand];
      StoreFromFloat<OutT>(out + target * params.class_stride, CanonicalizeNan(value));
    }
  }
}

template <bool kScatter, typename TargetT, typename InT, typename OutT>
constexpr NllBlockKernel kKernel =
    kScatter ? &NllScatterReference<TargetT, InT, OutT> : &NllBlockReference<TargetT, InT, OutT>;

template <bool kScatter, typename TargetT, typename InT>
NllBlockKernel ForOut(aclDataType out) {
  switch (out) {
    case ACL_FLOAT: return kKernel<kScatter, TargetT, InT, float>;
    case ACL_FLOAT16: return kKernel<kScatter, TargetT, InT, Float16>;
    case ACL_BF16: return kKernel<kScatter, TargetT, InT, BFloat16>;
    default: return nullptr;
  }
}

template <bool kScatter, typename TargetT>
NllBlockKernel ForInput(aclDataType input, aclDataType out) {
  switch (input) {
    case ACL_FLOAT: return ForOut<kScatter, TargetT, float>(out);
    case ACL_FLOAT16: return ForOut<kScatter, TargetT, Float16>(out);
    case ACL_BF16: return ForOut<kScatter, TargetT, BFloat16>(out);
    default: return nullptr;
  }
}

template <bool kScatter>
NllBlockKernel ForTarget(aclDataType target, aclDataType input, aclDataType out) {
  switch (target) {
    case ACL_INT64: return ForInput<kScatter, int64_t>(input, out);
    case ACL_INT32: return ForInput<kScatter, int32_t>(input, out);
    case ACL_UINT8: return ForInput<kScatter, uint8_t>(input, out);
    default: return nullptr;
  }
}

}  // namespace

NllBlockKernel SelectNllBlockKernel(aclDataType target, aclDataType input, aclDataType out) {
  return ForTarget<false>(target, input, out);
}

NllBlockKernel SelectNllScatterKernel(aclDataType target, aclDataType input, aclDataType out) {
  return ForTarget<true>(target, input, out);
}

}  // namespace openaclnn::nll
