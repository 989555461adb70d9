// Differential conformance of aclnnBinaryCrossEntropy against PyTorch 1.13 (in double) and the fp64 reference,
// over seeded random cases. The seed is printed; OPENACLNN_CONFORMANCE_SEED / _CASE replay any case
// (docs/TESTING.md).
#include <gtest/gtest.h>

#include "bce_forward_case.h"
#include "bce_forward_check.h"
#include "conformance_loop.h"

namespace openaclnn::test {
namespace {

TEST(BceForwardConformanceTest, MatchesPyTorchAndReference) {
  CaseKind<BceForwardCase> kind;
  kind.op = "aclnnBinaryCrossEntropy";
  kind.huge_cases = false;  // The forward has no streaming stores.
  kind.make = MakeBceForwardCase;
  kind.describe = DescribeBceForwardCase;
  kind.check = CheckBceForwardCase;
  const LoopResult result = RunConformanceCases(kind);
  ExpectScalesReached(result, kind.huge_cases);
  if (result.run.case_count < 2000) {
    return;
  }
  // The generator must keep reaching every kind of case it is meant to produce.
  for (const char* feature :
       {"oracle: PyTorch in double and fp64 reference",
        "oracle: fp64 reference only (x outside [0, 1] or NaN, reduced)",
        "none: elements PyTorch cannot take compared with the reference only", "empty self", "self rank 0",
        "self rank 4", "with weight", "without weight", "broadcast input shape", "zero-stride (broadcast) input",
        "strided or offset input", "strided or offset out", "x in {0, 1} (the -100 clamp)", "reduction none",
        "reduction mean", "reduction sum", "self FLOAT16 -> out BF16"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
}

}  // namespace
}  // namespace openaclnn::test
