// Differential conformance of aclnnNLLLoss against PyTorch 1.13 (in double) and the fp64 reference, over seeded
// random cases. The seed is printed; OPENACLNN_CONFORMANCE_SEED / _CASE replay any case (docs/TESTING.md).
#include <gtest/gtest.h>

#include "conformance_loop.h"
#include "nll_forward_case.h"
#include "nll_forward_check.h"

namespace openaclnn::test {
namespace {

TEST(NllForwardConformanceTest, MatchesPyTorchAndReference) {
  CaseKind<NllForwardCase> kind;
  kind.op = "aclnnNLLLoss";
  kind.huge_cases = false;  // The forward writes N values at most: no streaming stores.
  kind.make = MakeNllForwardCase;
  kind.describe = DescribeNllForwardCase;
  kind.check = CheckNllForwardCase;
  const LoopResult result = RunConformanceCases(kind);
  ExpectScalesReached(result, kind.huge_cases);
  if (result.run.case_count < 2000) {
    return;
  }
  // The generator must keep reaching every kind of case it is meant to produce.
  for (const char* feature :
       {"oracle: PyTorch in double and fp64 reference",
        "oracle: fp64 reference only (target out of range or rejected)",
        "C = 0 with targets (phase 1 rejects)", "empty self", "1-D self", "ignoreIndex hits",
        "mean with no row counted (NaN)", "NaN in the self elements not read", "strided or offset out",
        "zero-stride (broadcast) input", "strided or offset input", "target INT32", "target UINT8", "out-of-range target, strict mode",
        "reduction none", "reduction mean", "reduction sum"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
}

}  // namespace
}  // namespace openaclnn::test
