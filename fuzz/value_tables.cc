#include "value_tables.h"

#include <cmath>
#include <cstddef>
#include <limits>

namespace openaclnn::fuzz {
namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();

// Raw bytes at or above this select a boundary value from a table.
constexpr uint8_t kSpecialStart = 224;

template <typename T, size_t N>
T Pick(const T (&table)[N], unsigned index) {
  return table[index % N];
}

constexpr int64_t kSpecialDims[] = {-1, -2, int64_t{1} << 31, int64_t{1} << 32, int64_t{1} << 62,
                                    kInt64Max, kInt64Min, 1000, 65537, 4096, int64_t{3} << 61};
constexpr int64_t kSpecialStrides[] = {-1, -3, int64_t{1} << 31, int64_t{1} << 40, int64_t{1} << 62,
                                       kInt64Max, kInt64Min, int64_t{1} << 20, 4096, -(int64_t{1} << 62)};
constexpr int64_t kSpecialOffsets[] = {-1, -4, int64_t{1} << 31, int64_t{1} << 62, kInt64Max, kInt64Min, 4096};
constexpr int64_t kSpecialReductions[] = {3, -1, kInt64Max, kInt64Min, 100, int64_t{1} << 32};
constexpr int64_t kSpecialIgnoreIndexes[] = {kInt64Min, kInt64Max, int64_t{1} << 40, -101, 255, 256};
constexpr float kSpecialLossParameters[] = {-1.0f,
                                            -0.0f,
                                            std::numeric_limits<float>::quiet_NaN(),
                                            std::numeric_limits<float>::infinity(),
                                            -std::numeric_limits<float>::infinity(),
                                            std::numeric_limits<float>::denorm_min(),
                                            std::numeric_limits<float>::min(),
                                            std::numeric_limits<float>::max(),
                                            1e-30f,
                                            -std::numeric_limits<float>::min(),
                                            1e30f};
constexpr double kSpecialEps[] = {-1.0,
                                  -0.0,
                                  std::numeric_limits<double>::quiet_NaN(),
                                  std::numeric_limits<double>::infinity(),
                                  -std::numeric_limits<double>::infinity(),
                                  1e-6,
                                  std::numeric_limits<double>::denorm_min(),
                                  0.5,
                                  0.75,
                                  1.0,
                                  -1e-6,
                                  1e300,
                                  std::numeric_limits<double>::max()};

// Every aclDataType enumerator the headers define, plus values in the enum's range that are not enumerators.
constexpr aclDataType kDtypes[] = {
    ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT64, ACL_INT32, ACL_UINT8, ACL_INT8, ACL_INT16,
    ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_DOUBLE, ACL_BOOL, ACL_STRING, ACL_COMPLEX64, ACL_COMPLEX128,
    ACL_INT4, ACL_UINT1, ACL_COMPLEX32, ACL_HIFLOAT8, ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E8M0,
    ACL_FLOAT6_E3M2, ACL_FLOAT6_E2M3, ACL_FLOAT4_E2M1, ACL_FLOAT4_E1M2, ACL_DT_UNDEFINED,
    static_cast<aclDataType>(5), static_cast<aclDataType>(14), static_cast<aclDataType>(42),
    static_cast<aclDataType>(63), static_cast<aclDataType>(-2)};

constexpr aclFormat kFormats[] = {
    ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_Z,
    ACL_FORMAT_NC1HWC0_C04, ACL_FORMAT_HWCN, ACL_FORMAT_NDHWC, ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_NCDHW,
    ACL_FORMAT_NDC1HWC0, ACL_FRACTAL_Z_3D, ACL_FORMAT_NC, ACL_FORMAT_NCL, ACL_FORMAT_FRACTAL_NZ_C0_16,
    ACL_FORMAT_UNDEFINED, static_cast<aclFormat>(5), static_cast<aclFormat>(60), static_cast<aclFormat>(-7)};

constexpr aclrtMemMallocPolicy kPolicies[] = {
    ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEM_MALLOC_HUGE_ONLY, ACL_MEM_MALLOC_NORMAL_ONLY,
    ACL_MEM_MALLOC_HUGE_FIRST_P2P, ACL_MEM_MALLOC_HUGE_ONLY_P2P, ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
    ACL_MEM_MALLOC_HUGE1G_ONLY, ACL_MEM_MALLOC_HUGE1G_ONLY_P2P, ACL_MEM_TYPE_LOW_BAND_WIDTH,
    ACL_MEM_TYPE_HIGH_BAND_WIDTH, static_cast<aclrtMemMallocPolicy>(0x1002)};

const double kFloatValues[] = {0.0,
                               1.0,
                               -1.0,
                               0.5,
                               2.0,
                               3.1,
                               0.25,
                               0.999,
                               1e-12,
                               -0.0,
                               std::numeric_limits<double>::quiet_NaN(),
                               std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity(),
                               65504.0,
                               1e30,
                               1e-40,
                               1e-7,
                               -3.5};

constexpr int64_t kIntegerValues[] = {0, 1, 2, 3, 4, 5, 6, -100, -1, 7, 255, 2147483647, kInt64Max, kInt64Min};

}  // namespace

int RankFromByte(uint8_t raw) {
  if (raw < kSpecialStart) {
    return raw % 5;  // 0..4: the ranks the operators accept and one more.
  }
  constexpr int kSpecialRanks[] = {5, 8, 9, 16, 32, 33, kMaxFuzzRank};
  return Pick(kSpecialRanks, raw - kSpecialStart);
}

