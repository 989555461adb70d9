// Text for case descriptions and failure reports.
#ifndef OPENACLNN_TESTS_CONFORMANCE_CONFORMANCE_TEXT_H_
#define OPENACLNN_TESTS_CONFORMANCE_CONFORMANCE_TEXT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_base.h"

namespace openaclnn::test {

std::string DtypeText(aclDataType dtype);             // "FLOAT", "BF16", "INT64", ...
std::string DimsText(const std::vector<int64_t>& dims);  // "[2, 3]"
std::string ValueText(double value);                  // Shortest round-trip text ("-0", "nan", "inf", ...).
std::string ValuesText(const std::vector<double>& values);  // "{1, -0.5, nan}"
const char* ReductionName(int64_t reduction);          // "none", "mean", "sum" (0, 1, 2).

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_CONFORMANCE_TEXT_H_
