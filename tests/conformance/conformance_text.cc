#include "conformance_text.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace openaclnn::test {

std::string DtypeText(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "FLOAT";
    case ACL_FLOAT16: return "FLOAT16";
    case ACL_BF16: return "BF16";
    case ACL_DOUBLE: return "DOUBLE";
    case ACL_INT64: return "INT64";
    case ACL_INT32: return "INT32";
    case ACL_UINT8: return "UINT8";
    default: return "dtype(" + std::to_string(static_cast<int>(dtype)) + ")";
  }
}

std::string DimsText(const std::vector<int64_t>& dims) {
  std::string text = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    text += (i > 0 ? ", " : "") + std::to_string(dims[i]);
  }
  return text + "]";
}

std::string ValueText(double value) {
  if (std::isnan(value)) {
    return "nan";
  }
  char buffer[40];
  std::snprintf(buffer, sizeof(buffer), "%.9g", value);  // Enough for every float, fp16 and bf16 value.
  if (std::strtod(buffer, nullptr) != value) {
    std::snprintf(buffer, sizeof(buffer), "%.17g", value);
  }
  return buffer;
}

std::string ValuesText(const std::vector<double>& values) {
  std::string text = "{";
  for (size_t i = 0; i < values.size(); ++i) {
    text += (i > 0 ? ", " : "") + ValueText(values[i]);
  }
  return text + "}";
}

const char* ReductionName(int64_t reduction) {
  return reduction == 0 ? "none" : (reduction == 1 ? "mean" : "sum");
}

}  // namespace openaclnn::test
