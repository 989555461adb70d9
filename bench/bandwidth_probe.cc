// Compiled once per Highway target (foreach_target.h); the best one for this CPU is chosen at run time.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "bandwidth_probe.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include <cstddef>
#include <cstdint>

#include "hwy/cache_control.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::bench {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// out[i] = XOR of the K inputs' words i, for i in [begin, end) (word indices, vector-aligned), four vectors per
// step so loop overhead does not hide the memory system's speed in cache.
template <int K, bool kStream>
void StreamWordsK(const uint64_t* const* inputs, uint64_t* HWY_RESTRICT out, int64_t begin, int64_t end) {
  const hn::ScalableTag<uint64_t> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  auto put = [&](int64_t i) {
    auto v = hn::Zero(d);
    for (int k = 0; k < K; ++k) {
      v = hn::Xor(v, hn::Load(d, inputs[k] + i));
    }
    if constexpr (kStream) {
      hn::Stream(v, d, out + i);
    } else {
      hn::Store(v, d, out + i);
    }
  };
  int64_t i = begin;
  for (; i + 4 * lanes <= end; i += 4 * lanes) {
    put(i);
    put(i + lanes);
    put(i + 2 * lanes);
    put(i + 3 * lanes);
  }
  for (; i + lanes <= end; i += lanes) {
    put(i);
  }
  if constexpr (kStream) {
    hwy::FlushStream();
  }
}

template <int K>
void StreamWordsWith(const uint64_t* const* inputs, uint64_t* out, int64_t begin, int64_t end, bool stream) {
  if (stream) {
    StreamWordsK<K, true>(inputs, out, begin, end);
  } else {
    StreamWordsK<K, false>(inputs, out, begin, end);
  }
}

void StreamWords(const uint64_t* const* inputs, int count, uint64_t* out, int64_t begin, int64_t end, bool stream) {
  switch (count) {
    case 0: return StreamWordsWith<0>(inputs, out, begin, end, stream);
    case 1: return StreamWordsWith<1>(inputs, out, begin, end, stream);
    case 2: return StreamWordsWith<2>(inputs, out, begin, end, stream);
    case 3: return StreamWordsWith<3>(inputs, out, begin, end, stream);
    default: return StreamWordsWith<4>(inputs, out, begin, end, stream);
  }
}

const char* TargetName() { return hwy::TargetName(HWY_TARGET); }

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::bench
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <atomic>
#include <chrono>
#include <thread>

#include "bandwidth_probe.h"

namespace openaclnn::bench {
HWY_EXPORT(StreamWords);
HWY_EXPORT(TargetName);

const char* ProbeTarget() { return HWY_DYNAMIC_DISPATCH(TargetName)(); }

std::vector<double> RunProbe(const ProbeArrays& arrays, bool streaming_stores, int threads, int repetitions) {
  const uint64_t* inputs[4] = {};
  const int count = static_cast<int>(arrays.inputs.size());
  for (int k = 0; k < count; ++k) {
    inputs[k] = static_cast<const uint64_t*>(arrays.inputs[k]);
  }
  uint64_t* out = static_cast<uint64_t*>(arrays.output);
  const int64_t words = arrays.bytes / 8;
  // Split at 64-byte lines so every part stays vector-aligned.
  auto bound = [&](int part) { return words / 8 * part / threads * 8; };
  auto bound_end = [&](int part) { return part + 1 == threads ? words : bound(part + 1); };

  std::vector<double> seconds(static_cast<size_t>(repetitions));
  std::atomic<int> arrived{0};
  std::atomic<int> generation{0};
  // Every thread runs each repetition between two barriers; thread 0 times it.
  auto barrier = [&]() {
    const int my_generation = generation.load(std::memory_order_acquire);
    if (arrived.fetch_add(1, std::memory_order_acq_rel) + 1 == threads) {
      arrived.store(0, std::memory_order_relaxed);
      generation.store(my_generation + 1, std::memory_order_release);
    } else {
      while (generation.load(std::memory_order_acquire) == my_generation) {
      }
    }
  };
  auto body = [&](int part) {
    for (int r = 0; r < repetitions; ++r) {
      barrier();
      const auto start = std::chrono::steady_clock::now();
      HWY_DYNAMIC_DISPATCH(StreamWords)(inputs, count, out, bound(part), bound_end(part), streaming_stores);
      barrier();
      if (part == 0) {
        seconds[static_cast<size_t>(r)] =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      }
    }
  };
  std::vector<std::thread> helpers;
  for (int part = 1; part < threads; ++part) {
    helpers.emplace_back(body, part);
  }
  body(0);
  for (std::thread& helper : helpers) {
    helper.join();
  }
  return seconds;
}

}  // namespace openaclnn::bench
#endif  // HWY_ONCE
