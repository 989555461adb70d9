#include "bce_forward_case.h"

#include <vector>

#include "case_rng.h"
#include "conformance_text.h"

namespace openaclnn::test {
namespace {

// The forward's own draws come from a generator of their own, so the backward's cases stay as they were.
constexpr uint64_t kForwardSalt = 0xB0CEF0A7A2Dull;

}  // namespace

BceForwardCase MakeBceForwardCase(uint64_t seed, int64_t index, CaseScale scale) {
  BceForwardCase c;
  c.base = MakeBceCase(seed, index, scale);
  if (c.base.reduction == 0) {
    c.out = c.base.out;
    return c;
  }
  CaseRng rng(seed ^ kForwardSalt, index);
  c.out.dims = rng.Chance(0.5) ? std::vector<int64_t>{} : std::vector<int64_t>{1};
  c.out.dtype = c.base.out.dtype;
  c.out.layout = RandomOutputLayout(rng, c.out.dims);
  return c;
}

std::string DescribeBceForwardCase(const BceForwardCase& c, bool with_values) {
  const BceCase& base = c.base;
  std::string text = "aclnnBinaryCrossEntropy reduction " + std::to_string(base.reduction) + " (" +
                     ReductionName(base.reduction) + ")" + (base.has_weight ? "" : ", no weight") + "\n";
  text += "  " + DescribeTensor("self", base.self, with_values) + "\n";
  text += "  " + DescribeTensor("target", base.target, with_values) + "\n";
  if (base.has_weight) {
    text += "  " + DescribeTensor("weight", base.weight, with_values) + "\n";
  }
  text += "  " + DescribeTensor("out", c.out, false) + "\n";
  return text;
}

}  // namespace openaclnn::test
