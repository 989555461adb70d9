// Pinned results: a 64-bit hash of an out storage (the bytes around the view included) compared with the value
// recorded from an earlier implementation, so that a rewrite of an operator's internals shows any change of its
// output bytes. NaN elements count as the canonical NaN (core's one NaN pattern per data type), since the
// implementations may differ only in which NaN they store.
//
// A missing or different entry fails and prints the line to record; OPENACLNN_RECORD_PINNED=1 prints every
// line instead of failing (to write a table for new cases, from an implementation known to be right).
#ifndef OPENACLNN_TESTS_SPEED_PATHS_PINNED_BYTES_H_
#define OPENACLNN_TESTS_SPEED_PATHS_PINNED_BYTES_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "acl/acl_base.h"

namespace openaclnn::test {

using PinnedTable = std::map<std::string, uint64_t>;

// FNV-1a over `storage` read as elements of `dtype`, each NaN replaced by the canonical NaN of that type.
uint64_t PinnedHash(const std::vector<uint8_t>& storage, aclDataType dtype);

// Expects table[label] to be PinnedHash(storage, dtype).
void ExpectPinned(const PinnedTable& table, const std::string& label, const std::vector<uint8_t>& storage,
                  aclDataType dtype);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SPEED_PATHS_PINNED_BYTES_H_
