// The loop every conformance binary runs: the cases the environment selects (conformance_run.h), each made
// from (seed, index, scale), run with its kernel thread count, checked, and on failure reported with the
// command that replays it. Returns what the run covered, for the binary's coverage assertions.
#ifndef OPENACLNN_TESTS_CONFORMANCE_CONFORMANCE_LOOP_H_
#define OPENACLNN_TESTS_CONFORMANCE_CONFORMANCE_LOOP_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>

#include "acl_environment.h"
#include "case_scale.h"
#include "conformance_run.h"
#include "conformance_stats.h"
#include "torch_reference.h"

namespace openaclnn::test {

template <typename Case>
struct CaseKind {
  std::string op;           // The operator's name, for the log.
  bool huge_cases = false;  // The operator writes large outputs with streaming stores.
  std::function<Case(uint64_t seed, int64_t index, CaseScale scale)> make;
  std::function<std::string(const Case& c, bool with_values)> describe;
  // "" when the case passes; with details, every side's results are appended there.
  std::function<std::string(const Case& c, aclrtStream stream, ConformanceStats* stats, std::string* details)>
      check;
};

struct LoopResult {
  ConformanceRun run;
  ConformanceStats stats;
};

inline constexpr int kMaxReportedFailures = 20;

template <typename Case>
LoopResult RunConformanceCases(const CaseKind<Case>& kind) {
  ConfigureTorchForTests();
  LoopResult result{ConformanceRunFromEnvironment(kind.op), {}};
  const ConformanceRun& run = result.run;
  ScopedStream stream;
  int failures = 0;
  for (int64_t index = run.first_case; index < run.first_case + run.case_count; ++index) {
    const CaseScale scale = ScaleOfCase(run.seed, index, kind.huge_cases);
    const int threads = KernelThreadsForCase(run.seed, index, scale);
    if (scale != CaseScale::kSmall) {
      result.stats.Count(std::string(CaseScaleName(scale)) + " case, several kernel threads");
    }
    const Case c = kind.make(run.seed, index, scale);
    // Every other case runs in strict mode (DECISIONS 15): the checks expect a tolerated data fault to succeed by
    // default and to fail the synchronisation in strict mode (openaclnnGetStrictMode tells them which).
    const bool strict = index % 2 == 1;
    if (run.replay) {
      std::printf("%s case, kernel threads %d (0: the default), strict mode %s\n%s", CaseScaleName(scale), threads,
                  strict ? "on" : "off", kind.describe(c, /*with_values=*/scale == CaseScale::kSmall).c_str());
    }
    std::string details;
    std::string report;
    {
      ScopedKernelThreads kernel_threads(threads);
      std::optional<ScopedStrictMode> strict_mode;
      if (strict) strict_mode.emplace();
      // A large case's values would flood the log: only small ones print them.
      const bool print_values = run.replay && scale == CaseScale::kSmall;
      report = kind.check(c, stream.get(), &result.stats, print_values ? &details : nullptr);
    }
    std::printf("%s", details.c_str());
    if (report.empty()) {
      continue;
    }
    ADD_FAILURE() << "case " << index << " (" << CaseScaleName(scale) << ", kernel threads " << threads
                  << (strict ? ", strict mode" : "") << ") failed (replay: " << ReplayCommand(run.seed, index) << ")\n"
                  << kind.describe(c, /*with_values=*/run.replay && scale == CaseScale::kSmall) << report;
    if (++failures >= kMaxReportedFailures) {
      ADD_FAILURE() << "stopping after " << kMaxReportedFailures << " failing cases";
      break;
    }
  }
  std::printf("[conformance] %s summary:\n%s", kind.op.c_str(), result.stats.Summary().c_str());
  return result;
}

// The scales a run of `run`'s length must have reached.
inline void ExpectScalesReached(const LoopResult& result, bool huge_cases) {
  if (result.run.case_count >= kLargeCasePeriod) {
    EXPECT_GT(result.stats.CountOf("large case, several kernel threads"), 0);
  }
  if (huge_cases && result.run.case_count >= kHugeCasePeriod) {
    EXPECT_GT(result.stats.CountOf("huge case, several kernel threads"), 0);
  }
}

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_CONFORMANCE_LOOP_H_
