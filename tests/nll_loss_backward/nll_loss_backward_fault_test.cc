// What phase 1 cannot see: targets outside [0, C) (DECISIONS 8) and empty tensors (DECISIONS 11).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "nll_call.h"
#include "nll_fill.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::test {
namespace {

// Launches call on a fresh stream, once in each mode of DECISIONS 8. By default the synchronisation succeeds; in
// strict mode it fails with a message naming the operator and "target[row] = value", and the next synchronisation
// of the stream is clean. Either way every row is what the reference says (the bad rows all zero) and nothing
// outside out changed.
void ExpectTargetFault(const NllCall& call, const std::string& reported) {
  const std::vector<std::vector<uint8_t>> inputs_before = call.InputStorage();
  auto expect_values = [&] {
    const NllReferenceOutput expected = call.Reference();
    EXPECT_GE(expected.first_bad_row, 0);
    EXPECT_EQ(CompareNllOutput(expected, call.out().Read(), call.spec().self.dtype, call.spec().out.dtype,
                               call.spec().reduction),
              "");
    EXPECT_TRUE(call.out().OutsideViewUntouched());
    EXPECT_EQ(call.InputStorage(), inputs_before);
  };
  {
    SCOPED_TRACE("default mode");
    ScopedStream stream;
    ASSERT_EQ(call.Launch(stream.get()), 0) << TakeErrorMessage();  // Target values are not a phase 1 matter.
    EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
    expect_values();
  }
  SCOPED_TRACE("strict mode");
  ScopedStrictMode strict;
  ScopedStream stream;
  ASSERT_EQ(call.Launch(stream.get()), 0) << TakeErrorMessage();
  TakeErrorMessage();
  EXPECT_NE(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  const std::string message = TakeErrorMessage();
  EXPECT_NE(message.find("aclnnNLLLossBackward"), std::string::npos) << message;
  EXPECT_NE(message.find(reported), std::string::npos) << "expected \"" << reported << "\" in: " << message;
  expect_values();
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << "the failure must be reported once";
}

TEST(NllTargetFault, NoneReportsTheFirstBadRowAndLeavesItZero) {
  NllCall call(MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 4, 4, false, 0));
  FillNll(call, {1, 7, -3, 2}, {1, 2, 3, 4}, {1, 2, 3, 4}, 1);
  ExpectTargetFault(call, "target[1] = 7");
  // Rows 0 and 3 are right, rows 1 and 2 are zero (checked against the reference above, spelled out here).
  const std::vector<double> out = call.out().Read();
  EXPECT_EQ(out[1], -2.0);
  EXPECT_EQ(out[3 * 4 + 2], -12.0);
  for (int i = 4; i < 12; ++i) EXPECT_EQ(out[static_cast<size_t>(i)], 0.0) << i;
}

TEST(NllTargetFault, MeanAndSumReportNegativeTargets) {
  for (int64_t reduction : {1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    NllCall call(MakeNllSpec(ACL_FLOAT16, ACL_INT32, ACL_BF16, 3, 5, false, reduction));
    FillNll(call, {2, -5, 9}, {2}, {1, 2, 3, 4, 5}, 4);
    ExpectTargetFault(call, "target[1] = -5");
  }
}

TEST(NllTargetFault, OneDimensionalSelf) {
  for (int64_t reduction : {0, 1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    NllCall call(MakeNllSpec(ACL_BF16, ACL_INT64, ACL_FLOAT, 1, 6, true, reduction));
    FillNll(call, {6}, {1.5}, {1, 1, 1, 1, 1, 1}, 2);
    ExpectTargetFault(call, "target = 6 is outside [0, 6)");  // The 0-D target has no index to name.
  }
}

TEST(NllTargetFault, Uint8TargetsAtOrAboveC) {
  NllCall call(MakeNllSpec(ACL_FLOAT, ACL_UINT8, ACL_FLOAT16, 3, 4, false, 0));
  FillNll(call, {3, 200, 4}, {1, 1, 1}, {1, 2, 3, 4}, 1);
  ExpectTargetFault(call, "target[1] = 200");
}

TEST(NllTargetFault, Uint8TargetIsNotSignExtendedTowardsNegativeIgnoreIndex) {
  // 255 in a UINT8 target is 255, not -1: with ignoreIndex -1 it is an out-of-range target, not an ignored one.
  NllSpec spec = MakeNllSpec(ACL_FLOAT, ACL_UINT8, ACL_FLOAT, 2, 4, false, 0);
  spec.ignore_index = -1;
  NllCall call(spec);
  FillNll(call, {0, 255}, {1, 1}, {1, 2, 3, 4}, 1);
  ExpectTargetFault(call, "target[1] = 255");
}

TEST(NllTargetFault, OutOfRangeIgnoreIndexValuesAreNotFaults) {
  // The same value as ignoreIndex is skipped, in range or not.
  for (int64_t ignore : {int64_t{-100}, int64_t{4}, int64_t{1} << 40}) {
    NllSpec spec = MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 3, 4, false, 2);
    spec.ignore_index = ignore;
    NllCall call(spec);
    FillNll(call, {static_cast<double>(ignore), 1, static_cast<double>(ignore)}, {1}, {1, 2, 3, 4}, 1);
    ScopedStream stream;
    ASSERT_EQ(call.Launch(stream.get()), 0) << TakeErrorMessage();
    EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
    EXPECT_EQ(call.CompareOut(), "") << ignore;
  }
}

TEST(NllTargetFault, LargeValuesAreReportedExactly) {
  NllCall call(MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 2, 3, false, 0));
  FillNll(call, {0, static_cast<double>(int64_t{1} << 40)}, {1, 1}, {1, 1, 1}, 1);
  ExpectTargetFault(call, "target[1] = 1099511627776");
}

TEST(NllTargetFault, FirstBadRowOfALargeBatchIsReported) {
  // However the rows are split over threads, and with every kernel implementation, the lowest bad row is the one
  // reported (the output is 1.5 MiB, enough to be split).
  NllCall call(MakeNllSpec(ACL_FLOAT, ACL_INT32, ACL_FLOAT, 6000, 64, false, 0));
  FillNllPattern(call, 0);
  std::vector<double> target(6000);
  for (size_t n = 0; n < target.size(); ++n) target[n] = static_cast<double>(n % 64);
  target[5000] = 64;
  target[700] = -2;
  target[5999] = 100;
  call.target().Fill(target);
  for (int32_t i = 0; i < openaclnnGetKernelTargetCount(); ++i) {
    const std::string kernel = openaclnnGetKernelTargetName(i);
    ASSERT_EQ(openaclnnSetKernelTarget(kernel.c_str()), 0);
    for (int32_t threads : {1, 3}) {
      SCOPED_TRACE(kernel + " with " + std::to_string(threads) + " threads");
      ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
      ExpectTargetFault(call, "target[700] = -2");
    }
  }
  EXPECT_EQ(openaclnnSetKernelTarget(nullptr), 0);
  EXPECT_EQ(openaclnnSetNumThreads(0), 0);
}

TEST(NllTargetFault, FaultDoesNotStopLaterLaunches) {
  // In strict mode a failed launch is reported by the next synchronisation; a launch queued after it still runs.
  ScopedStrictMode strict;
  ScopedStream stream;
  NllCall bad(MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 2, 3, false, 0));
  NllCall good(MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 5, 6, false, 0));
  FillNll(bad, {5, 0}, {1, 1}, {1, 1, 1}, 1);
  FillNllPattern(good, 1);
  ASSERT_EQ(bad.Launch(stream.get()), 0);
  ASSERT_EQ(good.Launch(stream.get()), 0);
  EXPECT_NE(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_NE(TakeErrorMessage().find("target[0] = 5"), std::string::npos);
  EXPECT_EQ(good.CompareOut(), "");
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
}

