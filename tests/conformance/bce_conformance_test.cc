// Differential conformance of aclnnBinaryCrossEntropyBackward against PyTorch 1.13 (and the fp64 reference), over
// seeded random cases. The seed is printed; OPENACLNN_CONFORMANCE_SEED / _CASE replay any case (docs/TESTING.md).
#include <gtest/gtest.h>

#include "bce_case.h"
#include "bce_check.h"
#include "conformance_loop.h"

namespace openaclnn::test {
namespace {

TEST(BceConformanceTest, MatchesPyTorchAndReference) {
  CaseKind<BceCase> kind;
  kind.op = "aclnnBinaryCrossEntropyBackward";
  kind.huge_cases = true;
  kind.make = MakeBceCase;
  kind.describe = DescribeBceCase;
  kind.check = CheckBceCase;
  const LoopResult result = RunConformanceCases(kind);
  ExpectScalesReached(result, kind.huge_cases);
  if (result.run.case_count < 2000) {
    return;
  }
  // The generator must keep reaching every kind of case it is meant to produce.
  for (const char* feature :
       {"oracle: PyTorch, same data types", "oracle: PyTorch in float (upcast)", "empty self", "self rank 0",
        "self rank 4", "with weight", "without weight", "broadcast input shape", "zero-stride (broadcast) input",
        "strided or offset input", "strided or offset out", "out type differs from self", "x in {0, 1}",
        "x NaN", "gradOutput inf or NaN", "reduction mean"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
}

}  // namespace
}  // namespace openaclnn::test
