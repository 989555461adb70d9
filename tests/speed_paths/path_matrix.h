// Runs one operator call on every execution path the library has (each kernel target: the reference kernels and
// every SIMD target compiled in and supported here; thread counts 1 to 4; streaming stores on and off) and
// expects the same status and the same storage bytes from all of them (DECISIONS 7).
#ifndef OPENACLNN_TESTS_SPEED_PATHS_PATH_MATRIX_H_
#define OPENACLNN_TESTS_SPEED_PATHS_PATH_MATRIX_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace openaclnn::test {

struct Outcome {
  int32_t status = 0;             // What aclrtSynchronizeStream returned (phase-1 failures fail the test).
  std::vector<uint8_t> storage;   // out's whole storage, the bytes around the view included.
};

// "reference" first, then the SIMD targets, best first.
std::vector<std::string> KernelTargets();

// Calls run() once per path and compares each outcome with the first (reference kernels, one thread, normal
// stores). `parallel`: the call is large enough to use several threads, so every count from 1 to 4 is run;
// otherwise 1 and 3 suffice. Restores the default settings afterwards.
void ExpectSameOnEveryPath(const std::string& label, bool parallel, const std::function<Outcome()>& run);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SPEED_PATHS_PATH_MATRIX_H_
