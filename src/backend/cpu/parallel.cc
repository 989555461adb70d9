#include "backend/cpu/parallel.h"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <thread>

#include "acl/acl_base.h"
#include "backend/cpu/thread_pool.h"
#include "core/messages.h"
#include "runtime/env.h"

namespace openaclnn::cpu {
namespace {

int AvailableCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    const int count = CPU_COUNT(&set);
    if (count > 0) {
      return count;
    }
  }
  const unsigned hardware = std::thread::hardware_concurrency();
  return hardware > 0 ? static_cast<int>(hardware) : 1;
}

std::atomic<int> g_override_threads{0};  // 0: use the default.

}  // namespace

int DefaultKernelThreads() {
  static const int threads = [] {
    const int64_t from_env = runtime::ReadEnvInt(kNumThreadsEnv, 0);
    if (from_env >= 1) {
      return static_cast<int>(std::min<int64_t>(from_env, kMaxKernelThreads));
    }
    return std::min(AvailableCpus(), kMaxKernelThreads);
  }();
  return threads;
}

int KernelThreads() {
  const int threads = g_override_threads.load(std::memory_order_relaxed);
  return threads > 0 ? threads : DefaultKernelThreads();
}

Status SetKernelThreads(const char* api, int64_t threads) {
  if (threads < 0 || threads > kMaxKernelThreads) {
    return Status(ACL_ERROR_INVALID_PARAM,
                  msg::RuntimeError(api, "argument 'numThreads' must be in [0, " + std::to_string(kMaxKernelThreads) +
                                             "] (0 restores the default), got " + std::to_string(threads) + "."));
  }
  g_override_threads.store(static_cast<int>(threads), std::memory_order_relaxed);
  return Status::Ok();
}

int64_t GrainForBytes(int64_t bytes_per_index, int64_t transcendentals_per_index) {
  const int64_t work = std::max<int64_t>(bytes_per_index, 0) +
                       std::max<int64_t>(transcendentals_per_index, 0) * kBytesPerTranscendental;
  if (work <= 0) {
    return kMinParallelBytes;
  }
  return std::max<int64_t>(1, (kMinParallelBytes + work - 1) / work);
}

void ParallelFor(int64_t count, int64_t grain, FunctionRef<void(int64_t begin, int64_t end)> fn) {
  if (count <= 0) {
    return;
  }
  grain = std::max<int64_t>(grain, 1);
  const int64_t parts = std::min<int64_t>(KernelThreads(), count / grain);
  if (parts >= 2) {
    const int64_t base = count / parts;
    const int64_t extra = count % parts;  // The first `extra` chunks get one more index.
    auto bound = [base, extra](int64_t part) { return part * base + std::min(part, extra); };
    auto run_part = [&fn, &bound](int part) { fn(bound(part), bound(part + 1)); };
    if (ThreadPool::Get().TryRun(static_cast<int>(parts), run_part)) {
      return;
    }
  }
  fn(0, count);
}

}  // namespace openaclnn::cpu
