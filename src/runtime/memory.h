// Device and host memory of the CPU backend. Every block is registered, so frees of foreign or already-freed
// pointers are reported instead of corrupting the heap, and tensor extents can be checked against live blocks.
#ifndef OPENACLNN_RUNTIME_MEMORY_H_
#define OPENACLNN_RUNTIME_MEMORY_H_

#include <cstddef>
#include <cstdint>

#include "acl/acl_rt.h"
#include "core/status.h"

namespace openaclnn::runtime {

enum class MemoryKind { kDevice, kHost };

// Blocks of at least this size are mapped separately, 2 MiB aligned, and offered to transparent huge pages.
inline constexpr size_t kLargeBlockBytes = size_t{2} << 20;
// Alignment of every block: a cache line and the widest vector register.
inline constexpr size_t kBlockAlignment = 64;

Status Allocate(const char* api, MemoryKind kind, size_t size, aclrtMemMallocPolicy policy, void** out);
Status Release(const char* api, MemoryKind kind, void* pointer);

// True when [address, address + bytes) lies inside one live block.
bool IsInsideLiveBlock(const void* address, uint64_t bytes);

// Frees every live block (aclFinalize).
void ReleaseAllBlocks();

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_MEMORY_H_
