#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_kernel.h"

#include <algorithm>
#include <cstdint>

#include "core/element.h"
#include "core/nan.h"
#include "ops/binary_cross_entropy_backward/binary_cross_entropy_backward_math.h"

namespace openaclnn::bce {
namespace {

// Elements converted per step: small enough for five float buffers to stay in L1, large enough that the data
// type dispatch per step costs nothing.
constexpr int64_t kChunk = 256;

template <typename T>
void LoadRun(const char* source, int64_t stride, int64_t count, float* destination) {
  for (int64_t i = 0; i < count; ++i) {
    destination[i] = LoadAsFloat<T>(source + i * stride);
  }
}

// count elements, stride bytes apart (0 repeats one broadcast element), as float.
void LoadRunAsFloat(aclDataType dtype, const char* source, int64_t stride, int64_t count, float* destination) {
  switch (dtype) {
    case ACL_FLOAT16: return LoadRun<Float16>(source, stride, count, destination);
    case ACL_BF16: return LoadRun<BFloat16>(source, stride, count, destination);
    default: return LoadRun<float>(source, stride, count, destination);
  }
}

template <typename T>
void StoreRun(const float* source, int64_t count, char* destination, int64_t stride) {
  for (int64_t i = 0; i < count; ++i) {
    StoreFromFloat<T>(destination + i * stride, source[i]);
  }
}

// Rounds each value once to dtype.
void StoreRunFromFloat(aclDataType dtype, const float* source, int64_t count, char* destination, int64_t stride) {
  switch (dtype) {
    case ACL_FLOAT16: return StoreRun<Float16>(source, count, destination, stride);
    case ACL_BF16: return StoreRun<BFloat16>(source, count, destination, stride);
    default: return StoreRun<float>(source, count, destination, stride);
  }
}

}  // namespace

void BceBlockReference(const iter::Block& block, const BceKernelParams& params) {
  float grad[kChunk];
  float self[kChunk];
  float target[kChunk];
  float weight[kChunk];
  float out[kChunk];
  for (int64_t row = 0; row < block.outer_size; ++row) {
    for (int64_t first = 0; first < block.inner_size; first += kChunk) {
      const int64_t count = std::min(kChunk, block.inner_size - first);
      auto address = [&](int slot) {
        return block.data[slot] + row * block.outer_stride[slot] + first * block.inner_stride[slot];
      };
      auto load = [&](int slot, float* destination) {
        LoadRunAsFloat(params.dtype[slot], address(slot), block.inner_stride[slot], count, destination);
      };
      load(kGradOperand, grad);
      load(kSelfOperand, self);
      load(kTargetOperand, target);
      for (int64_t i = 0; i < count; ++i) {
        out[i] = BceGradient(grad[i], self[i], target[i]);
      }
      if (params.has_weight) {
        load(kWeightOperand, weight);
        for (int64_t i = 0; i < count; ++i) {
          out[i] = out[i] * weight[i];
        }
      }
      if (params.mean) {
        for (int64_t i = 0; i < count; ++i) {
          out[i] = out[i] * params.mean_scale;
        }
      }
      for (int64_t i = 0; i < count; ++i) {
        out[i] = CanonicalizeNan(out[i]);  // Same NaN bits on every path (core/nan.h).
      }
      StoreRunFromFloat(params.dtype[kOutOperand], out, count, address(kOutOperand), block.inner_stride[kOutOperand]);
    }
  }
}

BceBlockKernel SelectBceBlockKernel(const BceKernelParams& params) {
  (void)params;  // Only the reference kernel exists so far; it covers every combination.
  return &BceBlockReference;
}

}  // namespace openaclnn::bce
