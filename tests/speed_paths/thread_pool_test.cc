// The kernel thread pool: ParallelFor's static partition, real concurrency, inline fallback when the pool is
// busy (nested or concurrent callers), many callers at once never deadlocking, the grain policy and the merging
// of parallel chunks' first faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include "backend/cpu/first_fault.h"
#include "backend/cpu/parallel.h"
#include "backend/cpu/thread_pool.h"

namespace openaclnn::cpu {
namespace {

class ThreadCount {
 public:
  explicit ThreadCount(int threads) { EXPECT_TRUE(SetKernelThreads("test", threads).ok()); }
  ~ThreadCount() { EXPECT_TRUE(SetKernelThreads("test", 0).ok()); }
};

std::vector<std::pair<int64_t, int64_t>> Chunks(int64_t count, int64_t grain) {
  std::mutex mu;
  std::vector<std::pair<int64_t, int64_t>> chunks;
  ParallelFor(count, grain, [&](int64_t begin, int64_t end) {
    std::lock_guard<std::mutex> lock(mu);
    chunks.emplace_back(begin, end);
  });
  std::sort(chunks.begin(), chunks.end());
  return chunks;
}

TEST(ThreadPoolTest, StaticPartitionCoversTheRangeOnce) {
  for (int threads = 1; threads <= 5; ++threads) {
    ThreadCount scoped(threads);
    for (int64_t count : {int64_t{1}, int64_t{2}, int64_t{7}, int64_t{100}, int64_t{1001}}) {
      for (int64_t grain : {int64_t{1}, int64_t{3}, int64_t{50}, int64_t{2000}}) {
        const auto chunks = Chunks(count, grain);
        const int64_t expected_parts = std::max<int64_t>(1, std::min<int64_t>(threads, count / grain));
        ASSERT_EQ(static_cast<int64_t>(chunks.size()), expected_parts) << count << " " << grain << " " << threads;
        int64_t next = 0;
        int64_t smallest = count;
        int64_t largest = 0;
        for (const auto& [begin, end] : chunks) {
          EXPECT_EQ(begin, next);
          EXPECT_LT(begin, end);
          smallest = std::min(smallest, end - begin);
          largest = std::max(largest, end - begin);
          next = end;
        }
        EXPECT_EQ(next, count);
        EXPECT_LE(largest - smallest, 1);  // As equal as possible.
        if (chunks.size() > 1) {
          EXPECT_GE(smallest, grain);
        }
      }
    }
  }
}

TEST(ThreadPoolTest, EmptyRangeCallsNothing) {
  ThreadCount scoped(4);
  int calls = 0;
  ParallelFor(0, 1, [&](int64_t, int64_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(ThreadPoolTest, PartsRunOnDistinctThreads) {
  ThreadCount scoped(3);
  std::mutex mu;
  std::set<std::thread::id> ids;
  std::atomic<int> arrived{0};
  ParallelFor(3, 1, [&](int64_t, int64_t) {
    {
      std::lock_guard<std::mutex> lock(mu);
      ids.insert(std::this_thread::get_id());
    }
    // Every part waits for the others: this only finishes if the three run at the same time.
    arrived.fetch_add(1);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (arrived.load() < 3 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::yield();
    }
  });
  EXPECT_EQ(arrived.load(), 3);
  EXPECT_EQ(ids.size(), 3u);
  EXPECT_EQ(ids.count(std::this_thread::get_id()), 1u);  // The caller runs a part itself.
  EXPECT_GE(ThreadPool::Get().WorkerCount(), 2);
}

// A worker woken for a job whose parts the caller had all taken may get a CPU only after the next job started.
// It must not take part in that one: a two-thread job runs on its caller and the first worker, never on a third
// thread. Eight-part jobs of no work leave stale workers behind; the two-part jobs after them sleep, so that a
// stale worker would find a part free.
TEST(ThreadPoolTest, WorkersWokenLateNeverJoinALaterJob) {
  ThreadCount restore_default(8);
  std::set<std::thread::id> helpers;  // Threads other than the caller that ran a part of a two-part job.
  for (int round = 0; round < 200; ++round) {
    ASSERT_TRUE(SetKernelThreads("test", 8).ok());
    ParallelFor(8, 1, [](int64_t, int64_t) {});
    ASSERT_TRUE(SetKernelThreads("test", 2).ok());
    const std::thread::id caller = std::this_thread::get_id();
    std::mutex mu;
    ParallelFor(2, 1, [&](int64_t, int64_t) {
      if (std::this_thread::get_id() != caller) {
        std::lock_guard<std::mutex> lock(mu);
        helpers.insert(std::this_thread::get_id());
      }
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    });
  }
  EXPECT_LE(helpers.size(), 1u);
}

TEST(ThreadPoolTest, NestedCallRunsInline) {
  ThreadCount scoped(2);
  std::atomic<int> inner_calls{0};
  std::atomic<bool> inline_everywhere{true};
  ParallelFor(2, 1, [&](int64_t, int64_t) {
    const std::thread::id outer = std::this_thread::get_id();
    ParallelFor(100, 1, [&](int64_t begin, int64_t end) {
      inner_calls.fetch_add(1);
      if (std::this_thread::get_id() != outer || begin != 0 || end != 100) {
        inline_everywhere = false;
      }
    });
  });
  EXPECT_EQ(inner_calls.load(), 2);
  EXPECT_TRUE(inline_everywhere.load());
}

TEST(ThreadPoolTest, ConcurrentCallersNeverDeadlockAndStayCorrect) {
  ThreadCount scoped(4);
  constexpr int kCallers = 4;
  constexpr int kRounds = 300;
  std::atomic<int> wrong{0};
  std::vector<std::thread> callers;
  for (int c = 0; c < kCallers; ++c) {
    callers.emplace_back([&wrong, c] {
      for (int round = 0; round < kRounds; ++round) {
        const int64_t count = 1000 + 37 * c + round;
        std::vector<std::atomic<int>> hits(static_cast<size_t>(count));
        ParallelFor(count, 10, [&](int64_t begin, int64_t end) {
          for (int64_t i = begin; i < end; ++i) {
            hits[static_cast<size_t>(i)].fetch_add(1);
          }
        });
        for (const auto& hit : hits) {
          if (hit.load() != 1) {
            wrong.fetch_add(1);
          }
        }
      }
    });
  }
  for (std::thread& caller : callers) {
    caller.join();
  }
  EXPECT_EQ(wrong.load(), 0);
}

TEST(ThreadPoolTest, ThreadCountLimits) {
  EXPECT_FALSE(SetKernelThreads("openaclnnSetNumThreads", -1).ok());
  EXPECT_FALSE(SetKernelThreads("openaclnnSetNumThreads", kMaxKernelThreads + 1).ok());
  EXPECT_EQ(SetKernelThreads("openaclnnSetNumThreads", -1).code(), 100000);
  EXPECT_TRUE(SetKernelThreads("openaclnnSetNumThreads", 7).ok());
  EXPECT_EQ(KernelThreads(), 7);
  EXPECT_TRUE(SetKernelThreads("openaclnnSetNumThreads", 0).ok());
  EXPECT_EQ(KernelThreads(), DefaultKernelThreads());
  EXPECT_GE(DefaultKernelThreads(), 1);
}

TEST(ThreadPoolTest, GrainKeepsSmallWorkOnOneThread) {
  EXPECT_EQ(GrainForBytes(4), kMinParallelBytes / 4);
  EXPECT_EQ(GrainForBytes(kMinParallelBytes * 3), 1);
  ThreadCount scoped(4);
  EXPECT_EQ(Chunks(kMinParallelBytes / 4, GrainForBytes(4)).size(), 1u);   // 512 KiB of floats: one thread.
  EXPECT_EQ(Chunks(kMinParallelBytes, GrainForBytes(4)).size(), 4u);       // 2 MiB: four.
}

TEST(ThreadPoolTest, TranscendentalsMakeComputeBoundWorkSplitSooner) {
  // Two logarithms per float element weigh as 4 + 2 * 16 bytes.
  EXPECT_EQ(GrainForBytes(4, 2), (kMinParallelBytes + 35) / 36);
  EXPECT_LT(GrainForBytes(4, 2), GrainForBytes(4));
  EXPECT_EQ(GrainForBytes(0, 1), kMinParallelBytes / kBytesPerTranscendental);
  EXPECT_EQ(GrainForBytes(0), kMinParallelBytes);   // No stated work: as if one byte.
  EXPECT_EQ(GrainForBytes(-8, -1), kMinParallelBytes);
}

// Chunks note faults at positions in any order; the merge keeps the lowest position and its value, whatever the
// thread count, so a report names the same element every time.
TEST(FirstFaultTest, MergeKeepsTheLowestIndexOverConcurrentChunks) {
  FirstFault<int64_t> none;
  EXPECT_FALSE(none.found());
  for (const int threads : {1, 2, 3, 8}) {
    ThreadCount scoped(threads);
    SharedFirstFault<int64_t> shared;
    const int64_t count = 1 << 20;
    ParallelFor(count, 1 << 12, [&](int64_t begin, int64_t end) {
      FirstFault<int64_t> local;
      for (int64_t i = end - 1; i >= begin; --i) {  // Backwards: the first note is not the lowest.
        if (i % 1000 == 777 && i > 5000) {
          local.Note(i, -i);
        }
      }
      shared.Merge(local);
    });
    ASSERT_TRUE(shared.first().found()) << threads;
    EXPECT_EQ(shared.first().index, 5777) << threads;
    EXPECT_EQ(shared.first().value, -5777) << threads;
  }
  SharedFirstFault<double> empty;
  empty.Merge(FirstFault<double>{});
  EXPECT_FALSE(empty.first().found());
}

}  // namespace
}  // namespace openaclnn::cpu
