// How raw program bytes become API values. Small raw values mean themselves (a dim byte of 3 is 3) and the
// top of each byte range selects boundary values (negative, 2^31, 2^62, INT64_MAX, ...), so random bytes hit
// both the common and the extreme cases. Enum arguments only take values a C caller could pass without
// undefined behaviour in C++ (inside the enum's value range), including ones that are not enumerators.
#ifndef OPENACLNN_FUZZ_VALUE_TABLES_H_
#define OPENACLNN_FUZZ_VALUE_TABLES_H_

#include <cstdint>

#include "acl/acl.h"
#include "program.h"

namespace openaclnn::fuzz {

int64_t DimFromByte(uint8_t raw);
int64_t StrideFromByte(uint8_t raw);
int64_t OffsetFromByte(uint8_t raw);
int64_t ReductionFromByte(uint8_t raw);
int64_t IgnoreIndexFromByte(uint8_t raw);
// Cross entropy's attributes: the reduction string ("none", "mean", "sum", NULL, or a string CANN refuses), the
// label smoothing (valid values and values outside [0, 1]) and lseSquareScaleForZloss.
const char* CrossEntropyReductionFromByte(uint8_t raw);
double LabelSmoothingFromByte(uint8_t raw);
double ZlossScaleFromByte(uint8_t raw);
aclDataType DtypeFromByte(uint8_t raw);
aclFormat FormatFromByte(uint8_t raw);
aclrtMemMallocPolicy PolicyFromByte(uint8_t raw);
// A loss's float parameter: raw / 8 (0, 0.125, ... 27.875) below the special range, then negative, signed-zero,
// NaN, infinite, subnormal and huge values.
float LossParameterFromByte(uint8_t raw);
// aclnnLogit's and aclnnLogitGrad's eps (a double): raw / 512 (0 to about 0.44) below the special range, then
// -1 (CANN's "no eps"), other negative, signed-zero, NaN, infinite, subnormal, tiny and huge values and values at
// and above 0.5, where the clamping interval [eps, 1 - eps] is empty.
double EpsFromByte(uint8_t raw);

// The raw byte that DtypeFromByte / FormatFromByte / IgnoreIndexFromByte map to `value` (for the seed
// generator); 0 if there is none.
uint8_t DtypeByte(aclDataType value);
uint8_t FormatByte(aclFormat value);
uint8_t IgnoreIndexByte(int64_t value);
uint8_t LossParameterByte(float value);
uint8_t EpsByte(double value);

// Interesting element values for FillValues, by index (taken modulo the table size).
double FloatFillValue(uint8_t index);
int64_t IntegerFillValue(uint8_t index);
// The indexes of a few values (for the seed generator).
uint8_t FloatFillIndex(double value);
uint8_t IntegerFillIndex(int64_t value);

}  // namespace openaclnn::fuzz

#endif  // OPENACLNN_FUZZ_VALUE_TABLES_H_
