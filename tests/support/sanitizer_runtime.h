// Whether a sanitizer's runtime is in this process, asked at run time: the asan preset compiles the test sources
// without sanitizers (OPENACLNN_TEST_SANITIZE=none) but links them with the runtime, so the compiler's
// __SANITIZE_ADDRESS__ says nothing about what a test's allocations go through.
#ifndef OPENACLNN_TESTS_SUPPORT_SANITIZER_RUNTIME_H_
#define OPENACLNN_TESTS_SUPPORT_SANITIZER_RUNTIME_H_

// Weak references: null unless the program was linked with the runtime that defines them.
extern "C" void __asan_init() __attribute__((weak));  // NOLINT(bugprone-reserved-identifier)
extern "C" void __tsan_init() __attribute__((weak));  // NOLINT(bugprone-reserved-identifier)

namespace openaclnn::test {

// AddressSanitizer's or ThreadSanitizer's allocator serves this process: it holds freed memory in quarantine, so
// an address is not handed out again soon and resident memory grows with every allocation by design.
inline bool SanitizerAllocatorRuns() { return __asan_init != nullptr || __tsan_init != nullptr; }

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SUPPORT_SANITIZER_RUNTIME_H_
