// Drawing a launch case's shapes and values from its seed, and naming it: shared by the hand-written cases
// (launch_case.cc) and the registry's pointwise losses (launch_case_pointwise.cc).
#ifndef OPENACLNN_TESTS_CONCURRENCY_LAUNCH_DRAW_H_
#define OPENACLNN_TESTS_CONCURRENCY_LAUNCH_DRAW_H_

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl.h"

namespace openaclnn::test {

inline constexpr double kPoison = 777.0;  // Never a result of these cases.

inline int64_t Draw(std::mt19937_64& rng, int64_t low, int64_t high) {
  return std::uniform_int_distribution<int64_t>(low, high)(rng);
}

inline double Uniform(std::mt19937_64& rng, double low, double high) {
  return std::uniform_real_distribution<double>(low, high)(rng);
}

inline std::vector<double> Values(std::mt19937_64& rng, int64_t count, double low, double high) {
  std::vector<double> values(static_cast<size_t>(count));
  for (double& value : values) {
    value = Uniform(rng, low, high);
  }
  return values;
}

inline const char* TypeName(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "float";
    case ACL_FLOAT16: return "fp16";
    case ACL_BF16: return "bf16";
    case ACL_INT64: return "int64";
    case ACL_INT32: return "int32";
    default: return "uint8";
  }
}

inline std::string DimsText(const std::vector<int64_t>& dims) {
  std::ostringstream text;
  text << "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    text << (i ? "," : "") << dims[i];
  }
  text << "]";
  return text.str();
}

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONCURRENCY_LAUNCH_DRAW_H_
