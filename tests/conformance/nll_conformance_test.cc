// Differential conformance of aclnnNLLLossBackward against PyTorch 1.13 (and the fp64 reference), over seeded
// random cases. The seed is printed; OPENACLNN_CONFORMANCE_SEED / _CASE replay any case (docs/TESTING.md).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "acl_environment.h"
#include "conformance_run.h"
#include "conformance_stats.h"
#include "nll_case.h"
#include "nll_check.h"
#include "torch_reference.h"

namespace openaclnn::test {
namespace {

constexpr int kMaxReportedFailures = 20;

TEST(NllConformanceTest, MatchesPyTorchAndReference) {
  ConfigureTorchForTests();
  const ConformanceRun run = ConformanceRunFromEnvironment("aclnnNLLLossBackward");
  ScopedStream stream;
  ConformanceStats stats;
  int failures = 0;
  for (int64_t index = run.first_case; index < run.first_case + run.case_count; ++index) {
    const NllCase c = MakeNllCase(run.seed, index);
    if (run.replay) {
      std::printf("%s", DescribeNllCase(c, /*with_values=*/true).c_str());
    }
    std::string details;
    const std::string report = CheckNllCase(c, stream.get(), &stats, run.replay ? &details : nullptr);
    std::printf("%s", details.c_str());
    if (report.empty()) {
      continue;
    }
    ADD_FAILURE() << "case " << index << " failed (replay: " << ReplayCommand(run.seed, index) << ")\n"
                  << DescribeNllCase(c, /*with_values=*/run.replay) << report;
    if (++failures >= kMaxReportedFailures) {
      ADD_FAILURE() << "stopping after " << kMaxReportedFailures << " failing cases";
      break;
    }
  }
  std::printf("[conformance] aclnnNLLLossBackward summary:\n%s", stats.Summary().c_str());
  if (run.case_count < 2000) {
    return;
  }
  // The generator must keep reaching every kind of case it is meant to produce.
  for (const char* feature :
       {"oracle: PyTorch, same data types", "oracle: PyTorch in float (upcast)",
        "oracle: fp64 reference only (target out of range)", "empty self", "1-D self", "ignoreIndex hits",
        "ignoreIndex outside [0, C)", "strided or offset out", "zero-stride (broadcast) input",
        "strided or offset input", "NaN, inf or -0 input", "PyTorch without weight", "target INT32",
        "target UINT8", "self BF16 -> out BF16", "self FLOAT16 -> out FLOAT", "self FLOAT -> out BF16"}) {
    EXPECT_GT(stats.CountOf(feature), 0) << feature;
  }
}

}  // namespace
}  // namespace openaclnn::test
