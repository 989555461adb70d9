#include "case_scale.h"

#include <stdexcept>
#include <string>

#include "case_rng.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::test {
namespace {

// The scale draws come from generators of their own (the seed mixed with these), never from a case's
// generator, so adding large cases left every small case of a seed exactly as it was.
constexpr uint64_t kPeriodSalt = 0x5CA1E0FF5E7ull;
constexpr uint64_t kThreadSalt = 0x7EAD5C0DE5ull;

// The residue of the indices of one kind, drawn from the seed alone.
int64_t Residue(uint64_t seed, uint64_t salt, int64_t period) {
  CaseRng rng(seed ^ salt, period);
  return rng.Int(0, period - 1);
}

}  // namespace

CaseScale ScaleOfCase(uint64_t seed, int64_t index, bool huge_cases) {
  if (index % kHugeCasePeriod == Residue(seed, kPeriodSalt, kHugeCasePeriod)) {
    return huge_cases ? CaseScale::kHuge : CaseScale::kLarge;
  }
  return index % kLargeCasePeriod == Residue(seed, kPeriodSalt, kLargeCasePeriod) ? CaseScale::kLarge
                                                                                 : CaseScale::kSmall;
}

int KernelThreadsForCase(uint64_t seed, int64_t index, CaseScale scale) {
  if (scale == CaseScale::kSmall) {
    return 0;
  }
  CaseRng rng(seed ^ kThreadSalt, index);
  return static_cast<int>(rng.Int(2, 4));  // 3 splits unevenly; 4 is more threads than CI's cores.
}

const char* CaseScaleName(CaseScale scale) {
  switch (scale) {
    case CaseScale::kLarge: return "large";
    case CaseScale::kHuge: return "huge";
    default: return "small";
  }
}

ScopedKernelThreads::ScopedKernelThreads(int threads) {
  if (threads == 0) {
    return;
  }
  previous_ = openaclnnGetNumThreads();
  if (openaclnnSetNumThreads(threads) != 0) {
    throw std::runtime_error("openaclnnSetNumThreads(" + std::to_string(threads) + ") failed");
  }
}

ScopedKernelThreads::~ScopedKernelThreads() {
  if (previous_ != 0) {
    openaclnnSetNumThreads(previous_);
  }
}

}  // namespace openaclnn::test
