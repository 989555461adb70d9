#include "path_matrix.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "openaclnn/openaclnn.h"

namespace openaclnn::test {
namespace {

// Index of the first differing byte, or -1.
int64_t FirstDifference(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
  if (a.size() != b.size()) {
    return 0;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) {
      return static_cast<int64_t>(i);
    }
  }
  return -1;
}

}  // namespace

std::vector<std::string> KernelTargets() {
  std::vector<std::string> names;
  const int32_t count = openaclnnGetKernelTargetCount();
  for (int32_t i = 0; i < count; ++i) {
    names.emplace_back(openaclnnGetKernelTargetName(i));
  }
  // Once per process, so a log shows which SIMD kernels this CPU (or emulated CPU) exercised.
  static const bool printed = [&names] {
    std::string list;
    for (const std::string& name : names) {
      list += (list.empty() ? "" : ", ") + name;
    }
    std::printf("[ kernels  ] %s\n", list.c_str());
    return true;
  }();
  (void)printed;
  return names;
}

void ExpectSameOnEveryPath(const std::string& label, bool parallel, const std::function<Outcome()>& run) {
  const std::vector<int32_t> thread_counts = parallel ? std::vector<int32_t>{1, 2, 3, 4} : std::vector<int32_t>{1, 3};
  Outcome baseline;
  bool have_baseline = false;
  bool failed = false;
  for (const int64_t streaming_threshold : {int64_t{-1}, int64_t{0}}) {  // Default (normal stores here), always.
    ASSERT_EQ(openaclnnSetStreamingStoreThreshold(streaming_threshold), 0);
    for (const std::string& target : KernelTargets()) {
      ASSERT_EQ(openaclnnSetKernelTarget(target.c_str()), 0) << target;
      for (const int32_t threads : thread_counts) {
        ASSERT_EQ(openaclnnSetNumThreads(threads), 0);
        Outcome outcome = run();
        const std::string path = label + " [kernels " + target + ", " + std::to_string(threads) + " thread(s), " +
                                 (streaming_threshold == 0 ? "streaming" : "normal") + " stores]";
        if (!have_baseline) {
          baseline = std::move(outcome);
          have_baseline = true;
          continue;
        }
        if (failed) {
          continue;  // One report per call is enough.
        }
        EXPECT_EQ(outcome.status, baseline.status) << path;
        const int64_t at = FirstDifference(outcome.storage, baseline.storage);
        if (at >= 0) {
          ADD_FAILURE() << path << ": storage byte " << at << " is " << static_cast<int>(outcome.storage[at])
                        << ", the reference path wrote " << static_cast<int>(baseline.storage[at]);
        }
        failed = outcome.status != baseline.status || at >= 0;
      }
    }
  }
  EXPECT_EQ(openaclnnSetKernelTarget(nullptr), 0);
  EXPECT_EQ(openaclnnSetNumThreads(0), 0);
  EXPECT_EQ(openaclnnSetStreamingStoreThreshold(-1), 0);
}

}  // namespace openaclnn::test