StrideMode StrideModeFromByte(uint8_t raw) {
  return static_cast<StrideMode>(raw % static_cast<uint8_t>(StrideMode::kCount));
}

StorageMode StorageModeFromByte(uint8_t raw) {
  return static_cast<StorageMode>(raw % static_cast<uint8_t>(StorageMode::kCount));
}

int64_t DimFromByte(uint8_t raw) { return raw < kSpecialStart ? raw % 9 : Pick(kSpecialDims, raw - kSpecialStart); }

int64_t StrideFromByte(uint8_t raw) {
  return raw < kSpecialStart ? raw % 13 : Pick(kSpecialStrides, raw - kSpecialStart);
}

int64_t OffsetFromByte(uint8_t raw) {
  return raw < kSpecialStart ? raw % 33 : Pick(kSpecialOffsets, raw - kSpecialStart);
}

int64_t ReductionFromByte(uint8_t raw) {
  return raw < kSpecialStart ? raw % 3 : Pick(kSpecialReductions, raw - kSpecialStart);
}

const char* CrossEntropyReductionFromByte(uint8_t raw) {
  static const char* const kReductions[] = {"none", "mean", "sum", nullptr, "MEAN", ""};
  return kReductions[raw % 6];
}

double LabelSmoothingFromByte(uint8_t raw) {
  static const double kValues[] = {0.0, 0.1, 0.5, 1.0, -0.5, 1.5, std::numeric_limits<double>::quiet_NaN(), 0.25};
  return kValues[raw % 8];
}

double ZlossScaleFromByte(uint8_t raw) {
  static const double kValues[] = {0.0, 0.5, -1.0, 1e-4};
  return kValues[raw % 4];
}

int64_t IgnoreIndexFromByte(uint8_t raw) {
  if (raw == 0) {
    return -100;  // The documents' default.
  }
  return raw < kSpecialStart ? raw % 10 - 2 : Pick(kSpecialIgnoreIndexes, raw - kSpecialStart);
}

float LossParameterFromByte(uint8_t raw) {
  return raw < kSpecialStart ? static_cast<float>(raw) / 8.0f : Pick(kSpecialLossParameters, raw - kSpecialStart);
}

double EpsFromByte(uint8_t raw) {
  return raw < kSpecialStart ? static_cast<double>(raw) / 512.0 : Pick(kSpecialEps, raw - kSpecialStart);
}

aclDataType DtypeFromByte(uint8_t raw) { return Pick(kDtypes, raw); }

aclFormat FormatFromByte(uint8_t raw) { return Pick(kFormats, raw); }

aclrtMemMallocPolicy PolicyFromByte(uint8_t raw) { return Pick(kPolicies, raw); }

uint8_t DtypeByte(aclDataType value) {
  for (size_t i = 0; i < sizeof(kDtypes) / sizeof(kDtypes[0]); ++i) {
    if (kDtypes[i] == value) {
      return static_cast<uint8_t>(i);
    }
  }
  return 0;
}

uint8_t FormatByte(aclFormat value) {
  for (size_t i = 0; i < sizeof(kFormats) / sizeof(kFormats[0]); ++i) {
    if (kFormats[i] == value) {
      return static_cast<uint8_t>(i);
    }
  }
  return 0;
}

uint8_t IgnoreIndexByte(int64_t value) {
  for (int raw = 0; raw < 256; ++raw) {
    if (IgnoreIndexFromByte(static_cast<uint8_t>(raw)) == value) {
      return static_cast<uint8_t>(raw);
    }
  }
  return 0;
}

namespace {

// Equal including the sign of zero, and any NaN matches any NaN: how the seed generator finds a table's byte.
bool SameValue(double a, double b) {
  return (a == b && std::signbit(a) == std::signbit(b)) || (std::isnan(a) && std::isnan(b));
}

// The first raw byte that from_byte maps to value; 0 if there is none.
template <typename T>
uint8_t FirstByteFor(T (*from_byte)(uint8_t), T value) {
  for (int raw = 0; raw < 256; ++raw) {
    if (SameValue(from_byte(static_cast<uint8_t>(raw)), value)) {
      return static_cast<uint8_t>(raw);
    }
  }
  return 0;
}

}  // namespace

uint8_t LossParameterByte(float value) { return FirstByteFor(LossParameterFromByte, value); }

uint8_t EpsByte(double value) { return FirstByteFor(EpsFromByte, value); }

double FloatFillValue(uint8_t index) { return Pick(kFloatValues, index); }

int64_t IntegerFillValue(uint8_t index) { return Pick(kIntegerValues, index); }

uint8_t FloatFillIndex(double value) {
  for (size_t i = 0; i < sizeof(kFloatValues) / sizeof(kFloatValues[0]); ++i) {
    if (SameValue(kFloatValues[i], value)) {
      return static_cast<uint8_t>(i);
    }
  }
  return 0;
}

uint8_t IntegerFillIndex(int64_t value) {
  for (size_t i = 0; i < sizeof(kIntegerValues) / sizeof(kIntegerValues[0]); ++i) {
    if (kIntegerValues[i] == value) {
      return static_cast<uint8_t>(i);
    }
  }
  return 0;
}

}  // namespace openaclnn::fuzz
