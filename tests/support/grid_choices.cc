#include "grid_choices.h"

#include <gtest/gtest.h>

#include "openaclnn/openaclnn.h"

namespace openaclnn::test {

const char* LayoutName(LayoutKind kind) {
  switch (kind) {
    case LayoutKind::kContiguous: return "contiguous";
    case LayoutKind::kTransposed: return "transposed";
    case LayoutKind::kPaddedOffset: return "padded with offset";
    case LayoutKind::kZeroStride: return "zero stride inputs";
  }
  return "";
}

Layout LayoutFor(LayoutKind kind, const std::vector<int64_t>& dims, bool is_out) {
  Layout layout;
  switch (kind) {
    case LayoutKind::kContiguous: break;
    case LayoutKind::kTransposed:
      if (dims.size() >= 2) {
        layout.strides = TransposedStrides(dims);
      }
      break;
    case LayoutKind::kPaddedOffset:
      layout.strides = PaddedStrides(dims, 2);
      layout.offset = 5;
      break;
    case LayoutKind::kZeroStride:
      if (!is_out && !dims.empty() && dims[0] > 1) {
        layout.strides = ContiguousStrides(dims);
        layout.strides[0] = 0;
      }
      layout.offset = 1;
      break;
  }
  return layout;
}

std::vector<KernelChoice> KernelChoices() {
  std::vector<KernelChoice> choices;
  for (int32_t i = 0; i < openaclnnGetKernelTargetCount(); ++i) {
    for (int threads : {1, 2}) {
      choices.push_back({openaclnnGetKernelTargetName(i), threads});
    }
  }
  return choices;
}

KernelChoiceScope::KernelChoiceScope(const KernelChoice& choice) {
  EXPECT_EQ(openaclnnSetKernelTarget(choice.target.c_str()), 0) << choice.target;
  EXPECT_EQ(openaclnnSetNumThreads(choice.threads), 0);
}

KernelChoiceScope::~KernelChoiceScope() {
  openaclnnSetKernelTarget(nullptr);
  openaclnnSetNumThreads(0);
}

}  // namespace openaclnn::test
