// How large a conformance case is, and how many kernel threads run it. Almost every case is small, so a run
// covers many data types, shapes, layouts and values quickly. The library only splits a launch over threads
// when each thread gets about 512 KiB of output (or a whole chunk of a reduction), and only writes outputs of
// 16 MiB or more with streaming stores, so small cases never reach those paths: one case in kLargeCasePeriod
// is large enough to be split, and one in kHugeCasePeriod (operators with streaming stores only) has an output
// of at least 16 MiB. Both kinds run with two to four kernel threads, so the threaded paths are compared on a
// machine of any size. Which indices they are depends on the seed alone, so a replay reproduces them.
#ifndef OPENACLNN_TESTS_CONFORMANCE_CASE_SCALE_H_
#define OPENACLNN_TESTS_CONFORMANCE_CASE_SCALE_H_

#include <cstdint>

namespace openaclnn::test {

enum class CaseScale { kSmall, kLarge, kHuge };

inline constexpr int64_t kLargeCasePeriod = 2000;
inline constexpr int64_t kHugeCasePeriod = 10000;
// A huge case's FLOAT output: the library's default streaming-store threshold (16 MiB) and a little more.
inline constexpr int64_t kHugeCaseOutElements = ((int64_t{16} << 20) / 4) + 4099;

// The scale of case `index` of a run. Without huge_cases (operators that never stream), huge indices are large.
CaseScale ScaleOfCase(uint64_t seed, int64_t index, bool huge_cases);

// Kernel threads for a case: 0 (the library's default) for small cases, 2 to 4 otherwise.
int KernelThreadsForCase(uint64_t seed, int64_t index, CaseScale scale);

const char* CaseScaleName(CaseScale scale);

// Sets the library's kernel thread count for a scope (nothing when threads is 0), then restores it.
class ScopedKernelThreads {
 public:
  explicit ScopedKernelThreads(int threads);
  ~ScopedKernelThreads();
  ScopedKernelThreads(const ScopedKernelThreads&) = delete;
  ScopedKernelThreads& operator=(const ScopedKernelThreads&) = delete;

 private:
  int previous_ = 0;
};

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_CASE_SCALE_H_
