#include "case_rng.h"

namespace openaclnn::test {
namespace {

// SplitMix64: spreads a seed over the 256-bit state of the generator below.
uint64_t SplitMix(uint64_t* x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t RotateLeft(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

CaseRng::CaseRng(uint64_t seed, int64_t case_index) {
  uint64_t mix = seed ^ (static_cast<uint64_t>(case_index) * 0xD1B54A32D192ED03ull);
  for (uint64_t& word : state_) {
    word = SplitMix(&mix);
  }
}

// xoshiro256**: fast, and the same sequence on every platform (std:: distributions are not).
uint64_t CaseRng::Next() {
  const uint64_t result = RotateLeft(state_[1] * 5, 7) * 9;
  const uint64_t shifted = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= shifted;
  state_[3] = RotateLeft(state_[3], 45);
  return result;
}

int64_t CaseRng::Int(int64_t low, int64_t high) {
  const uint64_t span = static_cast<uint64_t>(high) - static_cast<uint64_t>(low) + 1;
  if (span == 0) {
    return static_cast<int64_t>(Next());  // The whole int64 range.
  }
  return static_cast<int64_t>(static_cast<uint64_t>(low) + Next() % span);
}

double CaseRng::Real(double low, double high) {
  const double unit = static_cast<double>(Next() >> 11) * 0x1.0p-53;
  return low + (high - low) * unit;
}

bool CaseRng::Chance(double probability) { return Real(0.0, 1.0) < probability; }

}  // namespace openaclnn::test
