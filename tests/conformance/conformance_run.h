// Which cases a conformance binary runs, from the environment:
//   OPENACLNN_CONFORMANCE_SEED=<n>   the run's seed (default: a fresh random seed, printed)
//   OPENACLNN_CONFORMANCE_CASES=<n>  how many cases per operator (default 10000)
//   OPENACLNN_CONFORMANCE_CASE=<i>   run only case i of that seed, and print it in full (replay)
#ifndef OPENACLNN_TESTS_CONFORMANCE_CONFORMANCE_RUN_H_
#define OPENACLNN_TESTS_CONFORMANCE_CONFORMANCE_RUN_H_

#include <cstdint>
#include <string>

namespace openaclnn::test {

inline constexpr int64_t kDefaultConformanceCases = 10000;

struct ConformanceRun {
  uint64_t seed = 0;
  int64_t first_case = 0;
  int64_t case_count = kDefaultConformanceCases;
  bool replay = false;  // One case, printed in full.
};

// Reads the environment and prints the seed and the replay command for `op` (e.g. "NLL").
ConformanceRun ConformanceRunFromEnvironment(const std::string& op);

// "OPENACLNN_CONFORMANCE_SEED=<seed> OPENACLNN_CONFORMANCE_CASE=<index>"
std::string ReplayCommand(uint64_t seed, int64_t case_index);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_CONFORMANCE_RUN_H_
