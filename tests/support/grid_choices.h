// What the operator grid tests vary besides shapes and types: uniform random values, the layouts every operand is
// tried in (contiguous, transposed, padded with a storage offset, zero strides), and the kernel choices (every
// SIMD target and the reference kernels, each with one and two threads) that must all give the same bits.
#ifndef OPENACLNN_TESTS_SUPPORT_GRID_CHOICES_H_
#define OPENACLNN_TESTS_SUPPORT_GRID_CHOICES_H_

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "device_tensor.h"
#include "uniform_values.h"

namespace openaclnn::test {

enum class LayoutKind { kContiguous, kTransposed, kPaddedOffset, kZeroStride };
inline constexpr LayoutKind kAllLayouts[] = {LayoutKind::kContiguous, LayoutKind::kTransposed,
                                             LayoutKind::kPaddedOffset, LayoutKind::kZeroStride};

const char* LayoutName(LayoutKind kind);

// The layout of an operand of `dims`. A zero-stride layout applies to inputs only (out may not alias itself),
// which then read one row for all rows of their first dimension.
Layout LayoutFor(LayoutKind kind, const std::vector<int64_t>& dims, bool is_out);

struct KernelChoice {
  std::string target;
  int threads;
};

// Every kernel target the library reports, each with one and two threads.
std::vector<KernelChoice> KernelChoices();

// A kernel choice for one scope; the defaults are restored at its end.
class KernelChoiceScope {
 public:
  explicit KernelChoiceScope(const KernelChoice& choice);
  ~KernelChoiceScope();
  KernelChoiceScope(const KernelChoiceScope&) = delete;
  KernelChoiceScope& operator=(const KernelChoiceScope&) = delete;
};

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SUPPORT_GRID_CHOICES_H_
