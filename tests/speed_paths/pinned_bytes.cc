#include "pinned_bytes.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace openaclnn::test {
namespace {

// A table line for `label`, the label as adjacent string literals of at most about 70 characters each, split
// before a space, so that the table stays readable.
std::string TableLine(const std::string& label, const char* hash) {
  std::string line = "    {";
  size_t begin = 0;
  while (label.size() - begin > 70) {
    const size_t split = label.rfind(' ', begin + 70);
    const size_t end = split == std::string::npos || split <= begin ? label.size() : split;
    line += "\"" + label.substr(begin, end - begin) + "\"\n     ";
    begin = end;
  }
  return line + "\"" + label.substr(begin) + "\", " + hash + "},";
}

bool Recording() {
  const char* value = std::getenv("OPENACLNN_RECORD_PINNED");
  return value != nullptr && std::strcmp(value, "1") == 0;
}

// Element bits with any NaN made the canonical quiet NaN of its type (sign clear, top mantissa bit only).
uint32_t Canonical(uint32_t bits, aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT16: return (bits & 0x7c00u) == 0x7c00u && (bits & 0x03ffu) != 0 ? 0x7e00u : bits;
    case ACL_BF16: return (bits & 0x7f80u) == 0x7f80u && (bits & 0x007fu) != 0 ? 0x7fc0u : bits;
    default: return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu) != 0 ? 0x7fc00000u : bits;
  }
}

}  // namespace

uint64_t PinnedHash(const std::vector<uint8_t>& storage, aclDataType dtype) {
  const size_t bytes = dtype == ACL_FLOAT ? 4 : 2;
  uint64_t hash = 0xcbf29ce484222325ull;
  for (size_t at = 0; at + bytes <= storage.size(); at += bytes) {
    uint32_t bits = 0;
    std::memcpy(&bits, storage.data() + at, bytes);  // Little-endian hosts only, as the library.
    bits = Canonical(bits, dtype);
    for (size_t b = 0; b < bytes; ++b) {
      hash = (hash ^ ((bits >> (8 * b)) & 0xffu)) * 0x100000001b3ull;
    }
  }
  return hash;
}

void ExpectPinned(const PinnedTable& table, const std::string& label, const std::vector<uint8_t>& storage,
                  aclDataType dtype) {
  const uint64_t hash = PinnedHash(storage, dtype);
  char line[64];
  std::snprintf(line, sizeof(line), "0x%016llxull", static_cast<unsigned long long>(hash));
  if (Recording()) {
    std::printf("%s\n", TableLine(label, line).c_str());
    return;
  }
  const auto entry = table.find(label);
  if (entry == table.end()) {
    ADD_FAILURE() << "no pinned result for " << label << "; record:\n" << TableLine(label, line);
    return;
  }
  EXPECT_EQ(entry->second, hash) << label << ": the out storage changed (pinned hash differs; now " << line << ")";
}

}  // namespace openaclnn::test