TEST(NllTargetFault, SynchronizeDeviceReportsItToo) {
  ScopedStrictMode strict;
  ScopedStream stream;
  NllCall call(MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 2, 3, false, 1));
  FillNll(call, {1, 3}, {1}, {1, 1, 1}, 2);
  ASSERT_EQ(call.Launch(stream.get()), 0);
  TakeErrorMessage();
  EXPECT_NE(aclrtSynchronizeDevice(), ACL_SUCCESS);
  EXPECT_NE(TakeErrorMessage().find("target[1] = 3"), std::string::npos);
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(call.CompareOut(), "");
}

// ---- Empty tensors (DECISIONS 11): success, workspace 0, nothing written ----

void ExpectEmptyRunWritesNothing(const NllCall& call) {
  ScopedStream stream;
  const std::vector<uint8_t> out_before = call.out().Storage();
  uint64_t workspace_size = 99;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(call.GetWorkspaceSize(&workspace_size, &executor), 0) << TakeErrorMessage();
  EXPECT_EQ(workspace_size, 0u);
  ASSERT_NE(executor, nullptr);
  ASSERT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0) << TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS) << TakeErrorMessage();
  EXPECT_EQ(call.out().Storage(), out_before);
}

TEST(NllEmpty, ZeroRows) {
  for (int64_t reduction : {0, 1, 2}) {
    SCOPED_TRACE("reduction " + std::to_string(reduction));
    NllCall call(MakeNllSpec(ACL_FLOAT, ACL_INT64, ACL_FLOAT, 0, 5, false, reduction));
    call.weight().Fill({1, 2, 3, 4, 5});
    ExpectEmptyRunWritesNothing(call);
  }
}

TEST(NllEmpty, ZeroClassesReadsNoTarget) {
  // C = 0: every target is out of range, but nothing is computed, so nothing is reported.
  for (bool one_d : {false, true}) {
    NllCall call(MakeNllSpec(ACL_BF16, ACL_UINT8, ACL_FLOAT16, 3, 0, one_d, 0));
    call.target().Fill(std::vector<double>(static_cast<size_t>(call.target().numel()), 7));
    ExpectEmptyRunWritesNothing(call);
  }
}

TEST(NllEmpty, RepeatableEmptyExecutor) {
  ScopedStream stream;
  NllCall call(MakeNllSpec(ACL_FLOAT16, ACL_INT32, ACL_FLOAT, 0, 0, false, 1));
  uint64_t workspace_size = 5;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(call.GetWorkspaceSize(&workspace_size, &executor), 0) << TakeErrorMessage();
  EXPECT_EQ(workspace_size, 0u);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(executor), 0);
  for (int run = 0; run < 2; ++run) {
    EXPECT_EQ(aclnnNLLLossBackward(nullptr, 0, executor, stream.get()), 0) << TakeErrorMessage();
  }
  EXPECT_EQ(aclrtSynchronizeStream(stream.get()), ACL_SUCCESS);
  EXPECT_EQ(aclDestroyAclOpExecutor(executor), 0);
}

}  // namespace
}  // namespace openaclnn::test
