#include "conformance_run.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <stdexcept>

namespace openaclnn::test {
namespace {

bool ReadUnsigned(const char* name, uint64_t* value) {
  const char* text = std::getenv(name);
  if (text == nullptr || text[0] == '\0') {
    return false;
  }
  char* end = nullptr;
  const unsigned long long parsed = std::strtoull(text, &end, 0);
  if (end == text || *end != '\0') {
    throw std::invalid_argument(std::string(name) + " must be a non-negative integer, got '" + text + "'");
  }
  *value = parsed;
  return true;
}

uint64_t FreshSeed() {
  std::random_device device;
  const uint64_t entropy = (static_cast<uint64_t>(device()) << 32) ^ device();
  const auto now = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  return (entropy ^ now) & 0xFFFFFFFFFFFFull;  // 48 bits: short enough to copy from a log.
}

}  // namespace

std::string ReplayCommand(uint64_t seed, int64_t case_index) {
  return "OPENACLNN_CONFORMANCE_SEED=" + std::to_string(seed) +
         " OPENACLNN_CONFORMANCE_CASE=" + std::to_string(case_index);
}

ConformanceRun ConformanceRunFromEnvironment(const std::string& op) {
  ConformanceRun run;
  if (!ReadUnsigned("OPENACLNN_CONFORMANCE_SEED", &run.seed)) {
    run.seed = FreshSeed();
  }
  uint64_t value = 0;
  if (ReadUnsigned("OPENACLNN_CONFORMANCE_CASES", &value)) {
    run.case_count = static_cast<int64_t>(value);
  }
  if (ReadUnsigned("OPENACLNN_CONFORMANCE_CASE", &value)) {
    run.first_case = static_cast<int64_t>(value);
    run.case_count = 1;
    run.replay = true;
  }
  std::printf("[conformance] %s: seed %llu, cases %lld..%lld. Replay one case with "
              "OPENACLNN_CONFORMANCE_SEED=%llu OPENACLNN_CONFORMANCE_CASE=<index> <this test binary>\n",
              op.c_str(), static_cast<unsigned long long>(run.seed), static_cast<long long>(run.first_case),
              static_cast<long long>(run.first_case + run.case_count - 1),
              static_cast<unsigned long long>(run.seed));
  std::fflush(stdout);
  return run;
}

}  // namespace openaclnn::test
