// OPENACLNN_NO_REDUCTION_ENUM leaves CANN's global `enum Reduction { None, Mean, Sum }` out, so the header can be
// included after X11 (whose None is a macro) or beside other global names Reduction, Mean and Sum. This file only
// compiles when the opt-out works.
#include <gtest/gtest.h>

#define None 0L  // As X11/X.h defines it.
#define OPENACLNN_NO_REDUCTION_ENUM
#include "aclnnop/aclnn_binary_cross_entropy.h"

// Each of these is a redefinition of a name from the header's enum, at the same (global) scope.
enum class Reduction { kMine };
int Mean() { return 7; }
int Sum() { return 8; }

namespace {

TEST(BinaryCrossEntropyHeaderTest, OptOutLeavesTheGlobalNamesFree) {
  EXPECT_EQ(None, 0L);
  EXPECT_EQ(Mean() + Sum(), 15);
  EXPECT_EQ(static_cast<int>(Reduction::kMine), 0);
  EXPECT_NE(&aclnnBinaryCrossEntropyGetWorkspaceSize, nullptr);
}

}  // namespace
