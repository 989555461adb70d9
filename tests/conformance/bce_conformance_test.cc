// Differential conformance of aclnnBinaryCrossEntropyBackward against PyTorch 1.13 (and the fp64 reference), over
// seeded random cases. The seed is printed; OPENACLNN_CONFORMANCE_SEED / _CASE replay any case (docs/TESTING.md).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "acl_environment.h"
#include "conformance_run.h"
#include "conformance_stats.h"
#include "bce_case.h"
#include "bce_check.h"
#include "torch_reference.h"

namespace openaclnn::test {
namespace {

constexpr int kMaxReportedFailures = 20;

TEST(BceConformanceTest, MatchesPyTorchAndReference) {
  ConfigureTorchForTests();
  const ConformanceRun run = ConformanceRunFromEnvironment("aclnnBinaryCrossEntropyBackward");
  ScopedStream stream;
  ConformanceStats stats;
  int failures = 0;
  for (int64_t index = run.first_case; index < run.first_case + run.case_count; ++index) {
    const BceCase c = MakeBceCase(run.seed, index);
    if (run.replay) {
      std::printf("%s", DescribeBceCase(c, /*with_values=*/true).c_str());
    }
    std::string details;
    const std::string report = CheckBceCase(c, stream.get(), &stats, run.replay ? &details : nullptr);
    std::printf("%s", details.c_str());
    if (report.empty()) {
      continue;
    }
    ADD_FAILURE() << "case " << index << " failed (replay: " << ReplayCommand(run.seed, index) << ")\n"
                  << DescribeBceCase(c, /*with_values=*/run.replay) << report;
    if (++failures >= kMaxReportedFailures) {
      ADD_FAILURE() << "stopping after " << kMaxReportedFailures << " failing cases";
      break;
    }
  }
  std::printf("[conformance] aclnnBinaryCrossEntropyBackward summary:\n%s", stats.Summary().c_str());
  if (run.case_count < 2000) {
    return;
  }
  // The generator must keep reaching every kind of case it is meant to produce.
  for (const char* feature :
       {"oracle: PyTorch, same data types", "oracle: PyTorch in float (upcast)", "empty self", "self rank 0",
        "self rank 4", "with weight", "without weight", "broadcast input shape", "zero-stride (broadcast) input",
        "strided or offset input", "strided or offset out", "out type differs from self", "x in {0, 1}",
        "x NaN", "gradOutput inf or NaN", "reduction mean"}) {
    EXPECT_GT(stats.CountOf(feature), 0) << feature;
  }
}

}  // namespace
}  // namespace openaclnn::test
