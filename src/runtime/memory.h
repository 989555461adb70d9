// Device and host memory of the CPU backend. Every block is registered, so frees of foreign or already-freed
// pointers are reported instead of corrupting the heap, and tensor extents can be checked against live blocks.
#ifndef OPENACLNN_RUNTIME_MEMORY_H_
#define OPENACLNN_RUNTIME_MEMORY_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "acl/acl_rt.h"
#include "core/status.h"

namespace openaclnn::runtime {

enum class MemoryKind { kDevice, kHost };

// Blocks of at least this size are mapped separately, 2 MiB aligned, and offered to transparent huge pages.
inline constexpr size_t kLargeBlockBytes = size_t{2} << 20;
// Alignment of every block: a cache line and the widest vector register.
inline constexpr size_t kBlockAlignment = 64;

Status Allocate(const char* api, MemoryKind kind, size_t size, int32_t policy, void** out);
Status Release(const char* api, MemoryKind kind, void* pointer);

// True when [address, address + bytes) lies inside one live block.
bool IsInsideLiveBlock(const void* address, uint64_t bytes);

struct BlockInfo {
  uintptr_t begin = 0;
  uint64_t bytes = 0;  // What the caller asked for.
  MemoryKind kind = MemoryKind::kDevice;
};

// Where a byte range lies among the blocks, for checked memory mode's verdict and message.
struct ExtentLocation {
  bool inside_live_block = false;
  // Otherwise: the live block that holds its start or is closest to it, if any block is live...
  bool has_nearest = false;
  BlockInfo nearest;
  // ...and, when the range lies inside a block released by aclrtFree/aclrtFreeHost since checked memory mode
  // started recording, that block (the newest such).
  bool has_freed = false;
  BlockInfo freed;
};
ExtentLocation LocateExtent(uintptr_t begin, uint64_t bytes);

// Checked memory mode's verdict on a byte range (core's LiveExtentCheck, core/tensor_checks.h): Ok inside one
// live block, otherwise 161002 naming `api` and `arg`, the range and the released or nearest block.
Status VerifyLiveExtent(std::string_view api, std::string_view arg, uintptr_t begin, uint64_t bytes);

// How many released blocks checked memory mode remembers to explain a use after free.
inline constexpr size_t kRememberedFrees = 256;

// Bytes of aclrtMalloc memory live on a device (each emulated device keeps its own account).
uint64_t DeviceBytesInUse(int32_t device);

// The device of the aclrtMalloc block holding [address, address + bytes), or -1 (host memory, or no block).
int32_t DeviceOfBlock(const void* address, uint64_t bytes);

// Frees every live block (aclFinalize).
void ReleaseAllBlocks();

}  // namespace openaclnn::runtime

#endif  // OPENACLNN_RUNTIME_MEMORY_H_
