// Many host threads launching every operator at once (forward and backward NLL and BCE and each pointwise loss of
// the test registry, seeds picking them in turn), on their own streams, on shared streams and on the default
// stream, with every result checked against the references once synchronised.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "launch_case.h"
#include "thread_harness.h"

namespace openaclnn::test {
namespace {

constexpr int kThreads = 8;
constexpr int kCasesPerThread = 16;

uint64_t Seed(int test, int thread, int index) {
  return static_cast<uint64_t>(test) * 100000 + static_cast<uint64_t>(thread) * 1000 + static_cast<uint64_t>(index);
}

// Launches every case on stream(i) without synchronising in between.
void LaunchAll(std::vector<std::unique_ptr<LaunchCase>>& cases, const std::function<aclrtStream(int)>& stream,
               Failures& failures) {
  for (size_t i = 0; i < cases.size(); ++i) {
    const aclnnStatus status = cases[i]->Launch(stream(static_cast<int>(i)));
    if (status != 0) {
      failures.Add(cases[i]->name() + ": launch returned " + std::to_string(status) + ": " + TakeErrorMessage());
    }
  }
}

void CheckAll(const std::vector<std::unique_ptr<LaunchCase>>& cases, Failures& failures) {
  for (const auto& launched : cases) {
    const std::string mismatch = launched->Check();
    if (!mismatch.empty()) {
      failures.Add(mismatch);
    }
  }
}

std::vector<std::unique_ptr<LaunchCase>> MakeCases(int test, int thread, int count) {
  std::vector<std::unique_ptr<LaunchCase>> cases;
  for (int i = 0; i < count; ++i) {
    cases.push_back(std::make_unique<LaunchCase>(Seed(test, thread, i)));
  }
  return cases;
}

// The harness can fail: a case that was never launched keeps its poisoned out and is reported.
TEST(LaunchCaseTest, CheckNoticesARunThatDidNotHappen) {
  for (uint64_t seed = 0; seed < 8; ++seed) {
    LaunchCase never_run(seed);
    EXPECT_NE(never_run.Check(), "") << never_run.name();
  }
}

// Every batch of cases the tests below make covers every operator: the hand-written four and each registry loss in
// each direction.
TEST(LaunchCaseTest, SeedsPickEveryOperator) {
  ASSERT_LE(LaunchOperatorCount(), kCasesPerThread);
  std::set<int> seen;
  std::set<LaunchOperator> kinds;
  for (int index = 0; index < LaunchOperatorCount(); ++index) {
    const LaunchCase launched(Seed(1, 0, index));
    seen.insert(launched.operator_index());
    kinds.insert(launched.op());
  }
  EXPECT_EQ(seen.size(), static_cast<size_t>(LaunchOperatorCount()));
  EXPECT_EQ(kinds.size(), 5u);
}

TEST(ConcurrentLaunchTest, EveryThreadOnItsOwnStreams) {
  Failures failures;
  RunOnThreads(kThreads, [&](int thread) {
    ScopedStream first;
    ScopedStream second;
    std::vector<std::unique_ptr<LaunchCase>> cases = MakeCases(1, thread, kCasesPerThread);
    LaunchAll(cases, [&](int i) { return i % 2 == 0 ? first.get() : second.get(); }, failures);
    if (aclrtSynchronizeStream(first.get()) != ACL_SUCCESS || aclrtSynchronizeStream(second.get()) != ACL_SUCCESS) {
      failures.Add("synchronisation failed: " + TakeErrorMessage());
    }
    CheckAll(cases, failures);
  });
  EXPECT_EQ(failures.Summary(), "");
}

TEST(ConcurrentLaunchTest, ThreadsShareStreams) {
  constexpr int kStreams = 3;
  std::vector<std::unique_ptr<ScopedStream>> streams;
  for (int s = 0; s < kStreams; ++s) {
    streams.push_back(std::make_unique<ScopedStream>());
  }
  Failures failures;
  RunOnThreads(kThreads, [&](int thread) {
    std::vector<std::unique_ptr<LaunchCase>> cases = MakeCases(2, thread, kCasesPerThread);
    LaunchAll(cases, [&](int i) { return streams[(thread + i) % kStreams]->get(); }, failures);
    for (const auto& stream : streams) {
      if (aclrtSynchronizeStream(stream->get()) != ACL_SUCCESS) {
        failures.Add("synchronisation failed: " + TakeErrorMessage());
      }
    }
    CheckAll(cases, failures);
  });
  EXPECT_EQ(failures.Summary(), "");
}

TEST(ConcurrentLaunchTest, DefaultStreamFromManyThreads) {
  Failures failures;
  RunOnThreads(kThreads, [&](int thread) {
    std::vector<std::unique_ptr<LaunchCase>> cases = MakeCases(3, thread, kCasesPerThread / 2);
    LaunchAll(cases, [](int) { return aclrtStream{nullptr}; }, failures);
    if (aclrtSynchronizeStream(nullptr) != ACL_SUCCESS) {
      failures.Add("default stream synchronisation failed: " + TakeErrorMessage());
    }
    CheckAll(cases, failures);
  });
  EXPECT_EQ(failures.Summary(), "");
}

TEST(ConcurrentLaunchTest, RepeatableExecutorsRerunWithNewData) {
  constexpr int kRuns = 6;
  Failures failures;
  RunOnThreads(kThreads, [&](int thread) {
    ScopedStream stream;
    LaunchCase launched(Seed(4, thread, thread));  // Index = thread: the threads cover all four operators.
    if (launched.Prepare(/*repeatable=*/true) != 0) {
      failures.Add(launched.name() + ": phase 1 failed: " + TakeErrorMessage());
      return;
    }
    for (int run = 0; run < kRuns; ++run) {
      launched.Refill(Seed(4, thread, run + 1));
      if (launched.Run(stream.get()) != 0 || aclrtSynchronizeStream(stream.get()) != ACL_SUCCESS) {
        failures.Add(launched.name() + ": run " + std::to_string(run) + " failed: " + TakeErrorMessage());
        continue;
      }
      const std::string mismatch = launched.Check();
      if (!mismatch.empty()) {
        failures.Add("run " + std::to_string(run) + ": " + mismatch);
      }
    }
    if (launched.DestroyExecutor() != 0) {
      failures.Add(launched.name() + ": aclDestroyAclOpExecutor failed: " + TakeErrorMessage());
    }
  });
  EXPECT_EQ(failures.Summary(), "");
}

TEST(ConcurrentLaunchTest, DeviceSynchronisationAndStreamChurnDuringLaunches) {
  std::atomic<bool> done{false};
  Failures failures;
  RunOnThreads(kThreads + 1, [&](int thread) {
    if (thread == kThreads) {
      // Meanwhile: synchronise the device and create and destroy streams with work on them, until the launching
      // threads finish. Every launch here is checked too.
      for (int round = 0; !done.load(); ++round) {
        ScopedStream transient;
        LaunchCase launched(Seed(5, thread, round));
        if (launched.Launch(transient.get()) != 0) {
          failures.Add(launched.name() + ": launch failed: " + TakeErrorMessage());
        }
        if (aclrtSynchronizeDevice() != ACL_SUCCESS) {
          failures.Add("aclrtSynchronizeDevice failed: " + TakeErrorMessage());
        }
        const std::string mismatch = launched.Check();
        if (!mismatch.empty()) {
          failures.Add(mismatch);
        }
      }
      return;
    }
    ScopedStream stream;
    std::vector<std::unique_ptr<LaunchCase>> cases = MakeCases(6, thread, kCasesPerThread);
    LaunchAll(cases, [&](int) { return stream.get(); }, failures);
    if (aclrtSynchronizeStream(stream.get()) != ACL_SUCCESS) {
      failures.Add("synchronisation failed: " + TakeErrorMessage());
    }
    CheckAll(cases, failures);
    if (thread == 0) {
      done.store(true);
    }
  });
  EXPECT_EQ(failures.Summary(), "");
}

// DECISIONS 8 under concurrency, in both modes. Strict: a failing run is reported once, by its own stream, to the
// synchronising thread, naming its own bad target. Default: every run succeeds. Either way the bad rows count as
// nothing and the other streams and threads are unaffected.
void RunWithBadTargets(bool strict) {
  std::optional<ScopedStrictMode> strict_mode;
  if (strict) strict_mode.emplace();
  Failures failures;
  RunOnThreads(kThreads, [&](int thread) {
    ScopedStream stream;
    const int64_t bad_target = 100 + thread;
    std::vector<std::unique_ptr<LaunchCase>> cases;
    int index = 0;
    while (cases.size() < 4) {
      auto launched = std::make_unique<LaunchCase>(Seed(7, thread, index++));
      if (launched->is_nll()) {
        cases.push_back(std::move(launched));
      }
    }
    cases[1]->BreakTarget(bad_target);
    LaunchAll(cases, [&](int) { return stream.get(); }, failures);
    const std::string where = "thread " + std::to_string(thread) + ": ";
    if (!strict) {
      if (aclrtSynchronizeStream(stream.get()) != ACL_SUCCESS) {
        failures.Add(where + "a tolerated bad target failed the run: " + TakeErrorMessage());
      }
      CheckAll(cases, failures);
      return;
    }
    if (aclrtSynchronizeStream(stream.get()) == ACL_SUCCESS) {
      failures.Add(where + "the bad target was not reported");
    }
    const std::string message = TakeErrorMessage();
    if (message.find("= " + std::to_string(bad_target) + " is outside") == std::string::npos) {
      failures.Add(where + "message does not name target " + std::to_string(bad_target) + ": " + message);
    }
    if (aclrtSynchronizeStream(stream.get()) != ACL_SUCCESS) {
      failures.Add(where + "the failure was reported twice: " + TakeErrorMessage());
    }
    CheckAll(cases, failures);
  });
  EXPECT_EQ(failures.Summary(), "");
}

TEST(ConcurrentLaunchTest, BadTargetsAreToleratedByDefault) { RunWithBadTargets(/*strict=*/false); }

TEST(ConcurrentLaunchTest, StrictModeRunFailuresStayWithTheirStream) { RunWithBadTargets(/*strict=*/true); }

}  // namespace
}  // namespace openaclnn::test
