// The kernel targets this build and CPU offer. A CI stage that emulates a particular CPU names the kernels it
// must see in OPENACLNN_EXPECT_KERNELS (comma-separated, e.g. "SVE,NEON"), so a build that silently lost a SIMD
// target (a disabled target, a dispatch that no longer finds it) fails instead of testing less than it claims.
#include <gtest/gtest.h>

#include <strings.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "openaclnn/openaclnn.h"
#include "path_matrix.h"

namespace openaclnn::test {
namespace {

std::vector<std::string> ExpectedKernels() {
  std::vector<std::string> names;
  const char* value = std::getenv("OPENACLNN_EXPECT_KERNELS");
  std::stringstream list(value != nullptr ? value : "");
  std::string name;
  while (std::getline(list, name, ',')) {
    if (!name.empty()) {
      names.push_back(name);
    }
  }
  return names;
}

TEST(KernelTargetsTest, ReferenceComesFirstAndEveryNameIsSelectable) {
  const std::vector<std::string> targets = KernelTargets();
  ASSERT_FALSE(targets.empty());
  EXPECT_EQ(targets.front(), "reference");
  for (const std::string& target : targets) {
    EXPECT_EQ(openaclnnSetKernelTarget(target.c_str()), 0) << target;
    EXPECT_STRCASEEQ(openaclnnGetKernelTarget(), target.c_str());
  }
  EXPECT_EQ(openaclnnSetKernelTarget(nullptr), 0);
}

TEST(KernelTargetsTest, EveryExpectedKernelIsAvailable) {
  const std::vector<std::string> expected = ExpectedKernels();
  if (expected.empty()) {
    GTEST_SKIP() << "OPENACLNN_EXPECT_KERNELS is not set: no target is required on this CPU";
  }
  const std::vector<std::string> targets = KernelTargets();
  for (const std::string& name : expected) {
    bool found = false;
    for (const std::string& target : targets) {
      found = found || strcasecmp(target.c_str(), name.c_str()) == 0;
    }
    EXPECT_TRUE(found) << "kernel target " << name << " is not available (OPENACLNN_EXPECT_KERNELS)";
  }
}

}  // namespace
}  // namespace openaclnn::test
