#include "backend/cpu/exp_table16.h"

#include <cstdint>
#include <new>

#include "backend/cpu/det_math.h"
#include "core/half.h"

namespace openaclnn::cpu {
namespace {

constexpr int kEntries = 1 << 16;

// Kept for the life of the process (never freed: a stream's worker may still read it while the process exits).
const float* BuildTable(bool bfloat16) {
  auto* table = new (std::nothrow) float[kEntries];
  if (table == nullptr) {
    return nullptr;
  }
  for (int bits = 0; bits < kEntries; ++bits) {
    const auto pattern = static_cast<uint16_t>(bits);
    table[bits] = det::ExpF(bfloat16 ? Bf16ToFloat(pattern) : HalfToFloat(pattern));
  }
  return table;
}

}  // namespace

const float* ExpTable16(aclDataType type) {
  switch (type) {
    case ACL_FLOAT16: {
      static const float* const table = BuildTable(false);
      return table;
    }
    case ACL_BF16: {
      static const float* const table = BuildTable(true);
      return table;
    }
    default: return nullptr;
  }
}

}  // namespace openaclnn::cpu
