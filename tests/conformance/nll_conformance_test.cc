// Differential conformance of aclnnNLLLossBackward against PyTorch 1.13 (and the fp64 reference), over seeded
// random cases. The seed is printed; OPENACLNN_CONFORMANCE_SEED / _CASE replay any case (docs/TESTING.md).
#include <gtest/gtest.h>

#include "conformance_loop.h"
#include "nll_case.h"
#include "nll_check.h"

namespace openaclnn::test {
namespace {

TEST(NllConformanceTest, MatchesPyTorchAndReference) {
  CaseKind<NllCase> kind;
  kind.op = "aclnnNLLLossBackward";
  kind.huge_cases = true;
  kind.make = MakeNllCase;
  kind.describe = DescribeNllCase;
  kind.check = CheckNllCase;
  const LoopResult result = RunConformanceCases(kind);
  ExpectScalesReached(result, kind.huge_cases);
  if (result.run.case_count < 2000) {
    return;
  }
  // The generator must keep reaching every kind of case it is meant to produce.
  for (const char* feature :
       {"oracle: PyTorch, same data types", "oracle: PyTorch in float (upcast)",
        "oracle: fp64 reference only (target out of range)", "empty self", "1-D self", "ignoreIndex hits",
        "ignoreIndex outside [0, C)", "strided or offset out", "zero-stride (broadcast) input",
        "strided or offset input", "NaN, inf or -0 input", "PyTorch without weight", "target INT32",
        "target UINT8", "out-of-range target, strict mode", "self BF16 -> out BF16", "self FLOAT16 -> out FLOAT", "self FLOAT -> out BF16"}) {
    EXPECT_GT(result.stats.CountOf(feature), 0) << feature;
  }
}

}  // namespace
}  // namespace openaclnn::test
