// The random source of one conformance case. Each case draws from its own generator, seeded from the run's seed
// and the case index only, so any case can be regenerated on its own (OPENACLNN_CONFORMANCE_CASE) without
// replaying the cases before it.
#ifndef OPENACLNN_TESTS_CONFORMANCE_CASE_RNG_H_
#define OPENACLNN_TESTS_CONFORMANCE_CASE_RNG_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace openaclnn::test {

class CaseRng {
 public:
  CaseRng(uint64_t seed, int64_t case_index);

  uint64_t Next();
  // Uniform integer in [low, high] (both inclusive).
  int64_t Int(int64_t low, int64_t high);
  // Uniform double in [low, high).
  double Real(double low, double high);
  // True with the given probability.
  bool Chance(double probability);

  template <typename T>
  const T& Pick(const std::vector<T>& choices) {
    return choices[static_cast<size_t>(Int(0, static_cast<int64_t>(choices.size()) - 1))];
  }

 private:
  uint64_t state_[4];
};

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_CASE_RNG_H_
