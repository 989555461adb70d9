#include "ops/binary_cross_entropy/binary_cross_entropy_kernel.h"

#include <algorithm>
#include <cstdint>

#include "backend/cpu/reduce_round.h"
#include "core/element.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_math.h"

namespace openaclnn::bce_forward {
namespace {

// Elements converted per step: four double buffers stay in L1, and the data type dispatch per step costs nothing.
constexpr int64_t kChunk = 256;

template <typename T>
void LoadRun(const char* source, int64_t stride, int64_t count, double* destination) {
  for (int64_t i = 0; i < count; ++i) {
    destination[i] = LoadAsFloat<T>(source + i * stride);
  }
}

// count elements, stride bytes apart (0 repeats one broadcast element), as double.
void LoadRunAsDouble(aclDataType dtype, const char* source, int64_t stride, int64_t count, double* destination) {
  switch (dtype) {
    case ACL_FLOAT16: return LoadRun<Float16>(source, stride, count, destination);
    case ACL_BF16: return LoadRun<BFloat16>(source, stride, count, destination);
    default: return LoadRun<float>(source, stride, count, destination);
  }
}

template <typename T>
void StoreRun(const double* source, int64_t count, char* destination, int64_t stride) {
  for (int64_t i = 0; i < count; ++i) {
    cpu::StoreFromDouble<T>(destination + i * stride, source[i]);
  }
}

// Rounds each value once to dtype.
void StoreRunFromDouble(aclDataType dtype, const double* source, int64_t count, char* destination, int64_t stride) {
  switch (dtype) {
    case ACL_FLOAT16: return StoreRun<Float16>(source, count, destination, stride);
    case ACL_BF16: return StoreRun<BFloat16>(source, count, destination, stride);
    default: return StoreRun<float>(source, count, destination, stride);
  }
}

// Calls consume(loss, count, row, first) for consecutive runs of at most kChunk losses of the block, in order.
template <typename Consume>
void ForEachLossRun(const iter::Block& block, const BceKernelParams& params, Consume&& consume) {
  double self[kChunk];
  double target[kChunk];
  double weight[kChunk];
  double loss[kChunk];
  for (int64_t row = 0; row < block.outer_size; ++row) {
    for (int64_t first = 0; first < block.inner_size; first += kChunk) {
      const int64_t count = std::min(kChunk, block.inner_size - first);
      auto load = [&](int slot, aclDataType dtype, double* destination) {
        const char* source = block.data[slot] + row * block.outer_stride[slot] + first * block.inner_stride[slot];
        LoadRunAsDouble(dtype, source, block.inner_stride[slot], count, destination);
      };
      load(params.self_slot, params.self_dtype, self);
      load(params.target_slot, params.target_dtype, target);
      for (int64_t i = 0; i < count; ++i) {
        loss[i] = BceLoss(self[i], target[i]);
      }
      if (params.weight_slot >= 0) {
        load(params.weight_slot, params.weight_dtype, weight);
        for (int64_t i = 0; i < count; ++i) {
          loss[i] = loss[i] * weight[i];
        }
      }
      consume(loss, count, row, first);
    }
  }
}

}  // namespace

void BceNoneReference(const iter::Block& block, const BceKernelParams& params) {
  const int slot = params.out_slot;
  ForEachLossRun(block, params, [&](const double* loss, int64_t count, int64_t row, int64_t first) {
    char* destination = block.data[slot] + row * block.outer_stride[slot] + first * block.inner_stride[slot];
    StoreRunFromDouble(params.out_dtype, loss, count, destination, block.inner_stride[slot]);
  });
}

void BceSumReference(const iter::Block& block, const BceKernelParams& params, cpu::LaneAccumulator<1>* accumulator) {
  ForEachLossRun(block, params, [&](const double* loss, int64_t count, int64_t, int64_t) {
    for (int64_t i = 0; i < count; ++i) {
      accumulator->Add({loss[i]});
    }
  });
}

}  // namespace openaclnn::bce_forward
